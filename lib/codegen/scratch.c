/*
 * scratch.c - memory the register allocator of one thread reuses from
 * one function to the next.
 *
 * Liveness and allocation need some thirty arrays per function, each
 * sized by its instructions, registers or blocks and dropped when the
 * function is done.  One malloc and free each made the allocator the
 * program's biggest malloc user on modules of small functions.  Here
 * they come off a stack: cg_scratch_alloc bumps a pointer in one block
 * and cg_scratch_release pops back to a mark.  What does not fit goes
 * to blocks of its own, and once the stack is empty again the main
 * block is regrown to the most the stack ever held, so after the first
 * few functions nothing is allocated at all.  One CgScratch per thread
 * (CgCtx.scratch; parallel.c gives each worker its own).
 */
#include "cg.h"

#include <string.h>

enum { ALIGN = 16, MIN_BLOCK = 64 << 10 };

/* Under AddressSanitizer every piece is a malloc of its own, so an
 * overflow of one is still caught. */
#if defined(__SANITIZE_ADDRESS__)
enum { SHARED = 0 };
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
enum { SHARED = 0 };
#else
enum { SHARED = 1 };
#endif
#else
enum { SHARED = 1 };
#endif

CgScratch *
cg_scratch_new(void)
{
    return xcalloc(1, sizeof(CgScratch));
}

void
cg_scratch_free(CgScratch *s)
{
    if (!s)
        return;
    for (uint32_t k = 0; k < s->big.len; k++)
        free(s->big.data[k].p);
    VEC_FREE(s->big);
    free(s->mem);
    VEC_FREE(s->keys), VEC_FREE(s->tmp), VEC_FREE(s->spans);
    VEC_FREE(s->ranges), VEC_FREE(s->fixed), VEC_FREE(s->edges);
    VEC_FREE(s->defs);
    free(s);
}

void *
cg_scratch_alloc(CgScratch *s, size_t n)
{
    n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    if (!n)
        n = ALIGN;
    size_t held = s->used + s->bigbytes + n;
    if (held > s->peak)
        s->peak = held;
    if (SHARED && s->cap - s->used >= n) {
        void *p = s->mem + s->used;
        s->used += n;
        return p;
    }
    void *p = xmalloc(n);
    VEC_PUSH(s->big, ((CgScratchBig){p, n}));
    s->bigbytes += n;
    return p;
}

void *
cg_scratch_zalloc(CgScratch *s, size_t n)
{
    return memset(cg_scratch_alloc(s, n), 0, n);
}

CgScratchMark
cg_scratch_mark(const CgScratch *s)
{
    return (CgScratchMark){s->used, s->big.len};
}

void
cg_scratch_release(CgScratch *s, CgScratchMark m)
{
    while (s->big.len > m.nbig) {
        CgScratchBig b = s->big.data[--s->big.len];
        s->bigbytes -= b.n;
        free(b.p);
    }
    s->used = m.used;
    if (!SHARED || s->used || s->big.len || s->peak <= s->cap)
        return;
    /* empty: one block for all the next function is likely to need */
    size_t cap = s->peak < MIN_BLOCK ? MIN_BLOCK : s->peak + s->peak / 4;
    free(s->mem);
    s->mem = xmalloc(cap);
    s->cap = cap;
}
