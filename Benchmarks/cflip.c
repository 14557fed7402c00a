/* `cflip DB flip up-left|down-right` and `cflip DB add DAY TITLE`: the C floor of `cal flip` and `cal add`.
 * Each is the same one BEGIN IMMEDIATE transaction `cal` commits, with WAL and synchronous = FULL (so one
 * fsync of the log per commit), followed by what `cal` prints: the new page with its marks, or the event.
 * Like `cal`, it first makes the connection's TEMP triggers (Sources/CalStorage/Repositories/EventTriggers.swift,
 * the same text): the writer keeps simple_days and checks events' calendars. */
#include "cfloor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Runs `sql` with texts[i] bound to ?(i + 1) and `at` to ?(count + 1), printing the row an insert returns. */
static void run(sqlite3 *db, const char *sql, const char *const *texts, int count, long long at) {
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
    fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(db));
    exit(1);
  }
  for (int i = 0; i < count; i++) sqlite3_bind_text(statement, i + 1, texts[i], -1, SQLITE_STATIC);
  if (sqlite3_bind_parameter_count(statement) > count) sqlite3_bind_int64(statement, count + 1, at);
  int code;
  while ((code = sqlite3_step(statement)) == SQLITE_ROW) {
    if (sqlite3_column_count(statement) > 1)
      printf("Added: %s  all day      #%lld  %s\n", sqlite3_column_text(statement, 1),
             sqlite3_column_int64(statement, 0), sqlite3_column_text(statement, 2));
  }
  if (code != SQLITE_DONE) {
    fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(db));
    exit(1);
  }
  sqlite3_finalize(statement);
}

/* The triggers `cal` makes on a connection that writes. */
static const char *const triggers[] = {
    "CREATE TEMP TRIGGER IF NOT EXISTS simple_days_insert AFTER INSERT ON events "
    "WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL BEGIN "
    "INSERT INTO simple_days (day, calendar_id, events) VALUES (new.day, new.calendar_id, 1) "
    "ON CONFLICT (day, calendar_id) DO UPDATE SET events = events + 1; END",
    "CREATE TEMP TRIGGER IF NOT EXISTS simple_days_delete AFTER DELETE ON events "
    "WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL BEGIN "
    "DELETE FROM simple_days WHERE day = old.day AND calendar_id = old.calendar_id AND events = 1; "
    "UPDATE simple_days SET events = events - 1 WHERE day = old.day AND calendar_id = old.calendar_id; END",
    "CREATE TEMP TRIGGER IF NOT EXISTS simple_days_update_old "
    "AFTER UPDATE OF day, rrule, span_days, time_zone, calendar_id ON events "
    "WHEN old.rrule IS NULL AND old.span_days = 0 AND old.time_zone IS NULL BEGIN "
    "DELETE FROM simple_days WHERE day = old.day AND calendar_id = old.calendar_id AND events = 1; "
    "UPDATE simple_days SET events = events - 1 WHERE day = old.day AND calendar_id = old.calendar_id; END",
    "CREATE TEMP TRIGGER IF NOT EXISTS simple_days_update_new "
    "AFTER UPDATE OF day, rrule, span_days, time_zone, calendar_id ON events "
    "WHEN new.rrule IS NULL AND new.span_days = 0 AND new.time_zone IS NULL BEGIN "
    "INSERT INTO simple_days (day, calendar_id, events) VALUES (new.day, new.calendar_id, 1) "
    "ON CONFLICT (day, calendar_id) DO UPDATE SET events = events + 1; END",
    "CREATE TEMP TRIGGER IF NOT EXISTS events_calendar_insert BEFORE INSERT ON events "
    "WHEN NOT EXISTS (SELECT 1 FROM calendars WHERE id = new.calendar_id) BEGIN "
    "SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: events.calendar_id'); END",
    "CREATE TEMP TRIGGER IF NOT EXISTS events_calendar_update BEFORE UPDATE OF calendar_id ON events "
    "WHEN NOT EXISTS (SELECT 1 FROM calendars WHERE id = new.calendar_id) BEGIN "
    "SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: events.calendar_id'); END",
    "CREATE TEMP TRIGGER IF NOT EXISTS calendars_delete BEFORE DELETE ON calendars "
    "WHEN EXISTS (SELECT 1 FROM events WHERE calendar_id = old.id AND parent_id IS NULL) BEGIN "
    "SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: the calendar still holds events'); END",
};

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: cflip DB flip up-left|down-right | cflip DB add DAY TITLE\n");
    return 2;
  }
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  long long at = (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
  sqlite3 *db = floor_open(argv[1]);
  for (size_t i = 0; i < sizeof triggers / sizeof *triggers; i++) floor_exec(db, triggers[i]);
  if (strcmp(argv[2], "add") == 0 && argc >= 5) {
    floor_exec(db, "BEGIN IMMEDIATE");
    run(db,
        "INSERT INTO events (day, title, note, location, start_minute, length_minutes, end_day, time_zone, rrule, "
        "span_days, last_day, parent_id, recurrence_day, created_at, updated_at, uid) "
        "VALUES (?1, ?2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, ?1, NULL, NULL, ?3, ?3, "
        "lower(hex(randomblob(16))) || '@cal') RETURNING id, day, title, uid",
        (const char *[]){argv[3], argv[4]}, 2, at);
    floor_exec(db, "COMMIT");
  } else {
    int forward = strncmp(argv[3], "up", 2) == 0;
    floor_exec(db, "BEGIN IMMEDIATE");
    int from = floor_viewed_month(db);
    if (from < 0) from = 2024 * 12 + 4;
    int to = from + (forward ? 1 : -1);
    char from_text[16], to_text[16];
    snprintf(from_text, sizeof from_text, "%04d-%02d", from / 12, from % 12 + 1);
    snprintf(to_text, sizeof to_text, "%04d-%02d", to / 12, to % 12 + 1);
    run(db,
        "INSERT INTO viewed_month (singleton, month) VALUES (1, ?1) "
        "ON CONFLICT (singleton) DO UPDATE SET month = excluded.month",
        (const char *[]){to_text}, 1, at);
    run(db,
        "INSERT INTO transitions (at, kind, direction, curl, from_month, to_month) "
        "VALUES (?5, 'flip', ?1, ?2, ?3, ?4)",
        (const char *[]){argv[3], forward ? "curl" : "uncurl", from_text, to_text}, 4, at);
    floor_exec(db, "COMMIT");
    printf("%s: %s\n", argv[3], forward ? "curl from the bottom edge" : "uncurl from the top edge");
    floor_pages(db, to / 12, to % 12 + 1, 1);
  }
  sqlite3_close(db);
  return 0;
}
