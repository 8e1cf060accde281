/*
 * targets.c - the list of targets, and lookup by triple.
 *
 * A triple is read as LLVM's Triple reads one: ARCH-VENDOR-OS-ENV, where
 * VENDOR, OS and ENV may each be missing and every component is known
 * by its spelling, not its place ("x86_64-linux-gnu" has no vendor).
 * The architecture and the OS are normalized (amd64 is x86_64, arm64 is
 * aarch64; macosx11.0.0 and darwin20 are macos), then compared with the
 * same reading of each target's name.  A triple naming a known
 * architecture, OS or environment that no target implements is refused
 * with a reason, so a user learns what is missing rather than that the
 * spelling is wrong.
 */
#include "target.h"

#include <stdio.h>
#include <string.h>

static const Target *const targets[] = {
    &x64_linux_target,
    &x64_macos_target,
    &a64_linux_target,
    &a64_macos_target,
};

const Target *const *
tgt_list(uint32_t *n)
{
    *n = sizeof targets / sizeof *targets;
    return targets;
}

/* A triple's components, normalized; "" when absent. */
typedef struct {
    char arch[16], vendor[16], os[16], env[16];
    char bad[32];           /* a component nothing recognized */
} Triple;

/* Spellings of each component: "alias=canonical" or "canonical". */
static const char *const arches[] = {
    "x86_64", "amd64=x86_64", "x86-64=x86_64", "x86_64h=x86_64",
    "aarch64", "arm64=aarch64", "arm64e=aarch64",
    "i386", "i486=i386", "i586=i386", "i686=i386", "x86=i386", "arm",
    "armv7=arm", "armv7a=arm", "thumbv7=arm", "riscv64", "riscv32",
    "ppc64le", "ppc64", "powerpc64le=ppc64le", "mips", "mips64",
    "s390x", "wasm32", "wasm64", "loongarch64", NULL,
};
/* Operating systems, without their version (macosx11.0.0). */
static const char *const oses[] = {
    "linux", "darwin=macos", "macosx=macos", "macos", "ios", "tvos",
    "watchos", "freebsd", "netbsd", "openbsd", "dragonfly", "windows",
    "win32=windows", "mingw32=windows", "cygwin=windows", "solaris",
    "wasi", "emscripten", "fuchsia", "haiku", "none", "uefi", NULL,
};
static const char *const envs[] = {
    "gnu", "musl", "elf", "macho", "gnux32", "gnueabi", "gnueabihf",
    "musleabi", "musleabihf", "android", "androideabi", "eabi", "eabihf",
    "msvc", "itanium", "cygnus", "simulator", "macabi", NULL,
};

/* Looks s[0..n) up in a table; copies the canonical name to out. */
static bool
lookup(const char *const *tab, const char *s, size_t n, char *out,
       size_t cap)
{
    for (; *tab; tab++) {
        const char *eq = strchr(*tab, '=');
        size_t len = eq ? (size_t)(eq - *tab) : strlen(*tab);
        if (len == n && !strncmp(*tab, s, n)) {
            snprintf(out, cap, "%s", eq ? eq + 1 : *tab);
            return true;
        }
    }
    return false;
}

/* An OS name with an optional version: letters, then digits and dots. */
static bool
lookup_os(const char *s, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    while (k < n && s[k] >= 'a' && s[k] <= 'z')
        k++;
    for (size_t j = k; j < n; j++)
        if (!((s[j] >= '0' && s[j] <= '9') || s[j] == '.'))
            return false;
    return k > 0 && lookup(oses, s, k, out, cap);
}

/* Classifies component k (0-based) of a triple, p[0..n). */
static void
component(Triple *t, const char *p, size_t n, int k)
{
    if (k == 0) {
        if (!lookup(arches, p, n, t->arch, sizeof t->arch))
            snprintf(t->bad, sizeof t->bad, "%.*s", n ? (int)n : 2,
                     n ? p : "''");
    } else if (!t->os[0] && !t->env[0] &&
               lookup_os(p, n, t->os, sizeof t->os)) {
        return;
    } else if (!t->env[0] && lookup(envs, p, n, t->env, sizeof t->env)) {
        return;
    } else if (k == 1) {
        /* a vendor, known or not */
        snprintf(t->vendor, sizeof t->vendor, "%.*s", (int)n, p);
    } else if (!t->bad[0]) {
        snprintf(t->bad, sizeof t->bad, "%.*s", (int)n, p);
    }
}

/* Splits and classifies a triple.  The first component is always the
 * architecture; each later one is an OS, an environment or a vendor by
 * its spelling, and an unknown word in the second place is a vendor. */
static void
parse(const char *triple, Triple *t)
{
    memset(t, 0, sizeof *t);
    const char *p = triple;
    int k = 0;
    /* The one architecture spelled with a dash. */
    if (!strncmp(p, "x86-64", 6) && (p[6] == '-' || !p[6])) {
        component(t, "x86_64", 6, k++);
        p += 6;
        p += *p == '-';
    }
    while (*p) {
        const char *e = strchr(p, '-');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        component(t, p, n, k++);
        p += n;
        p += *p == '-';
    }
    /* An architecture alone, or with only an object format, is Linux's
     * (as the x86_64 alias always was). */
    if (!t->os[0] && t->arch[0])
        snprintf(t->os, sizeof t->os, "linux");
}

/* Environments each OS accepts: the code is the same for all of them
 * (the C library does not change the ABI sirc follows). */
static bool
env_ok(const char *os, const char *env)
{
    if (!env[0])
        return true;
    if (!strcmp(os, "linux"))
        return !strcmp(env, "gnu") || !strcmp(env, "musl") ||
               !strcmp(env, "elf");
    if (!strcmp(os, "macos"))
        return !strcmp(env, "macho");
    return false;
}

const Target *
tgt_resolve(const char *triple, char *why, size_t whylen)
{
    if (why && whylen)
        why[0] = 0;
    if (!triple || !*triple)
        return targets[0];
    Triple t;
    parse(triple, &t);
    if (t.bad[0]) {
        if (why)
            snprintf(why, whylen, "unknown %s '%s'",
                     t.arch[0] ? "component" : "architecture", t.bad);
        return NULL;
    }
    bool arch_seen = false, os_seen = false;
    for (unsigned k = 0; k < sizeof targets / sizeof *targets; k++) {
        Triple n;
        parse(targets[k]->name, &n);
        if (strcmp(n.arch, t.arch))
            continue;
        arch_seen = true;
        if (strcmp(n.os, t.os))
            continue;
        os_seen = true;
        if (env_ok(t.os, t.env))
            return targets[k];
    }
    if (why) {
        if (!arch_seen)
            snprintf(why, whylen, "architecture '%s' is not supported",
                     t.arch);
        else if (!os_seen)
            snprintf(why, whylen, "operating system '%s' is not supported "
                     "for %s", t.os, t.arch);
        else
            snprintf(why, whylen, "environment '%s' is not supported for "
                     "%s-%s", t.env, t.arch, t.os);
    }
    return NULL;
}

const Target *
tgt_find(const char *triple)
{
    return tgt_resolve(triple, NULL, 0);
}
