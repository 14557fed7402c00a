-- What an event's iCalendar source holds that cal does not read (attendees, the organizer, categories,
-- status, URLs, attachments, other products' X- properties, alarms that are no reminders) was dropped on
-- import, and so lost from a server's copy once cal sent up its own edit of the event. It is now kept with
-- the event, its content lines as they came (unfolded, one a line), and written back by export and sync;
-- NULL when there are none, and for every event imported before this migration.
ALTER TABLE events ADD COLUMN kept_lines TEXT;

-- Events that came from a server before hold none: the next sync reads every resource again, as if each had
-- changed there, so that their lines come down before an edit of theirs goes up. An event changed here since
-- the last sync whose server copy holds such lines is then changed on both sides: a conflict, the server's
-- version kept and the local one as a copy. A feed is read again whole.
UPDATE sync_items SET etag = NULL WHERE href IS NOT NULL;
UPDATE calendars SET sync_token = NULL, ctag = NULL WHERE kind <> 'local';
