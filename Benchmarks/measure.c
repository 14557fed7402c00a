/* Runs one or more commands, separated by `--`, round-robin RUNS times each, and prints for each a line
 * with its median wall time in milliseconds and its largest peak resident set in KiB. Round-robin, so
 * that a baseline and the program compared with it share whatever load the machine has at the moment.
 * With -w, one untimed round first (the files read come from the page cache in every timed run).
 *
 * A small C parent, because a child's peak RSS counts the memory it shared with its parent before exec:
 * spawned from Python it would include the interpreter's 15 MiB.
 *
 * Usage: measure [-w] RUNS COMMAND [ARGS...] [-- COMMAND [ARGS...]]... */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts values in place; their median. */
static double median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, compare);
  return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* Runs argv once; its wall milliseconds, its CPU milliseconds in *cpu, its peak RSS added to *peak as a
 * maximum. */
static double run(char **argv, posix_spawn_file_actions_t *actions, long *peak, double *cpu) {
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid;
  if (posix_spawn(&pid, argv[0], actions, NULL, argv, environ) != 0) {
    perror(argv[0]);
    exit(1);
  }
  int status;
  struct rusage usage;
  wait4(pid, &status, 0, &usage);
  clock_gettime(CLOCK_MONOTONIC, &end);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "%s failed\n", argv[0]);
    exit(1);
  }
  if (usage.ru_maxrss > *peak) *peak = usage.ru_maxrss;
  *cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
  return (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
}

int main(int argc, char **argv) {
  int first = 1, warm = 0;
  if (argc > 1 && strcmp(argv[1], "-w") == 0) warm = 1, first++;
  if (argc < first + 2) {
    fprintf(stderr, "usage: measure [-w] RUNS COMMAND [ARGS...] [-- COMMAND [ARGS...]]...\n");
    return 2;
  }
  int runs = atoi(argv[first]);
  /* Split the rest at each `--` into NULL-terminated argument vectors, in place. */
  char **commands[64];
  int count = 0;
  commands[count++] = argv + first + 1;
  for (int i = first + 1; i < argc && count < 64; i++) {
    if (strcmp(argv[i], "--") == 0) {
      argv[i] = NULL;
      commands[count++] = argv + i + 1;
    }
  }
  double *times = calloc((size_t)(runs * count), sizeof *times);
  double *cpus = calloc((size_t)(runs * count), sizeof *cpus), unused;
  long peaks[64] = {0}, ignored = 0;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  for (int c = 0; warm && c < count; c++) run(commands[c], &actions, &ignored, &unused);
  for (int i = 0; i < runs; i++) {
    for (int c = 0; c < count; c++)
      times[c * runs + i] = run(commands[c], &actions, &peaks[c], &cpus[c * runs + i]);
  }
  for (int c = 0; c < count; c++) printf("%.3f %ld %.3f\n", median(times + c * runs, runs), peaks[c], median(cpus + c * runs, runs));
  return 0;
}
