/*
 * alias.c - a simple alias analysis.
 *
 * Every pointer value gets a base and, when known, a constant byte offset
 * from it: following `elemptr` and `offset` with a constant index back to
 * a `stackslot`, `alloca` or `globaladdr` (an object), or else to the
 * pointer value the chain starts from (a parameter, a loaded pointer).
 * Two accesses from one base overlap only if their byte ranges do (as
 * LLVM's BasicAA reasons about constant offsets).  A local object (slot
 * or alloca) escapes when an address derived from it is used other than
 * as the address of a load or store, the base of elemptr/offset or an
 * operand of icmp; a call can only touch escaped locals.
 *
 * Distinct objects do not overlap (spec 6.3, 7.7, 10.3), but SIR
 * pointers carry no provenance: `offset` is plain address arithmetic
 * and an access is defined wherever it lands in a live allocation
 * (spec 8), so offset(&a, ptoi(&b) - ptoi(&a)) is &b.  An access based
 * on one object is known to stay in it only when its offset is a
 * constant inside the object; any other ("stray") access may reach
 * every object whose address the program can know: a global, an
 * escaped local, or one whose address is compared (which escapes to no
 * call, though); so may a pointer of unknown origin.  Any other local
 * is reached only through its own address.
 */
#include "optutil.h"

#include <string.h>

enum { BASE_UNKNOWN, BASE_SLOT, BASE_ALLOCA, BASE_GLOBAL, BASE_VALUE };

static uint32_t obj_index(const OptAlias *al, const OptPtrInfo *p);

void
opt_alias_compute(IrFunc *f, OptAlias *al, Arena *a)
{
    uint32_t nv = ir_num_values(f);
    al->nvalues = nv;
    al->info = arena_alloc(a, nv * sizeof *al->info);
    uint32_t nobj = ir_num_slots(f) + ir_num_insts(f) + 1;
    al->escaped = arena_alloc(a, nobj * sizeof *al->escaped);
    al->compared = arena_alloc(a, nobj * sizeof *al->compared);
    al->nslots = ir_num_slots(f);
    al->nobjects = nobj;
    /* Bases in dominance order would need a walk; a value's base only
     * depends on its operand, so resolve on demand with memoization. */
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrValue r = ir_inst_result(f, i);
            if (r.id)
                opt_alias_base(f, al, r);
        }
    }
    /* Escapes. */
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            for (uint32_t k = 0; k < d->nargs; k++) {
                IrValue v = ir_inst_arg(f, i, k);
                if (ir_value_type(f, v).id != IR_TY_PTR)
                    continue;
                bool ok = (d->op == IR_OP_LOAD && k == 0) ||
                          (d->op == IR_OP_STORE && k == 1) ||
                          ((d->op == IR_OP_ELEMPTR ||
                            d->op == IR_OP_OFFSET) && k == 0);
                if (d->op == IR_OP_ICMP) {
                    uint32_t o = v.id < al->nvalues
                        ? obj_index(al, &al->info[v.id]) : 0;
                    al->compared[o] = true;
                } else if (!ok) {
                    opt_alias_escape(al, v);
                }
            }
            for (uint32_t t = 0; t < d->ntargets; t++) {
                IrTarget *tg = ir_target(f, i, t);
                for (uint32_t k = 0; k < tg->nargs; k++)
                    opt_alias_escape(al, f->vpool.data[tg->args + k]);
            }
        }
    }
}

static uint32_t
obj_index(const OptAlias *al, const OptPtrInfo *p)
{
    if (p->kind == BASE_SLOT)
        return p->id;
    if (p->kind == BASE_ALLOCA)
        return al->nslots + p->id;
    return 0;
}

void
opt_alias_escape(OptAlias *al, IrValue v)
{
    if (v.id >= al->nvalues)
        return;
    uint32_t o = obj_index(al, &al->info[v.id]);
    if (o)
        al->escaped[o] = true;
}

