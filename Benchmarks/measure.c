/* Runs a command RUNS times and prints its median wall time in milliseconds and its largest peak
 * resident set in KiB. A small C parent, because a child's peak RSS counts the memory it shared with its
 * parent before exec: spawned from Python it would include the interpreter's 15 MiB. */
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: measure RUNS COMMAND [ARGS...]\n");
    return 2;
  }
  int runs = atoi(argv[1]);
  double *times = calloc(runs, sizeof *times);
  long peak = 0;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  for (int i = 0; i < runs; i++) {
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid;
    if (posix_spawn(&pid, argv[2], &actions, NULL, argv + 2, environ) != 0) {
      perror(argv[2]);
      return 1;
    }
    int status;
    struct rusage usage;
    wait4(pid, &status, 0, &usage);
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fprintf(stderr, "%s failed\n", argv[2]);
      return 1;
    }
    times[i] = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    if (usage.ru_maxrss > peak) peak = usage.ru_maxrss;
  }
  qsort(times, runs, sizeof *times, compare);
  double median = runs % 2 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
  printf("%.3f %ld\n", median, peak);
  return 0;
}
