/*
 * filetest_text.h - text slices, growable buffers and line splitting
 * for filetest.c (only it includes this file; everything is static).
 */
#ifndef SIR_FILETEST_TEXT_H
#define SIR_FILETEST_TEXT_H

#include "ir.h"

#include <string.h>

typedef struct {
    const char *s;
    size_t n;
} Str;

typedef VEC(char) Buf;
typedef VEC(Str) Lines;

static void
bput(Buf *b, const char *s, size_t n)
{
    VEC_RESERVE_RAW(*b, b->len + (uint32_t)n + 1);
    memcpy(b->data + b->len, s, n);
    b->len += (uint32_t)n;
    b->data[b->len] = 0;
}

static void
bputs(Buf *b, const char *s)
{
    bput(b, s, strlen(s));
}

__attribute__((format(printf, 2, 3))) static void
bprintf(Buf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof tmp) {
        bput(b, tmp, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    bput(b, big, (size_t)n);
    free(big);
}

/* Appends a line of output, made printable and cut at 200 bytes. */
static void
bputline(Buf *b, Str s)
{
    size_t n = s.n > 200 ? 200 : s.n;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s.s[i];
        if (c == '\t' || (c >= 32 && c < 127) || c >= 128)
            bput(b, s.s + i, 1);
        else
            bprintf(b, "\\x%02x", c);
    }
    if (n < s.n)
        bputs(b, "...");
    bputs(b, "\n");
}

static Str
trim(Str s)
{
    while (s.n && (*s.s == ' ' || *s.s == '\t'))
        s.s++, s.n--;
    while (s.n && (s.s[s.n - 1] == ' ' || s.s[s.n - 1] == '\t' ||
                   s.s[s.n - 1] == '\r'))
        s.n--;
    return s;
}

static bool
startswith(Str s, const char *p)
{
    size_t n = strlen(p);
    return s.n >= n && memcmp(s.s, p, n) == 0;
}

static bool
streq(Str a, Str b)
{
    return a.n == b.n && memcmp(a.s, b.s, a.n) == 0;
}

static const char *
find(const char *h, size_t hn, Str needle)
{
    if (needle.n == 0)
        return h;
    return memmem(h, hn, needle.s, needle.n);
}

/* Splits text into lines (without their '\n'); a final line without a
 * newline still counts, an empty text has no lines. */
static void
split_lines(const char *s, size_t n, Lines *out)
{
    out->len = 0;
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t e = nl ? (size_t)(nl - s) : n;
        VEC_PUSH(*out, ((Str){s + i, e - i}));
        i = e + 1;
    }
}

/* Shell-quotes s into b unless it only holds harmless characters. */
static void
bquote(Buf *b, const char *s)
{
    bool plain = *s != 0;
    for (const char *p = s; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789_./+-,:=@%", *p))
            plain = false;
    if (plain) {
        bputs(b, s);
        return;
    }
    bputs(b, "'");
    for (const char *p = s; *p; p++) {
        if (*p == '\'')
            bputs(b, "'\\''");
        else
            bput(b, p, 1);
    }
    bputs(b, "'");
}

#endif
