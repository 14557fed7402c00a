-- Several calendars in one file: local ones, CalDAV collections kept in sync, and read-only subscriptions to
-- iCalendar feeds. Every event belongs to one; the events there were move to `personal`.

CREATE TABLE calendars (
  id               INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: sync state refers to it
  name             TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
  color            TEXT,    -- a colour name (blue) or #rrggbb
  kind             TEXT    NOT NULL DEFAULT 'local' CHECK (kind IN ('local', 'caldav', 'subscription')),
  url              TEXT,    -- the CalDAV collection, or the feed
  user_name        TEXT,    -- the CalDAV account; the password is never stored
  password_command TEXT,    -- run at sync time to get the password
  sync_token       TEXT,    -- CalDAV: the RFC 6578 token of the last complete sync
  ctag             TEXT,    -- CalDAV: the collection's getctag then; a feed: its ETag or Last-Modified
  synced_at        INTEGER, -- Unix milliseconds of the last complete sync
  CHECK ((kind = 'local') = (url IS NULL))
);

INSERT INTO calendars (id, name) VALUES (1, 'personal');

-- SQLite cannot add a column with REFERENCES and a default other than NULL, so the reference is kept by the
-- triggers below: an event always belongs to a calendar that exists.
ALTER TABLE events ADD COLUMN calendar_id INTEGER NOT NULL DEFAULT 1;

CREATE TRIGGER events_calendar_insert BEFORE INSERT ON events
WHEN NOT EXISTS (SELECT 1 FROM calendars WHERE id = new.calendar_id)
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: events.calendar_id');
END;

CREATE TRIGGER events_calendar_update BEFORE UPDATE OF calendar_id ON events
WHEN NOT EXISTS (SELECT 1 FROM calendars WHERE id = new.calendar_id)
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: events.calendar_id');
END;

CREATE TRIGGER calendars_delete BEFORE DELETE ON calendars
WHEN EXISTS (SELECT 1 FROM events WHERE calendar_id = old.id AND parent_id IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: the calendar still holds events');
END;

-- A UID is unique within a calendar, not across them: the same event may sit in two calendars synced from
-- two servers. The index also finds a calendar's events.
DROP INDEX events_by_uid;
CREATE UNIQUE INDEX events_by_uid ON events (calendar_id, uid) WHERE parent_id IS NULL;

-- The per-day counts of one-day events, now per calendar too, so that a page shown for one calendar marks
-- only its days.
DROP TRIGGER simple_days_insert;
DROP TRIGGER simple_days_delete;
DROP TRIGGER simple_days_update_old;
DROP TRIGGER simple_days_update_new;
DROP TABLE simple_days;

CREATE TABLE simple_days (
  day         TEXT    NOT NULL,
  calendar_id INTEGER NOT NULL,
  events      INTEGER NOT NULL CHECK (events > 0),
  PRIMARY KEY (day, calendar_id)
) WITHOUT ROWID;

INSERT INTO simple_days (day, calendar_id, events)
SELECT day, calendar_id, count(*) FROM events WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL
GROUP BY day, calendar_id;

CREATE TRIGGER simple_days_insert AFTER INSERT ON events
WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL
BEGIN
  INSERT INTO simple_days (day, calendar_id, events) VALUES (new.day, new.calendar_id, 1)
  ON CONFLICT (day, calendar_id) DO UPDATE SET events = events + 1;
END;

CREATE TRIGGER simple_days_delete AFTER DELETE ON events
WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL
BEGIN
  DELETE FROM simple_days WHERE day = old.day AND calendar_id = old.calendar_id AND events = 1;
  UPDATE simple_days SET events = events - 1 WHERE day = old.day AND calendar_id = old.calendar_id;
END;

CREATE TRIGGER simple_days_update_old AFTER UPDATE OF day, rrule, span_days, time_zone, calendar_id ON events
WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL
BEGIN
  DELETE FROM simple_days WHERE day = old.day AND calendar_id = old.calendar_id AND events = 1;
  UPDATE simple_days SET events = events - 1 WHERE day = old.day AND calendar_id = old.calendar_id;
END;

CREATE TRIGGER simple_days_update_new AFTER UPDATE OF day, rrule, span_days, time_zone, calendar_id ON events
WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL
BEGIN
  INSERT INTO simple_days (day, calendar_id, events) VALUES (new.day, new.calendar_id, 1)
  ON CONFLICT (day, calendar_id) DO UPDATE SET events = events + 1;
END;

-- What the last sync of a CalDAV calendar left each item as, vdirsyncer's status: per series (by UID) the
-- resource it is on the server (href), the ETag the server gave it then, and a hash of the series as it was
-- here then. A sync compares both sides with this to tell who changed what, and saves each item as soon as
-- it is done, so an interrupted sync picks up where it stopped.
CREATE TABLE sync_items (
  calendar_id INTEGER NOT NULL REFERENCES calendars (id) ON DELETE CASCADE,
  uid         TEXT,    -- NULL: a resource that holds no event cal keeps (a to-do), left alone
  href        TEXT,    -- NULL: an event kept on this side only (the local copy of a conflict)
  etag        TEXT,
  local_hash  INTEGER, -- NULL with an href: not yet stored here
  CHECK (uid IS NOT NULL OR href IS NOT NULL)
);

CREATE UNIQUE INDEX sync_items_by_uid ON sync_items (calendar_id, uid) WHERE uid IS NOT NULL;
CREATE UNIQUE INDEX sync_items_by_href ON sync_items (calendar_id, href) WHERE href IS NOT NULL;
