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

/* The table holds (id, hash) pairs: a probe compares the full hash
 * first and reads the string's bytes only when it matches, so a miss
 * costs one cache line, not three (the table, the IrStr, the bytes). */
static void
rehash(IrModule *m)
{
    uint32_t cap = m->strhcap ? m->strhcap * 2 : 1024;
    uint32_t *t = xcalloc(2 * (size_t)cap, sizeof *t);
    for (uint32_t k = 0; k < m->strhcap; k++) {
        uint32_t id = m->strhash[2 * k], h = m->strhash[2 * k + 1];
        if (!id)
            continue;
        uint32_t j = h & (cap - 1);
        while (t[2 * j])
            j = (j + 1) & (cap - 1);
        t[2 * j] = id;
        t[2 * j + 1] = h;
    }
    free(m->strhash);
    m->strhash = t;
    m->strhcap = cap;
}

/* The slot of s (hash h) in the table: its id's, or the empty one
 * where it would go. */
static uint32_t
find_slot(const IrModule *m, const char *s, size_t n, uint32_t h)
{
    uint32_t k = h & (m->strhcap - 1);
    for (; m->strhash[2 * k]; k = (k + 1) & (m->strhcap - 1))
        if (m->strhash[2 * k + 1] == h &&
            str_eq(m, m->strhash[2 * k], s, n))
            break;
    return k;
}

uint32_t
ir_str_find(const IrModule *m, const char *s, size_t n)
{
    if (n == 0)
        return 0;
    ir_mod_lock(m);
    uint32_t id = m->strhcap
        ? m->strhash[2 * find_slot(m, s, n, ir_hash_bytes(s, n))] : 0;
    ir_mod_unlock(m);
    return id;
}

static uint32_t
intern(IrModule *m, const char *s, size_t n)
{
    if (n == 0)
        return 0;
    uint32_t h = ir_hash_bytes(s, n);
    if (m->strhcap) {
        uint32_t id = m->strhash[2 * find_slot(m, s, n, h)];
        if (id)
            return id;
    }
    if ((uint64_t)m->chars.len + n + 1 > UINT32_MAX) {
        fputs("sir: string pool exhausted\n", stderr);
        exit(2);
    }
    if ((m->strs.len + 1) * 2 > m->strhcap)
        rehash(m);
    IrStr e = {m->chars.len, (uint32_t)n};
    MOD_RESERVE_RAW(m, m->chars, m->chars.len + (uint32_t)n + 1);
    memcpy(m->chars.data + m->chars.len, s, n);
    m->chars.len += (uint32_t)n;
    m->chars.data[m->chars.len++] = 0;
    uint32_t id = m->strs.len;
    MOD_PUSH(m, m->strs, e);
    uint32_t k = find_slot(m, s, n, h);
    m->strhash[2 * k] = id;
    m->strhash[2 * k + 1] = h;
    return id;
}

uint32_t
ir_intern(IrModule *m, const char *s, size_t n)
{
    MOD_LOCKED(uint32_t, m, intern(m, s, n));
}

/* Without the lock while the module is shared: the reader of an id
 * learnt it after the string was interned, the tables are published
 * with release stores (MOD_PUSH, ir_mod_grow) and a grown table keeps
 * its old copy until sharing ends, so either copy holds the string. */
const char *
ir_str(const IrModule *m, uint32_t id)
{
    if (id == 0 || id >= MOD_READ(m->strs.len))
        return "";
    return MOD_READ(m->chars.data) + MOD_READ(m->strs.data)[id].off;
}

uint32_t
ir_str_len(const IrModule *m, uint32_t id)
{
    if (id == 0 || id >= m->strs.len)
        return 0;
    return m->strs.data[id].len;
}
