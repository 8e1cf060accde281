/*
 * strings.c - the module's string interner: bytes in one pool, an
 * open-addressing hash table of ids.  Id 0 is the empty string.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

static bool
str_eq(const IrModule *m, uint32_t id, const char *s, size_t n)
{
    const IrStr *e = &m->strs.data[id];
    return e->len == n && memcmp(m->chars.data + e->off, s, n) == 0;
}

static void
rehash(IrModule *m)
{
    uint32_t cap = m->strhcap ? m->strhcap * 2 : 1024;
    uint32_t *t = xcalloc(cap, sizeof *t);
    for (uint32_t id = 1; id < m->strs.len; id++) {
        const IrStr *e = &m->strs.data[id];
        uint32_t h = ir_hash_bytes(m->chars.data + e->off, e->len);
        uint32_t k = h & (cap - 1);
        while (t[k])
            k = (k + 1) & (cap - 1);
        t[k] = id;
    }
    free(m->strhash);
    m->strhash = t;
    m->strhcap = cap;
}

uint32_t
ir_str_find(const IrModule *m, const char *s, size_t n)
{
    if (n == 0 || !m->strhcap)
        return 0;
    uint32_t k = ir_hash_bytes(s, n) & (m->strhcap - 1);
    for (; m->strhash[k]; k = (k + 1) & (m->strhcap - 1))
        if (str_eq(m, m->strhash[k], s, n))
            return m->strhash[k];
    return 0;
}

uint32_t
ir_intern(IrModule *m, const char *s, size_t n)
{
    if (n == 0)
        return 0;
    uint32_t id = ir_str_find(m, s, n);
    if (id)
        return id;
    if ((uint64_t)m->chars.len + n + 1 > UINT32_MAX) {
        fputs("sir: string pool exhausted\n", stderr);
        exit(2);
    }
    if ((m->strs.len + 1) * 2 > m->strhcap)
        rehash(m);
    IrStr e = {m->chars.len, (uint32_t)n};
    VEC_RESERVE_RAW(m->chars, m->chars.len + (uint32_t)n + 1);
    memcpy(m->chars.data + m->chars.len, s, n);
    m->chars.len += (uint32_t)n;
    m->chars.data[m->chars.len++] = 0;
    id = m->strs.len;
    VEC_PUSH(m->strs, e);
    uint32_t k = ir_hash_bytes(s, n) & (m->strhcap - 1);
    while (m->strhash[k])
        k = (k + 1) & (m->strhcap - 1);
    m->strhash[k] = id;
    return id;
}

const char *
ir_str(const IrModule *m, uint32_t id)
{
    if (id == 0 || id >= m->strs.len)
        return "";
    return m->chars.data + m->strs.data[id].off;
}

uint32_t
ir_str_len(const IrModule *m, uint32_t id)
{
    if (id == 0 || id >= m->strs.len)
        return 0;
    return m->strs.data[id].len;
}
