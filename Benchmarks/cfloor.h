/* The C floor of `cal`: what a program must do at the least to open a calendar made by `cal` and print its
 * pages with the days that have events. Shared by cshow.c and cflip.c, the baselines Benchmarks/bench.py
 * times `cal show`, `add` and `flip` against. */
#ifndef CFLOOR_H
#define CFLOOR_H

#include <sqlite3.h>

/* Opens the calendar at `path` as `cal` does (foreign keys on, the schema ledger read, WAL kept between
 * runs, durable commits); exits with a message on any error. */
sqlite3 *floor_open(const char *path);

/* Runs `sql` (no rows expected); exits with a message on any error. */
void floor_exec(sqlite3 *db, const char *sql);

/* Prints `count` month pages from year/month (count 12 from January: a year page) as cal(1) lays them out,
 * followed by `cal show`'s "Days with events" line, reading the same rows `cal show` reads to mark them. */
void floor_pages(sqlite3 *db, int year, int month, int count);

/* The month on view as year * 12 + month - 1, or -1 when the calendar has never been moved. */
int floor_viewed_month(sqlite3 *db);

#endif
