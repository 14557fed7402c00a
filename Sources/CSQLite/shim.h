#ifndef CAL_CSQLITE_SHIM_H
#define CAL_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
