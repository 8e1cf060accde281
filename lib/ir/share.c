/*
 * share.c - a module shared by threads that each change one function.
 *
 * sirc -j N runs the function passes of -O2 on N threads (opt/parpass.c).
 * A function pass changes its own function's body, which no other
 * thread touches, and now and then the module's interned tables: a
 * block or slot name (ir_intern), memset's signature and declaration
 * (idiom).  While the module is shared, those calls take one recursive
 * lock, and so does ir_str.  Other threads read symbols, signatures and
 * types without the lock (ir_sym, ir_sig, ir_type_size on entries that
 * exist), so those arrays get room for SHARE_ROOM more entries before
 * the threads start and never move while they run: a new entry is
 * written where nobody reads yet (function passes add at most memset's
 * symbol and signature, and no type).  Should one grow past that room
 * anyway, or the strings grow, the array is copied and the old copy
 * kept for readers holding it until sharing ends (its entries never
 * change); hash tables are read only under the lock.  The same holds
 * for sirc's streaming reader, which goes on adding items (under the
 * lock) while the threads work on the functions it has completed:
 * sharing then spans the whole read, and the function passes' own
 * begin and end nest in it.
 */
#include "ir_int.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { SHARE_ROOM = 256 };

struct IrShare {
    pthread_mutex_t mu;
    uint32_t depth;         /* begun again while shared: ends to skip */
    VEC(void *) old;        /* replaced arrays, freed at the end */
};

void
ir_module_share_begin(IrModule *m)
{
    if (m->share) {         /* already shared: nothing may move now */
        m->share->depth++;
        return;
    }
    IrShare *s = xcalloc(1, sizeof *s);
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&s->mu, &a);
    pthread_mutexattr_destroy(&a);
    VEC_RESERVE_RAW(m->syms, m->syms.len + SHARE_ROOM);
    VEC_RESERVE_RAW(m->sigs, m->sigs.len + SHARE_ROOM);
    VEC_RESERVE_RAW(m->params, m->params.len + SHARE_ROOM);
    VEC_RESERVE_RAW(m->types, m->types.len + SHARE_ROOM);
    VEC_RESERVE(m->mpool, m->mpool.len + SHARE_ROOM);
    VEC_RESERVE(m->offpool, m->offpool.len + SHARE_ROOM);
    m->share = s;
}

void
ir_module_share_end(IrModule *m)
{
    IrShare *s = m->share;
    if (!s)
        return;
    if (s->depth) {
        s->depth--;
        return;
    }
    for (uint32_t k = 0; k < s->old.len; k++)
        free(s->old.data[k]);
    VEC_FREE(s->old);
    pthread_mutex_destroy(&s->mu);
    free(s);
    m->share = NULL;
}

void
ir_mod_lock(const IrModule *m)
{
    if (m->share)
        pthread_mutex_lock(&m->share->mu);
}

void
ir_mod_unlock(const IrModule *m)
{
    if (m->share)
        pthread_mutex_unlock(&m->share->mu);
}

void
ir_mod_grow(IrModule *m, void **data, uint32_t *cap, size_t size,
            uint32_t need, bool zero)
{
    if (need <= *cap)
        return;
    if (!m->share) {
        (zero ? ir_grow : ir_grow_raw)(data, cap, size, need);
        return;
    }
    /* a fresh array, the old one kept for readers without the lock */
    void *old = *data, *copy = NULL;
    uint32_t ocap = *cap, ncap = *cap;
    ir_grow_raw(&copy, &ncap, size, need);
    if (old)
        memcpy(copy, old, (size_t)ocap * size);
    if (zero)
        memset((char *)copy + (size_t)ocap * size, 0,
               (size_t)(ncap - ocap) * size);
    VEC_PUSH(m->share->old, old);
    __atomic_store_n(data, copy, __ATOMIC_RELEASE);   /* see MOD_READ */
    *cap = ncap;
}
