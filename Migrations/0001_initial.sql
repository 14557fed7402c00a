-- The first schema: events, the month on view, and the history of page turns.

CREATE TABLE events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused, so a script's old id cannot hit a new event
  day        TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  title      TEXT    NOT NULL CHECK (length(trim(title)) > 0),
  note       TEXT,
  created_at INTEGER NOT NULL, -- Unix time in milliseconds
  updated_at INTEGER NOT NULL
);

CREATE INDEX events_by_day ON events (day, id);

-- Exactly one row once the calendar has been moved; absent means "the current month".
CREATE TABLE viewed_month (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  month     TEXT    NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]')
);

CREATE TABLE transitions (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  at         INTEGER NOT NULL, -- Unix time in milliseconds
  kind       TEXT    NOT NULL CHECK (kind IN ('flip', 'goto')),
  direction  TEXT    CHECK (direction IN ('up-left', 'up-right', 'down-right', 'down-left')),
  curl       TEXT    CHECK (curl IN ('curl', 'uncurl')),
  from_month TEXT    NOT NULL CHECK (from_month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  to_month   TEXT    NOT NULL CHECK (to_month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  -- A flip always has a direction and a curl; a jump has neither.
  CHECK ((kind = 'flip' AND direction IS NOT NULL AND curl IS NOT NULL)
      OR (kind = 'goto' AND direction IS NULL AND curl IS NULL))
);
