/*
 * cli.h - option spelling shared by the command-line tools: llc-style
 * options take one or two dashes ("-O2", "--help", "-mtriple=x" and
 * "--mtriple=x" are the same option), and an option's value follows an
 * '=' or comes as the next argument ("-mtriple x").  Every tool reports
 * a bad command line as "TOOL: error: ..." on standard error and exits
 * with status 1, as it does for bad input; 0 is success.
 */
#ifndef SIR_CLI_H
#define SIR_CLI_H

#include "ir.h"

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

/* "-name=value", "--name=value", or "-name" / "--name" followed by the
 * value as the next argument (*i then steps over it).  NULL if argv[*i]
 * is not that option; *missing is set when the value is absent. */
static inline const char *
cli_arg(int argc, char **argv, int *i, const char *name, bool *missing)
{
    const char *a = argv[*i], *v = cli_value(a, name);
    if (v)
        return v;
    if (a[0] != '-')
        return NULL;
    const char *b = a + (a[1] == '-' ? 2 : 1);
    if (strcmp(b, name))
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
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

/* The diagnostic options of clang every tool takes:
 * -ferror-limit=N (0: no limit), -fcolor-diagnostics,
 * -fno-color-diagnostics (default: colour when standard error is a
 * terminal and NO_COLOR is unset or empty). */
typedef struct {
    int error_limit;        /* -1: the default (50) */
    int color;              /* -1: decide from the terminal */
} CliDiag;

#define CLI_DIAG_INIT {-1, -1}
#define CLI_DIAG_HELP \
    "  -ferror-limit=N          stop after N errors (default 50; 0: no\n" \
    "                           limit)\n" \
    "  -f[no-]color-diagnostics colour diagnostics (default: when stderr\n" \
    "                           is a terminal and NO_COLOR is not set)\n"

/* True when 'a' is a diagnostic option (stored in o); *bad is set when
 * its value is not a number. */
static inline bool
cli_diag_option(const char *a, CliDiag *o, bool *bad)
{
    const char *v = cli_value(a, "ferror-limit");
    if (v) {
        char *end;
        long n = strtol(v, &end, 10);
        if (!*v || *end || n < 0 || n > 1000000)
            *bad = true;
        o->error_limit = (int)n;
        return true;
    }
    if (cli_flag(a, "fcolor-diagnostics"))
        o->color = 1;
    else if (cli_flag(a, "fno-color-diagnostics"))
        o->color = 0;
    else
        return false;
    return true;
}

/* Applies the options to a sink writing to 'out'. */
static inline void
cli_diag_apply(const CliDiag *o, Diag *d)
{
    if (o->error_limit >= 0)
        d->limit = o->error_limit ? o->error_limit : 0x7fffffff;
    if (o->color >= 0) {
        d->color = o->color;
    } else {
        const char *nc = getenv("NO_COLOR");
        d->color = d->out && isatty(fileno(d->out)) && !(nc && *nc);
    }
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
