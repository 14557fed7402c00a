-- Reminders: when `cal remind` tells the user about an event, and which reminders it has already told.

-- An event's reminders: an offset in seconds from the start or the end of each occurrence (negative: before
-- it), or one instant. An all-day event's start and end are taken at day_minute on the user's clock (NULL:
-- 09:00).
CREATE TABLE reminders (
  id             INTEGER PRIMARY KEY AUTOINCREMENT, -- deliveries refer to it, so it is never reused
  event_id       INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  relative_to    TEXT    NOT NULL CHECK (relative_to IN ('start', 'end', 'instant')),
  offset_seconds INTEGER CHECK (abs(offset_seconds) <= 315537897600),
  at             INTEGER CHECK (at BETWEEN -62135596800 AND 253402300799), -- Unix seconds, years 1 to 9999
  day_minute     INTEGER CHECK (day_minute BETWEEN 0 AND 1439),
  created_at     INTEGER NOT NULL, -- Unix milliseconds: a reminder is never due before it was set
  CHECK ((relative_to = 'instant') = (at IS NOT NULL)),
  CHECK ((relative_to = 'instant') = (offset_seconds IS NULL))
);

CREATE INDEX reminders_by_event ON reminders (event_id);

-- Each reminder of each occurrence is told once: a row here, written in the same transaction that decides
-- to tell it, says it was (or that it was missed). Keyed by the time it was due, so that an event moved to
-- a later time reminds again. Rows older than any run looks back are removed, so the table stays small and
-- needs no index but its key.
CREATE TABLE reminder_deliveries (
  reminder_id  INTEGER NOT NULL REFERENCES reminders (id) ON DELETE CASCADE,
  due          INTEGER NOT NULL, -- Unix seconds
  occurrence   TEXT    NOT NULL CHECK (occurrence GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  delivered_at INTEGER NOT NULL, -- Unix milliseconds
  outcome      TEXT    NOT NULL CHECK (outcome IN ('on time', 'late', 'missed')),
  PRIMARY KEY (reminder_id, due)
) WITHOUT ROWID;

-- How far `cal remind` has looked: the next run looks from here (or from a day back, the first time), so
-- that what was due while the machine was off is found once, and nothing older than that.
CREATE TABLE reminder_checks (
  singleton       INTEGER PRIMARY KEY CHECK (singleton = 1),
  checked_through INTEGER NOT NULL -- Unix milliseconds
);
