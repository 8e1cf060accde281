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

#include <stdbool.h>
#include <string.h>

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

#endif