/* The pointer operand a value's base is derived from: the first
 * argument of elemptr and offset, none (id 0) for any other value. */
static IrValue
derived_from(IrFunc *f, IrValue v)
{
    IrInst i = opt_def_inst(f, v);
    if (!i.id)
        return (IrValue){0};
    IrOpcode op = ir_inst(f, i)->op;
    if (op != IR_OP_ELEMPTR && op != IR_OP_OFFSET)
        return (IrValue){0};
    return ir_inst_arg(f, i, 0);
}

/* Computes the base of v, whose operand's base (if it is derived) is
 * final. */
static void
resolve(IrFunc *f, OptAlias *al, IrValue v)
{
    static const OptPtrInfo unknown = {.kind = BASE_UNKNOWN, .done = true};
    OptPtrInfo *p = &al->info[v.id];
    /* Any other pointer is a base of its own (a parameter, a loaded
     * pointer, a block parameter): its object is unknown, but constant
     * offsets from it still tell accesses apart. */
    *p = (OptPtrInfo){.kind = BASE_VALUE, .id = v.id, .known_off = true,
                      .done = true};
    IrInst i = opt_def_inst(f, v);
    if (!i.id)
        return;
    IrInstData *d = ir_inst(f, i);
    uint64_t c;
    switch (d->op) {
    case IR_OP_STACKSLOT:
        *p = (OptPtrInfo){.kind = BASE_SLOT, .id = (uint32_t)d->imm,
                          .known_off = true, .done = true};
        break;
    case IR_OP_ALLOCA:
        *p = (OptPtrInfo){.kind = BASE_ALLOCA, .id = i.id,
                          .known_off = true, .done = true};
        break;
    case IR_OP_GLOBALADDR:
        *p = (OptPtrInfo){.kind = BASE_GLOBAL, .id = (uint32_t)d->imm,
                          .known_off = true, .done = true};
        break;
    case IR_OP_ELEMPTR: {
        IrValue a = ir_inst_arg(f, i, 0);
        OptPtrInfo q = a.id < al->nvalues ? al->info[a.id] : unknown;
        *p = q;
        p->done = true;
        if (p->known_off)
            p->off += ir_type_offset(f->mod, d->ty, d->imm);
        break;
    }
    case IR_OP_OFFSET: {
        IrValue a = ir_inst_arg(f, i, 0);
        OptPtrInfo q = a.id < al->nvalues ? al->info[a.id] : unknown;
        *p = q;
        p->done = true;
        if (p->known_off &&
            opt_const_bits(f, ir_inst_arg(f, i, 1), &c)) {
            unsigned w = ir_type_bits(d->ty2);
            int64_t idx = w >= 64 ? (int64_t)c
                : (int64_t)((c ^ (UINT64_C(1) << (w - 1))) -
                            (UINT64_C(1) << (w - 1)));
            p->off += (uint64_t)idx * ir_type_size(f->mod, d->ty);
        } else if (q.kind == BASE_VALUE) {
            /* a variable index into memory of unknown origin: the
             * element is a base of its own, so its members keep
             * constant offsets (a[i].x against a[i].y) */
            *p = (OptPtrInfo){.kind = BASE_VALUE, .id = v.id,
                              .known_off = true, .done = true};
        } else {
            p->known_off = false;
        }
        break;
    }
    default:
        break;
    }
}

/*
 * The base of v, memoized.  A chain of elemptr/offset may be as long as
 * the program (and laid out in any order), so it is walked down to a
 * value already known, then resolved on the way back up: no recursion.
 * A value on the walk counts as known (a base of its own), which ends a
 * cycle in unreachable code as the recursive definition would.
 */
