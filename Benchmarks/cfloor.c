/* See cfloor.h. Dates are day numbers since 1970-01-01 (Howard Hinnant's days_from_civil), as in CalCore. */
#include "cfloor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(sqlite3 *db, const char *what) {
  fprintf(stderr, "%s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
  exit(1);
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) fail(db, sql);
  return statement;
}

void floor_exec(sqlite3 *db, const char *sql) {
  sqlite3_stmt *statement = prepare(db, sql);
  int code;
  while ((code = sqlite3_step(statement)) == SQLITE_ROW) {}
  if (code != SQLITE_DONE) fail(db, sql);
  sqlite3_finalize(statement);
}

sqlite3 *floor_open(const char *path) {
  sqlite3 *db;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) fail(db, path);
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, 5000);
  floor_exec(db, "PRAGMA foreign_keys = ON");
  /* The one look at the schema a careful program needs: which migrations the file has had. */
  floor_exec(db, "SELECT id FROM schema_migrations ORDER BY id");
  floor_exec(db, "PRAGMA journal_mode = WAL");
  int persist = 1;
  sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
  floor_exec(db, "PRAGMA journal_size_limit = 0");
  floor_exec(db, "PRAGMA synchronous = FULL");
  return db;
}

int floor_viewed_month(sqlite3 *db) {
  sqlite3_stmt *statement = prepare(db, "SELECT month FROM viewed_month WHERE singleton = 1");
  int result = -1;
  if (sqlite3_step(statement) == SQLITE_ROW) {
    int year, month;
    if (sscanf((const char *)sqlite3_column_text(statement, 0), "%d-%d", &year, &month) == 2)
      result = year * 12 + month - 1;
  }
  sqlite3_finalize(statement);
  return result;
}

static long days_from_civil(long y, unsigned m, unsigned d) {
  y -= m <= 2;
  long era = (y >= 0 ? y : y - 399) / 400;
  unsigned yoe = (unsigned)(y - era * 400);
  unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + (long)doe - 719468;
}

static void civil_from_days(long z, int *y, int *m, int *d) {
  z += 719468;
  long era = (z >= 0 ? z : z - 146096) / 146097;
  unsigned doe = (unsigned)(z - era * 146097);
  unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  unsigned mp = (5 * doy + 2) / 153;
  *d = (int)(doy - (153 * mp + 2) / 5 + 1);
  *m = (int)(mp < 10 ? mp + 3 : mp - 9);
  *y = (int)(yoe + era * 400 + (*m <= 2));
}

static long parse_day(const unsigned char *text) {
  int y, m, d;
  if (!text || sscanf((const char *)text, "%d-%d-%d", &y, &m, &d) != 3) return 0;
  return days_from_civil(y, (unsigned)m, (unsigned)d);
}

static void format_day(long day, char out[16]) {
  int y, m, d;
  civil_from_days(day, &y, &m, &d);
  snprintf(out, 16, "%04u-%02u-%02u", (unsigned)y % 10000u, (unsigned)m % 100u, (unsigned)d % 100u);
}

static const char *month_names[] = {"January", "February", "March",     "April",   "May",      "June",
                                    "July",    "August",   "September", "October", "November", "December"};

/* Marks marked[day - first] for each day of [first, last] with an event: one-day events from the counts
 * of simple_days, then the series, spans and zoned events of `cal`'s query (read whole; a series is not
 * expanded here, only its start marked, so this is a floor, not a second implementation). */
