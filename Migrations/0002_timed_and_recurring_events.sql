-- Times, spans, time zones, locations and recurrence; exceptions and edited occurrences of a series.

ALTER TABLE events ADD COLUMN start_minute INTEGER CHECK (start_minute BETWEEN 0 AND 1439); -- NULL: all day
ALTER TABLE events ADD COLUMN length_minutes INTEGER CHECK (length_minutes > 0);          -- timed events
ALTER TABLE events ADD COLUMN end_day TEXT CHECK (end_day >= day);                         -- all-day spans, inclusive
ALTER TABLE events ADD COLUMN time_zone TEXT;                                              -- NULL: the user's clock
ALTER TABLE events ADD COLUMN location TEXT;
ALTER TABLE events ADD COLUMN rrule TEXT;                                                  -- RFC 5545 RRULE
-- Derived when the row is written, so that a window's events can be found without expanding anything:
-- how many days after `day` one occurrence reaches, and the last day any occurrence covers (NULL: never ends).
ALTER TABLE events ADD COLUMN span_days INTEGER NOT NULL DEFAULT 0 CHECK (span_days >= 0);
ALTER TABLE events ADD COLUMN last_day TEXT;
-- An edited occurrence of a series is a row of its own that replaces the parent's occurrence on recurrence_day.
ALTER TABLE events ADD COLUMN parent_id INTEGER REFERENCES events (id) ON DELETE CASCADE;
ALTER TABLE events ADD COLUMN recurrence_day TEXT;

UPDATE events SET last_day = day;

-- Occurrences removed from a series (EXDATE).
CREATE TABLE event_exceptions (
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  day      TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  PRIMARY KEY (event_id, day)
) WITHOUT ROWID;

-- One-day events on the user's clock, the great majority: found by day alone.
DROP INDEX events_by_day;
CREATE INDEX events_simple ON events (day) WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL;
-- Series, spans and zoned events: few, read whole and expanded.
CREATE INDEX events_other ON events (day) WHERE rrule IS NOT NULL OR span_days <> 0 OR time_zone IS NOT NULL;
CREATE INDEX events_overrides ON events (recurrence_day) WHERE parent_id IS NOT NULL;
CREATE INDEX event_exceptions_by_day ON event_exceptions (day);
