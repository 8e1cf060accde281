/*
 * targets.c - the list of targets, and lookup by triple.
 */
#include "target.h"

#include <string.h>

static const Target *const targets[] = {
    &x64_linux_target,
};

const Target *const *
target_list(uint32_t *n)
{
    *n = sizeof targets / sizeof *targets;
    return targets;
}

const Target *
target_find(const char *triple)
{
    if (!triple || !*triple)
        return targets[0];
    size_t n = strlen(triple);
    for (unsigned k = 0; k < sizeof targets / sizeof *targets; k++) {
        const Target *t = targets[k];
        if (!strcmp(t->name, triple))
            return t;
        for (const char *a = t->aliases; a && *a;) {
            const char *e = strchr(a, ' ');
            size_t len = e ? (size_t)(e - a) : strlen(a);
            if (len == n && !strncmp(a, triple, n))
                return t;
            a = e ? e + 1 : a + len;
        }
    }
    return NULL;
}
