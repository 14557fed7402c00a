#ifndef CAL_CSQLITE_MEMORY_H
#define CAL_CSQLITE_MEMORY_H

/* Gives SQLite an allocator of its own for its small blocks (see sqlite_memory.c). Call once, before the first
   connection opens; returns SQLITE_OK, or SQLITE_MISUSE once SQLite is initialised (then harmless: SQLite goes
   on with the system's allocator). */
int cal_sqlite3_use_small_block_allocator(void);

/* How many bytes of small blocks the calling thread has taken from the system so far: for tests. */
long long cal_sqlite3_small_block_bytes(void);

#endif
