/*
 * measure.c - runs a command with standard output sent to a file and
 * prints "WALL CPU MAXRSS_KB" for it: wall-clock seconds from
 * clock_gettime(CLOCK_MONOTONIC), user + system CPU seconds and the
 * child's peak resident set size from wait4's rusage.  CPU time is the
 * steadier number on a machine shared with other jobs.  Used by run.sh so the benchmark needs nothing
 * beyond cc (GNU time may not be installed).
 *
 *   measure OUTFILE COMMAND [ARGS...]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
    struct timespec t0, t1;
    struct rusage ru;
    int status, fd;
    pid_t pid;

    if (argc < 3) {
        fprintf(stderr, "usage: measure OUTFILE COMMAND [ARGS...]\n");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid < 0) {
        perror("fork");
        return 2;
    }
    if (pid == 0) {
        fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0) {
            perror(argv[1]);
            _exit(127);
        }
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.3f %.3f %ld\n", (double)(t1.tv_sec - t0.tv_sec) +
           (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
           (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6,
           ru.ru_maxrss);
    if (!WIFEXITED(status))
        return 1;
    return WEXITSTATUS(status);
}
