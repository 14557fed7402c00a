/* SQLite's allocator for cal.

   Debian builds SQLite without lookaside memory (SQLITE_OMIT_LOOKASIDE), so each of the thousands of small
   blocks a statement's preparation makes (tokens, expressions, names) and frees again goes to glibc's malloc
   and free: about a sixth of a short command's instructions. Here blocks of up to 1 KiB come from free lists
   by size, 16 bytes apart, refilled from chunks of 64 KiB; a freed block goes back on its list for the next
   block of its size. Larger blocks (database pages, big texts) go to malloc as before.

   The lists are the calling thread's own (thread-local), so no lock is taken: a block freed on another thread
   than the one that made it joins that thread's list, which is as good a home for it. Memory on the lists is
   kept for reuse, not given back: a command's peak of small blocks, a few hundred KiB. */
#include "CSQLiteMemory.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
  header = 8,         /* a block's size, in front of it: xSize and free need it */
  step = 16,          /* the sizes of small blocks (header included) are multiples of this */
  classes = 64,       /* so the largest small block is 1 KiB */
  chunk = 64 * 1024,  /* what the system is asked for at a time */
};

typedef struct FreeBlock {
  struct FreeBlock *next;
} FreeBlock;

static _Thread_local FreeBlock *lists[classes];
static _Thread_local char *bump;
static _Thread_local char *bumpEnd;
static _Thread_local long long taken;

/* The block's whole size (header included) for a request of `bytes`. */
static inline size_t blockSize(size_t bytes) { return (bytes + header + step - 1) / step * step; }

static void *smallMalloc(int bytes) {
  if (bytes <= 0) return NULL;
  size_t size = blockSize((size_t)bytes);
  if (size > (size_t)step * classes) {
    uint64_t *large = malloc((size_t)bytes + header);
    if (large == NULL) return NULL;
    *large = (uint64_t)bytes + header;
    return large + 1;
  }
  FreeBlock **list = &lists[size / step - 1];
  if (*list != NULL) {
    FreeBlock *block = *list;
    *list = block->next;
    return block;
  }
  if ((size_t)(bumpEnd - bump) < size) {
    char *fresh = malloc(chunk);
    if (fresh == NULL) return NULL;
    /* The rest of the old chunk is left unused: less than one block of the largest size. */
    bump = fresh;
    bumpEnd = fresh + chunk;
    taken += chunk;
  }
  uint64_t *block = (uint64_t *)bump;
  bump += size;
  *block = size;
  return block + 1;
}

static void smallFree(void *pointer) {
  if (pointer == NULL) return;
  uint64_t *block = (uint64_t *)pointer - 1;
  size_t size = (size_t)*block;
  if (size > (size_t)step * classes) {
    free(block);
    return;
  }
  FreeBlock *freed = pointer;
  freed->next = lists[size / step - 1];
  lists[size / step - 1] = freed;
}

static int smallSize(void *pointer) {
  if (pointer == NULL) return 0;
  return (int)(*((uint64_t *)pointer - 1) - header);
}

static void *smallRealloc(void *pointer, int bytes) {
  if (pointer == NULL) return smallMalloc(bytes);
  int had = smallSize(pointer);
  /* A block that still fits stays where it is, unless it would be less than half used. */
  if (bytes <= had && bytes >= had / 2) return pointer;
  void *moved = smallMalloc(bytes);
  if (moved == NULL) return NULL;
  memcpy(moved, pointer, (size_t)(bytes < had ? bytes : had));
  smallFree(pointer);
  return moved;
}

static int smallRoundup(int bytes) {
  if (bytes <= 0) return bytes;
  size_t size = blockSize((size_t)bytes);
  if (size > (size_t)step * classes) return (bytes + 7) & ~7;
  return (int)(size - header);
}

static int smallInit(void *unused) {
  (void)unused;
  return SQLITE_OK;
}

static void smallShutdown(void *unused) { (void)unused; }

int cal_sqlite3_use_small_block_allocator(void) {
  static const sqlite3_mem_methods methods = {
    smallMalloc, smallFree, smallRealloc, smallSize, smallRoundup, smallInit, smallShutdown, NULL,
  };
  return sqlite3_config(SQLITE_CONFIG_MALLOC, &methods);
}

long long cal_sqlite3_small_block_bytes(void) { return taken; }