const OptPtrInfo *
opt_alias_base(IrFunc *f, OptAlias *al, IrValue v)
{
    static const OptPtrInfo unknown = {.kind = BASE_UNKNOWN, .done = true};
    if (v.id >= al->nvalues)
        return &unknown;
    if (al->info[v.id].done)
        return &al->info[v.id];
    /* Most walks are a few steps: a malloc and free for each was 1.7%
     * of sirc -O2. */
    IrValue local[16], *walk = local;
    uint32_t n = 0, cap = 16;
    IrValue x = v;
    for (;;) {
        if (n == cap) {
            IrValue *w = xmalloc(2 * (size_t)cap * sizeof *w);
            memcpy(w, walk, n * sizeof *w);
            if (walk != local)
                free(walk);
            walk = w;
            cap *= 2;
        }
        walk[n++] = x;
        al->info[x.id] = (OptPtrInfo){.kind = BASE_VALUE, .id = x.id,
                                      .known_off = true, .done = true};
        x = derived_from(f, x);
        if (!x.id || x.id >= al->nvalues || al->info[x.id].done)
            break;
    }
    while (n)
        resolve(f, al, walk[--n]);
    if (walk != local)
        free(walk);
    return &al->info[v.id];
}

bool
opt_alias_local_private(const OptAlias *al, const OptPtrInfo *p)
{
    uint32_t o = obj_index(al, p);
    return o && !al->escaped[o];
}

uint64_t
opt_alias_object_size(IrFunc *f, const OptPtrInfo *p)
{
    switch (p->kind) {
    case BASE_SLOT:
        return ir_type_size(f->mod, ir_slot(f, (IrSlot){p->id})->ty);
    case BASE_ALLOCA:   /* one element: at least that much */
        return ir_type_size(f->mod, ir_inst(f, (IrInst){p->id})->ty);
    case BASE_GLOBAL: {
        const IrSymData *s = ir_sym_c(f->mod, (IrSym){p->id});
        return s->kind == IR_SYM_FUNC ? 0 : ir_type_size(f->mod, s->type);
    }
    default:
        return 0;
    }
}

/* Whether the program can know where p's object is: a global, a local
 * that escapes, or one whose address is compared (a search comparing
 * offsets from another object with it finds it: spec 8). */
static bool
known_place(const OptAlias *al, const OptPtrInfo *p)
{
    uint32_t o = obj_index(al, p);
    return !o || al->escaped[o] || al->compared[o];
}

/* Whether an access of size bytes at p may leave p's object. */
static bool
stray(IrFunc *f, const OptPtrInfo *p, uint64_t size)
{
    uint64_t osize = opt_alias_object_size(f, p);
    return !p->known_off || p->off > osize || size > osize - p->off;
}

bool
opt_may_alias(IrFunc *f, OptAlias *al, IrValue a, uint64_t asize,
              IrValue b, uint64_t bsize)
{
    if (a.id == b.id)
        return asize && bsize;
    OptPtrInfo pa = *opt_alias_base(f, al, a);
    OptPtrInfo pb = *opt_alias_base(f, al, b);
    if (!asize || !bsize)
        return false;       /* zero-sized accesses touch nothing */
    bool oa = pa.kind != BASE_UNKNOWN && pa.kind != BASE_VALUE;
    bool ob = pb.kind != BASE_UNKNOWN && pb.kind != BASE_VALUE;
    if (pa.kind == pb.kind && pa.id == pb.id && pa.kind != BASE_UNKNOWN) {
        /* one base: the byte ranges decide, offsets taken modulo 2^64
         * (p - 4 and p overlap for 8 bytes) */
        if (!pa.known_off || !pb.known_off)
            return true;
        uint64_t d = pb.off - pa.off;
        return d < asize || -d < bsize;
    }
    if (oa && ob)           /* distinct objects, unless one strays */
        return (stray(f, &pa, asize) && known_place(al, &pb)) ||
               (stray(f, &pb, bsize) && known_place(al, &pa));
    if (!oa && !ob)
        return true;        /* two pointers of unknown relation */
    /* an object and a pointer of unknown origin */
    return known_place(al, oa ? &pa : &pb);
}
