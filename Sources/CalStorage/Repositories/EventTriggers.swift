/// The triggers that keep `simple_days` (how many one-day events each day has) and check the calendar an
/// event belongs to, made by each connection that writes, as TEMP triggers: in the schema, every command
/// would parse them at its first statement, also those that only read (a third of the schema's cost).
enum EventTriggers {
  /// The triggers that keep `simple_days`, which a large import sets aside and counts once at its end.
  static let dayCounts = [
    (
      "simple_days_insert",
      """
      AFTER INSERT ON events
      WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL
      BEGIN
        INSERT INTO simple_days (day, calendar_id, events) VALUES (new.day, new.calendar_id, 1)
        ON CONFLICT (day, calendar_id) DO UPDATE SET events = events + 1;
      END
      """
    ),
    (
      "simple_days_delete",
      """
      AFTER DELETE ON events
      WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL
      BEGIN
        DELETE FROM simple_days WHERE day = old.day AND calendar_id = old.calendar_id AND events = 1;
        UPDATE simple_days SET events = events - 1 WHERE day = old.day AND calendar_id = old.calendar_id;
      END
      """
    ),
    (
      "simple_days_update_old",
      """
      AFTER UPDATE OF day, rrule, span_days, time_zone, calendar_id ON events
      WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL
      BEGIN
        DELETE FROM simple_days WHERE day = old.day AND calendar_id = old.calendar_id AND events = 1;
        UPDATE simple_days SET events = events - 1 WHERE day = old.day AND calendar_id = old.calendar_id;
      END
      """
    ),
    (
      "simple_days_update_new",
      """
      AFTER UPDATE OF day, rrule, span_days, time_zone, calendar_id ON events
      WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL
      BEGIN
        INSERT INTO simple_days (day, calendar_id, events) VALUES (new.day, new.calendar_id, 1)
        ON CONFLICT (day, calendar_id) DO UPDATE SET events = events + 1;
      END
      """
    ),
  ]

  /// The foreign key `events.calendar_id` would be, had the column been added with one (a column added to
  /// a table cannot be).
  static let calendarChecks = [
    (
      "events_calendar_insert",
      """
      BEFORE INSERT ON events
      WHEN NOT EXISTS (SELECT 1 FROM calendars WHERE id = new.calendar_id)
      BEGIN
        SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: events.calendar_id');
      END
      """
    ),
    (
      "events_calendar_update",
      """
      BEFORE UPDATE OF calendar_id ON events
      WHEN NOT EXISTS (SELECT 1 FROM calendars WHERE id = new.calendar_id)
      BEGIN
        SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: events.calendar_id');
      END
      """
    ),
    (
      "calendars_delete",
      """
      BEFORE DELETE ON calendars
      WHEN EXISTS (SELECT 1 FROM events WHERE calendar_id = old.id AND parent_id IS NULL)
      BEGIN
        SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: the calendar still holds events');
      END
      """
    ),
  ]

  /// Every one of them: what a connection that writes makes, and a large import sets aside.
  static let all = dayCounts + calendarChecks

  /// Makes `triggers` on `database`'s connection, those it does not have yet.
  static func install(_ triggers: [(String, String)], on database: Database) throws {
    for (name, body) in triggers {
      try database.executeScript("CREATE TEMP TRIGGER IF NOT EXISTS \(name) \(body)")
    }
  }

  /// Removes `triggers` from `database`'s connection.
  static func remove(_ triggers: [(String, String)], from database: Database) throws {
    for (name, _) in triggers { try database.executeScript("DROP TRIGGER IF EXISTS temp.\(name)") }
  }
}
