-- The triggers move out of the schema: every connection that writes makes them again as TEMP triggers
-- (EventTriggers.swift), which no other connection sees or parses. SQLite parses the whole schema when a
-- connection runs its first statement, and these seven were a third of that work in every command, also
-- in the many that only read. What writes to this file without cal (a script, sqlite3) no longer keeps
-- simple_days nor checks events' calendars; cal's own writers all do. Migrations after this one that change
-- events keep simple_days themselves.
DROP TRIGGER IF EXISTS simple_days_insert;
DROP TRIGGER IF EXISTS simple_days_delete;
DROP TRIGGER IF EXISTS simple_days_update_old;
DROP TRIGGER IF EXISTS simple_days_update_new;
DROP TRIGGER IF EXISTS events_calendar_insert;
DROP TRIGGER IF EXISTS events_calendar_update;
DROP TRIGGER IF EXISTS calendars_delete;