static void mark(sqlite3 *db, long first, long last, char *marked) {
  char from[16], through[16], search_from[16], search_through[16], skipped_from[16];
  format_day(first, from);
  format_day(last, through);
  format_day(first - 2, search_from);
  format_day(last + 2, search_through);
  format_day(first - 2 - 366, skipped_from);
  sqlite3_stmt *days = prepare(db, "SELECT day FROM simple_days WHERE day BETWEEN ? AND ? ORDER BY day");
  sqlite3_bind_text(days, 1, from, -1, SQLITE_STATIC);
  sqlite3_bind_text(days, 2, through, -1, SQLITE_STATIC);
  while (sqlite3_step(days) == SQLITE_ROW) marked[parse_day(sqlite3_column_text(days, 0)) - first] = 1;
  sqlite3_finalize(days);
  sqlite3_stmt *skipped = prepare(
      db,
      "SELECT event_id, day FROM event_exceptions WHERE day BETWEEN ?1 AND ?2 UNION ALL SELECT parent_id, "
      "recurrence_day FROM events WHERE parent_id IS NOT NULL AND recurrence_day BETWEEN ?1 AND ?2");
  sqlite3_bind_text(skipped, 1, skipped_from, -1, SQLITE_STATIC);
  sqlite3_bind_text(skipped, 2, search_through, -1, SQLITE_STATIC);
  while (sqlite3_step(skipped) == SQLITE_ROW) {}
  sqlite3_finalize(skipped);
  sqlite3_stmt *others = prepare(
      db,
      "SELECT id, day, title, note, location, start_minute, length_minutes, end_day, time_zone, rrule, span_days, "
      "last_day, parent_id, recurrence_day, created_at, updated_at, uid FROM events INDEXED BY events_long "
      "WHERE (rrule IS NOT NULL OR span_days > 7) AND day <= ?1 AND (last_day IS NULL OR last_day >= ?2) "
      "UNION ALL SELECT id, day, title, note, location, start_minute, length_minutes, end_day, time_zone, rrule, "
      "span_days, last_day, parent_id, recurrence_day, created_at, updated_at, uid FROM events INDEXED BY "
      "events_short WHERE rrule IS NULL AND span_days <= 7 AND (span_days <> 0 OR time_zone IS NOT NULL) "
      "AND day BETWEEN ?3 AND ?1 AND last_day >= ?2 ORDER BY day, id");
  char short_from[16];
  format_day(first - 2 - 7, short_from);
  sqlite3_bind_text(others, 1, search_through, -1, SQLITE_STATIC);
  sqlite3_bind_text(others, 2, search_from, -1, SQLITE_STATIC);
  sqlite3_bind_text(others, 3, short_from, -1, SQLITE_STATIC);
  while (sqlite3_step(others) == SQLITE_ROW) {
    long start = parse_day(sqlite3_column_text(others, 1));
    long end = start + sqlite3_column_int64(others, 10);
    for (long day = start < first ? first : start; day <= end && day <= last; day++) marked[day - first] = 1;
  }
  sqlite3_finalize(others);
}

/* Appends the 22 columns of line `line` (0: name, 1: weekdays, 2-7: weeks) of a month's block. */
static char *block_line(char *out, int year, int month, int line, int with_year) {
  if (line == 0) {
    char name[32];
    int length = with_year ? snprintf(name, sizeof name, "%s %d", month_names[month - 1], year)
                           : snprintf(name, sizeof name, "%s", month_names[month - 1]);
    int left = (20 - length) / 2;
    return out + sprintf(out, "%*s%s%*s", left, "", name, 22 - left - length, "");
  }
  if (line == 1) return out + sprintf(out, "Su Mo Tu We Th Fr Sa  ");
  long first = days_from_civil(year, (unsigned)month, 1);
  int weekday = (int)(((first + 4) % 7 + 7) % 7); /* 1970-01-01 was a Thursday */
  int length = (int)(days_from_civil(month == 12 ? year + 1 : year, month == 12 ? 1 : month + 1, 1) - first);
  for (int column = 0; column < 7; column++) {
    int day = (line - 2) * 7 + column - weekday + 1;
    out += day >= 1 && day <= length ? sprintf(out, "%2d ", day) : sprintf(out, "   ");
  }
  return out + sprintf(out, " ");
}

void floor_pages(sqlite3 *db, int year, int month, int count) {
  long first = days_from_civil(year, (unsigned)month, 1);
  int end_year = year + (month - 1 + count) / 12, end_month = (month - 1 + count) % 12 + 1;
  long last = days_from_civil(end_year, (unsigned)end_month, 1) - 1;
  char *marked = calloc((size_t)(last - first + 1), 1);
  if (!marked) fail(NULL, "calloc");
  sqlite3_exec(db, "BEGIN DEFERRED", NULL, NULL, NULL);
  mark(db, first, last, marked);
  sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
  static char text[16384];
  char *out = text;
  if (count >= 3) out += sprintf(out, "%*s%d\n", 28, "", year);
  for (int row = 0; row < count; row += 3) {
    if (row > 0) out += sprintf(out, "\n");
    for (int line = 0; line < 8; line++) {
      for (int index = row; index < row + 3 && index < count; index++) {
        int m = (month - 1 + index) % 12 + 1, y = year + (month - 1 + index) / 12;
        out = block_line(out, y, m, line, count < 3);
      }
      out += sprintf(out, "\n");
    }
  }
  const char *separator = "\nDays with events: ";
  for (long day = first; day <= last; day++) {
    if (!marked[day - first]) continue;
    char iso[16];
    format_day(day, iso);
    out += sprintf(out, "%s%s", separator, count == 1 ? iso + 8 + (iso[8] == '0') : iso);
    separator = ", ";
  }
  if (separator[0] == ',') out += sprintf(out, "\n");
  fwrite(text, 1, (size_t)(out - text), stdout);
  free(marked);
}
