-- To-dos (RFC 5545's VTODO), as calcurse keeps them beside its appointments and todoman beside khal's events:
-- a title, perhaps a day it is due by (and a time that day, on the user's clock or a zone's), a priority, a
-- note, and whether it is open, done or cancelled. Each belongs to a calendar, as events do; a calendar that
-- holds to-dos is not removed while it does (the service removes them first, where the change log sees it).
-- The checks cost `cal show` 30,000 instructions of schema parsing (1.6%; the table and its index 50,000
-- more): kept, as the events' are, so that another program cannot write what cal would refuse to read.
CREATE TABLE todos (
  id           INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: commands and the change log name it
  calendar_id  INTEGER NOT NULL REFERENCES calendars (id),
  uid          TEXT    NOT NULL,
  title        TEXT    NOT NULL,
  note         TEXT,
  location     TEXT,
  due_day      TEXT    CHECK (due_day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  due_minute   INTEGER CHECK (due_minute BETWEEN 0 AND 1439), -- NULL: due by the end of the day
  time_zone    TEXT,    -- NULL: on the user's own clock
  priority     INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN 0 AND 9), -- RFC 5545: 1 highest, 9 lowest, 0 none
  status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'started', 'done', 'cancelled')),
  completed_at INTEGER, -- Unix milliseconds; set when done
  created_at   INTEGER NOT NULL, -- Unix milliseconds
  updated_at   INTEGER NOT NULL,
  kept_lines   TEXT,    -- what the VTODO held that cal does not read, written back by export (as for events)
  CHECK (due_minute IS NULL OR due_day IS NOT NULL),
  CHECK (time_zone IS NULL OR due_minute IS NOT NULL)
);

CREATE UNIQUE INDEX todos_by_uid ON todos (calendar_id, uid);

-- CalDAV sync carries to-dos from now on. A sync before it set a resource holding only a VTODO aside as
-- holding nothing cal keeps (a status row without UID) and would not read it again until its ETag changed:
-- forgetting those ETags makes the next sync read them again, so that the to-dos already on the server
-- come down.
UPDATE sync_items SET etag = NULL WHERE uid IS NULL AND href IS NOT NULL;
