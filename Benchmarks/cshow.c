/* `cshow DB [YEAR MONTH | -y YEAR]`: the C floor of `cal show`. Opens a calendar made by `cal`, reads the
 * month on view (as `cal show` does, even when a month is given, to keep the work equal), the days of
 * the page that have events, and prints the page as `cal show` prints it to a pipe. */
#include "cfloor.h"

#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  sqlite3 *db = floor_open(argv[1]);
  int viewed = floor_viewed_month(db);
  if (argc >= 4 && strcmp(argv[2], "-y") == 0) {
    floor_pages(db, atoi(argv[3]), 1, 12);
  } else if (argc >= 4) {
    floor_pages(db, atoi(argv[2]), atoi(argv[3]), 1);
  } else {
    if (viewed < 0) viewed = 2024 * 12 + 4;
    floor_pages(db, viewed / 12, viewed % 12 + 1, 1);
  }
  sqlite3_close(db);
  return 0;
}
