/*
 * cli.h - option spelling shared by the command-line tools: llc-style
 * options take one or two dashes ("-O2", "--help", "-mtriple=x" and
 * "--mtriple=x" are the same option).
 */
#ifndef SIR_CLI_H
#define SIR_CLI_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "--name=value" or "-name=value": the value, or NULL if 'a' is not
 * that option. */
static inline const char *
cli_value(const char *a, const char *name)
{
    if (a[0] != '-')
        return NULL;
    a += a[1] == '-' ? 2 : 1;
    size_t n = strlen(name);
    if (strncmp(a, name, n) || a[n] != '=')
        return NULL;
    return a + n + 1;
}

/* "--name" or "-name". */
static inline bool
cli_flag(const char *a, const char *name)
{
    if (a[0] != '-')
        return false;
    a += a[1] == '-' ? 2 : 1;
    return !strcmp(a, name);
}

/* At exit, standard output must have been written: if flushing it
 * fails (a full disk, --help >/dev/full), the tool says so and exits
 * with status 1 instead of 0.  Failures the tool reported itself were
 * cleared (ir_output_commit does it). */
static const char *cli_tool_name;

static void
cli_close_stdout(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return;
    fprintf(stderr, "%s: error: cannot write '-': %s\n", cli_tool_name,
            errno ? strerror(errno) : "write error");
    _exit(1);
}

static inline void
cli_check_stdout_at_exit(const char *tool)
{
    cli_tool_name = tool;
    atexit(cli_close_stdout);
}

#endif
