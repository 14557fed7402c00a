#ifndef CAL_CSQLITE_SHIM_H
#define CAL_CSQLITE_SHIM_H
// The session extension records what a change did, for undo and redo; Debian's SQLite is built with it, and
// its declarations are only visible with these defined.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call. Memory statistics cost a global mutex on every
   allocation SQLite makes (an import makes millions) and cal reads none of them. Returns SQLITE_MISUSE
   once SQLite is initialised, which is then harmless. */
static inline int cal_sqlite3_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* Each connection's page cache starts with one allocation for 20 pages (SQLITE_DEFAULT_PCACHE_INITSZ) and
   writes a header into every one of them at once: 21 fresh pages of memory, each a page fault, when a short
   command reads about ten. Without it a page is allocated when it is first read. Same rules as above. */
static inline int cal_sqlite3_disable_initial_page_cache(void) {
  return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

#endif
