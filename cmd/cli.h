/*
 * cli.h - option spelling shared by the command-line tools: llc-style
 * options take one or two dashes ("-O2", "--help", "-mtriple=x" and
 * "--mtriple=x" are the same option).
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
