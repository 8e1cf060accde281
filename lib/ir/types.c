/*
 * types.c - interned structural types and the layout rules of spec
 * section 4.2.  Scalars have fixed ids (IR_T_*); arrays and structures
 * are hash-consed, so type equality is id equality.  Size, alignment and
 * member offsets are computed once, at interning; sizes of 2^63 bytes or
 * more are flagged (rule L2) instead of overflowing.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#define BIG (UINT64_C(1) << 63)

static const struct { uint32_t size, align; } scalar[] = {
    [IR_TY_VOID] = {0, 1}, [IR_TY_BOOL] = {1, 1}, [IR_TY_I8] = {1, 1},
    [IR_TY_I16] = {2, 2},  [IR_TY_I32] = {4, 4},  [IR_TY_I64] = {8, 8},
    [IR_TY_F32] = {4, 4},  [IR_TY_F64] = {8, 8},  [IR_TY_PTR] = {8, 8},
};

static const char *const scalar_name[] = {
    "void", "bool", "i8", "i16", "i32", "i64", "f32", "f64", "ptr",
};

void
ir_types_init(IrModule *m)
{
    for (uint32_t k = 0; k <= IR_TY_PTR; k++) {
        IrTypeData t = {.kind = (uint8_t)k, .size = scalar[k].size,
                        .align = scalar[k].align};
        VEC_PUSH(m->types, t);
    }
    VEC_PUSH(m->mpool, IR_T_VOID);      /* index 0 unused */
    VEC_PUSH(m->offpool, 0);
}

unsigned
ir_type_bits(IrType t)
{
    switch (t.id) {
    case IR_TY_BOOL: return 1;
    case IR_TY_I8: return 8;
    case IR_TY_I16: return 16;
    case IR_TY_I32: case IR_TY_F32: return 32;
    case IR_TY_I64: case IR_TY_F64: case IR_TY_PTR: return 64;
    default: return 0;
    }
}

static bool
same(const IrModule *m, const IrTypeData *a, const IrTypeData *b)
{
    if (a->kind != b->kind || a->count != b->count)
        return false;
    if (a->kind == IR_TY_ARRAY)
        return a->elem.id == b->elem.id;
    return memcmp(&m->mpool.data[a->members], &m->mpool.data[b->members],
                  a->count * sizeof(IrType)) == 0;
}

static void
rehash(IrModule *m)
{
    uint32_t cap = m->typehcap ? m->typehcap * 2 : 256;
    uint32_t *t = xcalloc(cap, sizeof *t);
    for (uint32_t id = IR_TY_PTR + 1; id < m->types.len; id++) {
        uint32_t k = m->types.data[id].hash & (cap - 1);
        while (t[k])
            k = (k + 1) & (cap - 1);
        t[k] = id;
    }
    free(m->typehash);
    m->typehash = t;
    m->typehcap = cap;
}

/* Returns the id of an equal type or interns 'd' (whose members, for a
 * structure, were pushed at the end of mpool by the caller). */
static IrType
intern(IrModule *m, IrTypeData *d)
{
    if ((m->types.len + 1) * 2 > m->typehcap)
        rehash(m);
    uint32_t k = d->hash & (m->typehcap - 1);
    for (; m->typehash[k]; k = (k + 1) & (m->typehcap - 1)) {
        IrTypeData *o = &m->types.data[m->typehash[k]];
        if (o->hash == d->hash && same(m, o, d)) {
            if (d->kind == IR_TY_STRUCT) {   /* drop the pushed copy */
                m->mpool.len = d->members;
                m->offpool.len = d->members;
            }
            return (IrType){m->typehash[k]};
        }
    }
    uint32_t id = m->types.len;
    MOD_PUSH(m, m->types, *d);
    m->typehash[k] = id;
    return (IrType){id};
}

static IrType
type_array(IrModule *m, IrType elem, uint64_t count)
{
    const IrTypeData *e = &m->types.data[elem.id];
    IrTypeData d = {.kind = IR_TY_ARRAY, .elem = elem, .count = count,
                    .align = e->align};
    d.too_big = e->too_big;
    if (count && e->size > (BIG - 1) / count)
        d.too_big = true;
    d.size = d.too_big ? BIG : e->size * count;
    d.hash = ir_hash_mix(ir_hash_mix(0xA77A1, elem.id), count);
    return intern(m, &d);
}

static IrType
type_struct(IrModule *m, const IrType *members, uint32_t n)
{
    IrTypeData d = {.kind = IR_TY_STRUCT, .count = n, .align = 1};
    d.members = m->mpool.len;
    d.hash = ir_hash_mix(0x57AC7, n);
    uint64_t off = 0;
    MOD_RESERVE(m, m->mpool, m->mpool.len + n);
    MOD_RESERVE(m, m->offpool, m->offpool.len + n);
    for (uint32_t i = 0; i < n; i++) {
        const IrTypeData *t = &m->types.data[members[i].id];
        uint32_t a = t->align;
        if (a > d.align)
            d.align = a;
        if (t->too_big)
            d.too_big = true;
        off = (off + a - 1) & ~(uint64_t)(a - 1);
        m->mpool.data[m->mpool.len++] = members[i];
        m->offpool.data[m->offpool.len++] = off;
        if (!d.too_big && off + t->size >= BIG)
            d.too_big = true;
        off = d.too_big ? BIG : off + t->size;
        d.hash = ir_hash_mix(d.hash, members[i].id);
    }
    if (!d.too_big) {
        off = (off + d.align - 1) & ~(uint64_t)(d.align - 1);
        if (off >= BIG)
            d.too_big = true;
    }
    d.size = d.too_big ? BIG : off;
    return intern(m, &d);
}

