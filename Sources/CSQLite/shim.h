#ifndef CAL_CSQLITE_SHIM_H
#define CAL_CSQLITE_SHIM_H
// The session extension records what a change did, for undo and redo; Debian's SQLite is built with it, and
// its declarations are only visible with these defined.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
#endif
