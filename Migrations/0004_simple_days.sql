-- How many one-day events on the user's clock each day has, kept by triggers, so that marking the days of a
-- year on a page reads at most 366 small rows instead of seeking through every event of the year.
CREATE TABLE simple_days (
  day    TEXT    PRIMARY KEY NOT NULL,
  events INTEGER NOT NULL CHECK (events > 0)
) WITHOUT ROWID;

INSERT INTO simple_days (day, events)
SELECT day, count(*) FROM events WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL GROUP BY day;

CREATE TRIGGER simple_days_insert AFTER INSERT ON events
WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL
BEGIN
  INSERT INTO simple_days (day, events) VALUES (new.day, 1)
  ON CONFLICT (day) DO UPDATE SET events = events + 1;
END;

CREATE TRIGGER simple_days_delete AFTER DELETE ON events
WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL
BEGIN
  DELETE FROM simple_days WHERE day = old.day AND events = 1;
  UPDATE simple_days SET events = events - 1 WHERE day = old.day;
END;

CREATE TRIGGER simple_days_update_old AFTER UPDATE OF day, rrule, span_days, time_zone ON events
WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL
BEGIN
  DELETE FROM simple_days WHERE day = old.day AND events = 1;
  UPDATE simple_days SET events = events - 1 WHERE day = old.day;
END;

CREATE TRIGGER simple_days_update_new AFTER UPDATE OF day, rrule, span_days, time_zone ON events
WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL
BEGIN
  INSERT INTO simple_days (day, events) VALUES (new.day, 1)
  ON CONFLICT (day) DO UPDATE SET events = events + 1;
END;
