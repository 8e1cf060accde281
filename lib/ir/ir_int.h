/*
 * ir_int.h - private to lib/ir: the module's tables.
 */
#ifndef SIR_IR_INT_H
#define SIR_IR_INT_H

#include "ir.h"

typedef struct {
    uint32_t off, len;      /* bytes in IrModule.chars (NUL follows) */
} IrStr;

typedef struct {
    uint8_t kind;           /* IrTypeKind */
    bool too_big;
    uint32_t align;
    uint64_t size;
    IrType elem;            /* arrays */
    uint64_t count;         /* arrays: N; structs: member count */
    uint32_t members;       /* structs: first member in mpool / offsets */
    uint32_t hash;
} IrTypeData;

typedef struct IrShare IrShare;

struct IrModule {
    IrShare *share;         /* while threads share it (share.c), or NULL */
    /* strings */
    VEC(char) chars;
    VEC(IrStr) strs;
    uint32_t *strhash;      /* open addressing: (id, hash) pairs */
    uint32_t strhcap;
    /* types */
    VEC(IrTypeData) types;
    VEC(IrType) mpool;      /* struct members */
    VEC(uint64_t) offpool;  /* struct member offsets, parallel to mpool */
    uint32_t *typehash;
    uint32_t typehcap;
    /* signatures */
    VEC(IrSigData) sigs;
    VEC(IrParam) params;
    uint32_t *sighash;
    uint32_t sighcap;
    /* symbols, in item order */
    VEC(IrSymData) syms;
    uint32_t *symhash;      /* name -> symbol id */
    uint32_t symhcap;
    /* initializers */
    VEC(IrInitData) inits;
    VEC(IrInit) ipool;
};

/* share.c: while the module is shared, the calls that change its
 * tables hold the lock, and grow their arrays with ir_mod_grow (through
 * MOD_RESERVE and MOD_PUSH), which keeps the old copy for readers. */
void ir_mod_lock(const IrModule *m);
void ir_mod_unlock(const IrModule *m);
void ir_mod_grow(IrModule *m, void **data, uint32_t *cap, size_t size,
                 uint32_t need, bool zero);
#define MOD_RESERVE(m, v, n) \
    ((n) <= (v).cap ? (void)0 : \
     ir_mod_grow((m), (void **)&(v).data, &(v).cap, sizeof *(v).data, (n), \
                 true))
#define MOD_RESERVE_RAW(m, v, n) \
    ((n) <= (v).cap ? (void)0 : \
     ir_mod_grow((m), (void **)&(v).data, &(v).cap, sizeof *(v).data, (n), \
                 false))
/* The body of a function that returns 'call' made under the lock. */
#define MOD_LOCKED(T, m, call) \
    ir_mod_lock(m); \
    T r_ = (call); \
    ir_mod_unlock(m); \
    return r_
/* The entry is written before len counts it (a release store), and
 * the readers without the lock load the array and len with MOD_READ
 * (acquire): what they see of an array is complete. */
#define MOD_PUSH(m, v, x) \
    (MOD_RESERVE_RAW(m, v, (v).len + 1), (v).data[(v).len] = (x), \
     __atomic_store_n(&(v).len, (v).len + 1, __ATOMIC_RELEASE))
#define MOD_READ(field) __atomic_load_n(&(field), __ATOMIC_ACQUIRE)

static inline uint32_t
ir_hash_bytes(const void *p, size_t n)
{
    const unsigned char *s = p;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * 16777619u;
    return h;
}

static inline uint32_t
ir_hash_mix(uint32_t h, uint64_t x)
{
    h ^= (uint32_t)x + 0x9e3779b9u + (h << 6) + (h >> 2);
    h ^= (uint32_t)(x >> 32) + 0x9e3779b9u + (h << 6) + (h >> 2);
    return h;
}

/* types.c */
void ir_types_init(IrModule *m);

/* layout.c: room for instruction ids below ninsts and block ids below
 * nblocks at once, where the sizes are known ahead (the reader's hints). */
void ir_layout_reserve(IrFunc *f, uint32_t ninsts, uint32_t nblocks);

#endif
