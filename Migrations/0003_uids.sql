-- Every event that is not an edited occurrence gets an iCalendar UID, stable across exports, by which an
-- import of the same file updates events instead of adding them again.
ALTER TABLE events ADD COLUMN uid TEXT;
UPDATE events SET uid = lower(hex(randomblob(16))) || '@cal' WHERE parent_id IS NULL;
CREATE UNIQUE INDEX events_by_uid ON events (uid) WHERE parent_id IS NULL;
-- The extra dates (RDATE) of a series are child rows without a recurrence_day.
CREATE INDEX events_children ON events (parent_id) WHERE parent_id IS NOT NULL;