IrType
ir_type_array(IrModule *m, IrType elem, uint64_t count)
{
    MOD_LOCKED(IrType, m, type_array(m, elem, count));
}

IrType
ir_type_struct(IrModule *m, const IrType *members, uint32_t n)
{
    MOD_LOCKED(IrType, m, type_struct(m, members, n));
}

IrTypeKind
ir_type_kind(const IrModule *m, IrType t)
{
    return (IrTypeKind)MOD_READ(m->types.data)[t.id].kind;
}

uint64_t
ir_type_size(const IrModule *m, IrType t)
{
    return MOD_READ(m->types.data)[t.id].size;
}

uint32_t
ir_type_align(const IrModule *m, IrType t)
{
    return MOD_READ(m->types.data)[t.id].align;
}

bool
ir_type_too_big(const IrModule *m, IrType t)
{
    return MOD_READ(m->types.data)[t.id].too_big;
}

uint64_t
ir_type_nmembers(const IrModule *m, IrType t)
{
    const IrTypeData *d = &MOD_READ(m->types.data)[t.id];
    return d->kind >= IR_TY_ARRAY ? d->count : 0;
}

IrType
ir_type_member(const IrModule *m, IrType t, uint64_t k)
{
    const IrTypeData *d = &MOD_READ(m->types.data)[t.id];
    if (d->kind == IR_TY_ARRAY)
        return d->elem;
    IR_ASSERT(d->kind == IR_TY_STRUCT && k < d->count);
    return MOD_READ(m->mpool.data)[d->members + k];
}

uint64_t
ir_type_offset(const IrModule *m, IrType t, uint64_t k)
{
    const IrTypeData *d = &MOD_READ(m->types.data)[t.id];
    if (d->kind == IR_TY_ARRAY)
        return k * MOD_READ(m->types.data)[d->elem.id].size;
    IR_ASSERT(d->kind == IR_TY_STRUCT && k < d->count);
    return MOD_READ(m->offpool.data)[d->members + k];
}

IrType
ir_type_elem(const IrModule *m, IrType array)
{
    return MOD_READ(m->types.data)[array.id].elem;
}

uint32_t
ir_num_types(const IrModule *m)
{
    return m->types.len;
}

/* Appends the spelling of t to buf[*n..size); the recursion depth is
 * bounded by the parser's stack limit on nesting. */
static void
put(char *buf, size_t size, size_t *n, const char *s)
{
    for (; *s; s++, (*n)++)
        if (*n + 1 < size)
            buf[*n] = *s;
}

static void
spell(const IrModule *m, IrType t, char *buf, size_t size, size_t *n)
{
    const IrTypeData *d = &MOD_READ(m->types.data)[t.id];
    char num[32];
    if (*n >= size)
        return;
    switch (d->kind) {
    case IR_TY_ARRAY:
        put(buf, size, n, "[");
        spell(m, d->elem, buf, size, n);
        snprintf(num, sizeof num, " x %llu]", (unsigned long long)d->count);
        put(buf, size, n, num);
        break;
    case IR_TY_STRUCT:
        if (d->count == 0) {
            put(buf, size, n, "{}");
            break;
        }
        put(buf, size, n, "{ ");
        for (uint64_t i = 0; i < d->count; i++) {
            if (i)
                put(buf, size, n, ", ");
            spell(m, MOD_READ(m->mpool.data)[d->members + i], buf, size, n);
        }
        put(buf, size, n, " }");
        break;
    default:
        put(buf, size, n, scalar_name[d->kind]);
    }
}

char *
ir_type_str(const IrModule *m, IrType t, char *buf, size_t size)
{
    size_t n = 0;
    spell(m, t, buf, size, &n);
    if (n + 1 > size && size > 4) {
        memcpy(buf + size - 4, "...", 4);
        return buf;
    }
    buf[n < size ? n : size - 1] = 0;
    return buf;
}

static void
fput_type(const IrModule *m, IrType t, FILE *out)
{
    const IrTypeData *d = &MOD_READ(m->types.data)[t.id];
    switch (d->kind) {
    case IR_TY_ARRAY:
        fputc('[', out);
        fput_type(m, d->elem, out);
        fprintf(out, " x %llu]", (unsigned long long)d->count);
        break;
    case IR_TY_STRUCT:
        if (d->count == 0) {
            fputs("{}", out);
            break;
        }
        fputs("{ ", out);
        for (uint64_t i = 0; i < d->count; i++) {
            if (i)
                fputs(", ", out);
            fput_type(m, MOD_READ(m->mpool.data)[d->members + i], out);
        }
        fputs(" }", out);
        break;
    default:
        fputs(scalar_name[d->kind], out);
    }
}

void
ir_type_print(const IrModule *m, IrType t, FILE *out)
{
    fput_type(m, t, out);
}
