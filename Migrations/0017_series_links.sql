-- An edited occurrence of a series cal does not hold (an invitation to one occurrence: a VEVENT with
-- RECURRENCE-ID whose series is not in the file or the CalDAV resource) is an event of its own that keeps
-- the series' UID and the RECURRENCE-ID, which an export and a sync upload write back. Its uid column stays
-- the key cal knows it by (the series' UID, a dash and the RECURRENCE-ID's value, as before), unique in its
-- calendar, for several occurrences of one series may be there, each an event of its own.
ALTER TABLE events ADD COLUMN series_uid TEXT;
-- VALUE=DATE:20240527, 20240527T180000Z, TZID=Europe/Berlin:20240527T200000 or 20240527T200000 (floating).
ALTER TABLE events ADD COLUMN recurrence_id TEXT CHECK ((recurrence_id IS NULL) = (series_uid IS NULL));
-- Few rows: an export finds their zones without reading every event.
CREATE INDEX events_series_links ON events (id) WHERE recurrence_id IS NOT NULL;

-- Such events synced before kept no link, and would go up under their key as a UID of their own: the next
-- sync reads again the resources of those whose key may end in a RECURRENCE-ID's value, and stores the link
-- (an event that matches by chance is read again for nothing).
UPDATE sync_items SET etag = NULL
WHERE href IS NOT NULL AND EXISTS (
  SELECT 1 FROM events
  WHERE events.calendar_id = sync_items.calendar_id AND events.uid = sync_items.uid AND events.parent_id IS NULL
    AND (events.uid GLOB '*-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'
      OR events.uid GLOB '*-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]T[0-9][0-9][0-9][0-9][0-9][0-9]'
      OR events.uid GLOB '*-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]T[0-9][0-9][0-9][0-9][0-9][0-9][Zz]'));
