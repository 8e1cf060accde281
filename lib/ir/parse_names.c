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
 * stale.  The scanner looks in the first slot inline
 * (ir_parse_name_inline, parse_int.h) and calls here on a miss.  The
 * cache is the parser's alone (no lock); its size is the
 * number of distinct short names, not of their uses.  Symbol names
 * (@f) do not come here: each names one item, so they would only grow
 * the cache with the module.
 */
#include "parse_int.h"

#include <stdlib.h>
#include <string.h>


static void
grow(SirParser *P)
{
    uint32_t cap = P->ncap ? P->ncap * 2 : 1024;
    SirNameSlot *t = xcalloc(cap, sizeof *t);
    for (uint32_t k = 0; k < P->ncap; k++) {
        SirNameSlot e = P->ncache[k];
        if (!e.len)
            continue;
        uint32_t j = ir_parse_name_slot(e.key, e.len, cap - 1);
        while (t[j].len)
            j = (j + 1) & (cap - 1);
        t[j] = e;
    }
    free(P->ncache);
    P->ncache = t;
    P->ncap = cap;
}

uint32_t
ir_parse_name(SirParser *P, const char *s, size_t n)
{
    if (n == 0 || n > 8)
        return ir_intern(P->m, s, n);
    uint64_t key = ir_parse_name_key(s, n);
    if (P->nused * 2 >= P->ncap)
        grow(P);
    uint32_t mask = P->ncap - 1, j = ir_parse_name_slot(key, n, mask);
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
