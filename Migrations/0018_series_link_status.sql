-- One CalDAV resource holds one UID: the edited occurrences of a series kept elsewhere (events with a
-- series_uid) that one resource holds go up and come down together, under the series' UID. What the last
-- sync left of such an event was kept under its own key (the series' UID, a dash and the RECURRENCE-ID's
-- value): it moves to the series' UID, and the next sync reads the resource again, so that the occurrences
-- the sync kept none of (it kept only the first of a resource) come down. Where two resources held
-- occurrences of one series (which RFC 4791 forbids), the first keeps its status and the other is read again
-- as a resource never seen.
UPDATE OR IGNORE sync_items SET etag = NULL, uid = (
  SELECT events.series_uid FROM events
  WHERE events.calendar_id = sync_items.calendar_id AND events.uid = sync_items.uid AND events.parent_id IS NULL)
WHERE href IS NOT NULL AND EXISTS (
  SELECT 1 FROM events
  WHERE events.calendar_id = sync_items.calendar_id AND events.uid = sync_items.uid AND events.parent_id IS NULL
    AND events.series_uid IS NOT NULL);

DELETE FROM sync_items
WHERE href IS NOT NULL AND EXISTS (
  SELECT 1 FROM events
  WHERE events.calendar_id = sync_items.calendar_id AND events.uid = sync_items.uid AND events.parent_id IS NULL
    AND events.series_uid IS NOT NULL);
