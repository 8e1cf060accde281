/*
 * parse_names.c - the reader's cache of short names: the bytes of a
 * name of at most 8 bytes (%v12, %k3, entry, $s) -> its interned id.
 *
 * Every use of a name is interned to find what it means (parse.c maps
 * string ids), and through ir_intern that cost a byte-wise hash, a
 * probe of the module's table, a memcmp against the string pool and a
 * lock round trip, about a tenth of reading a module.  Here the name's
 * bytes and length are one 64-bit key and a length, so a hit is a
 * multiply and a compare.  Misses and longer names go to ir_intern, which
 * stays the only source of ids: the cache holds only ids it returned,
 * and the module's strings are only ever added, so an id never goes
 * stale.  The cache is the parser's alone (no lock); its size is the
 * number of distinct short names, not of their uses.  Symbol names
 * (@f) do not come here: each names one item, so they would only grow
 * the cache with the module.
 */
#include "parse_int.h"

#include <stdlib.h>
#include <string.h>

static uint32_t
slot_of(uint64_t key, size_t n, uint32_t mask)
{
    uint64_t h = (key ^ n) * UINT64_C(0x9E3779B97F4A7C15);
    return (uint32_t)(h >> 40) & mask;
}

static void
grow(SirParser *P)
{
    uint32_t cap = P->ncap ? P->ncap * 2 : 1024;
    SirNameSlot *t = xcalloc(cap, sizeof *t);
    for (uint32_t k = 0; k < P->ncap; k++) {
        SirNameSlot e = P->ncache[k];
        if (!e.len)
            continue;
        uint32_t j = slot_of(e.key, e.len, cap - 1);
        while (t[j].len)
            j = (j + 1) & (cap - 1);
        t[j] = e;
    }
    free(P->ncache);
    P->ncache = t;
    P->ncap = cap;
}

/* The key of a name of 1 to 8 bytes: with the length, it gives back
 * every byte.  Overlapping fixed-size loads (the first and last four
 * bytes; the first, middle and last one) never read past the name. */
static uint64_t
key_of(const char *s, size_t n)
{
    if (n >= 4) {
        uint32_t lo, hi;
        memcpy(&lo, s, 4);
        memcpy(&hi, s + n - 4, 4);
        return (uint64_t)hi << 32 | lo;
    }
    return (uint64_t)(unsigned char)s[0] |
           (uint64_t)(unsigned char)s[n / 2] << 8 |
           (uint64_t)(unsigned char)s[n - 1] << 16;
}

uint32_t
ir_parse_name(SirParser *P, const char *s, size_t n)
{
    if (n == 0 || n > 8)
        return ir_intern(P->m, s, n);
    uint64_t key = key_of(s, n);
    if (P->nused * 2 >= P->ncap)
        grow(P);
    uint32_t mask = P->ncap - 1, j = slot_of(key, n, mask);
    for (; P->ncache[j].len; j = (j + 1) & mask)
        if (P->ncache[j].len == n && P->ncache[j].key == key)
            return P->ncache[j].id;
    uint32_t id = ir_intern(P->m, s, n);
    P->ncache[j] = (SirNameSlot){key, (uint32_t)n, id};
    P->nused++;
    return id;
}

void
ir_parse_names_free(SirParser *P)
{
    free(P->ncache);
    P->ncache = NULL;
    P->ncap = P->nused = 0;
}
