/*
 * targets.c - the list of targets, and lookup by triple.
 */
#include "target.h"

#include <string.h>

static const Target *const targets[] = {
    &x64_linux_target,
    &x64_macos_target,
    &a64_linux_target,
    &a64_macos_target,
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
    /* ARCH-apple-{macos,macosx,darwin}VERSION: the version is dropped */
    const char *ap = strstr(triple, "-apple-");
    if (ap) {
        const char *os = ap + 7, *v = os;
        while ((*v >= 'a' && *v <= 'z'))
            v++;
        bool version = true;
        for (const char *p = v; *p; p++)
            version = version && ((*p >= '0' && *p <= '9') || *p == '.');
        if (version && v != os &&
            ((v - os == 5 && !strncmp(os, "macos", 5)) ||
             (v - os == 6 && (!strncmp(os, "macosx", 6) ||
                              !strncmp(os, "darwin", 6)))))
            n = (size_t)(v - triple);
    }
    for (unsigned k = 0; k < sizeof targets / sizeof *targets; k++) {
        const Target *t = targets[k];
        if (strlen(t->name) == n && !strncmp(t->name, triple, n))
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
