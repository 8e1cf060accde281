/*
 * sroa.c - scalar replacement of aggregates: a stack slot or alloca of a
 * struct or array type whose members are reached with `elemptr` becomes
 * one slot (alloca) per scalar member, which mem2reg then promotes.
 *
 * A front end puts a C struct local in a slot and accesses its fields
 * through `elemptr`; mem2reg promotes only whole-object accesses, so
 * without this pass such a local stays in memory.
 *
 * A variable (all `stackslot $s` of one slot, or one `alloca A`) is split
 * when every use of its address, and of the `elemptr`s derived from it,
 * is one of
 *   - `elemptr A, ptr p, k` with A exactly the type p designates;
 *   - a non-volatile `load T, ptr p` or `store T v, ptr p` with T exactly
 *     the type p designates (a scalar: one leaf; an aggregate: all the
 *     leaves below it, loaded and combined with `insert`, or stored one
 *     by one from `extract`);
 * and at least one `elemptr` is among them (whole-object accesses alone
 * are mem2reg's work).  Any other use (a call argument, `offset`,
 * `ptoi`, a store of the address itself, a load of another type, a
 * volatile access) keeps the variable whole: memory is untyped, and such
 * a use may reach bytes of several members.  Variables of more than
 * MAXLEAVES scalars are left whole too (a large array belongs in
 * memory).
 *
 * The leaves are the scalar members in order (arrays element by element,
 * nested aggregates flattened); a new `stackslot` (`alloca`) for each is
 * placed right after each original one, so it dominates every use.
 * Linear in the function size (times MAXLEAVES for the new addresses).
 */
#include "optutil.h"

#include <stdio.h>
#include <string.h>

enum { MAXLEAVES = 32 };

typedef struct {
    IrType ty;
    bool bad, split;
    uint32_t nleaves;
    uint32_t leaves;    /* first leaf type in Sroa.leafty */
    uint32_t slot;      /* the slot, or 0 for an alloca */
    uint32_t newslots;  /* first new slot id (slot variables) */
} Var;

/* What an address value designates: member path of variable var. */
typedef struct {
    uint32_t var;       /* + 1; 0: not an address of a variable */
    uint32_t root;      /* the stackslot/alloca result it derives from */
    uint32_t base;      /* its first leaf */
    IrType ty;
} Addr;

typedef struct {
    IrFunc *f;
    IrModule *m;
    VEC(Var) vars;
    Addr *addr;         /* by value id */
    VEC(IrType) leafty;
    VEC(IrInst) access;     /* loads and stores to rewrite */
    VEC(IrInst) derived;    /* elemptrs, then roots: removed at the end */
    VEC(uint32_t) work;
    VEC(IrValue) leafaddr;  /* per root: its leaves' new addresses */
    uint32_t *rootpos;      /* root value id -> first in leafaddr */
    VEC(uint32_t) repl;     /* pairs: a load's result, its new value */
    OptSlotNames names;     /* slot names in use */
} Sroa;

/* Leaves of t, or MAXLEAVES + 1 when there are more. */
static uint64_t
nleaves(IrModule *m, IrType t)
{
    if (!ir_type_is_aggregate(t))
        return 1;
    uint64_t n = ir_type_nmembers(m, t), total = 0;
    if (ir_type_kind(m, t) == IR_TY_ARRAY) {
        uint64_t e = nleaves(m, ir_type_elem(m, t));
        return n && e > MAXLEAVES / n ? MAXLEAVES + 1 : n * e;
    }
    /* (a wide struct of empty members is too big as well: leaf_offset
     * walks the members before k) */
    if (n > 4 * MAXLEAVES)
        return MAXLEAVES + 1;
    for (uint64_t k = 0; k < n && total <= MAXLEAVES; k++)
        total += nleaves(m, ir_type_member(m, t, k));
    return total > MAXLEAVES ? MAXLEAVES + 1 : total;
}

/* The first leaf of member k of aggregate t (t within the limit). */
static uint32_t
leaf_offset(IrModule *m, IrType t, uint64_t k)
{
    if (ir_type_kind(m, t) == IR_TY_ARRAY)
        return (uint32_t)(k * nleaves(m, ir_type_elem(m, t)));
    uint64_t off = 0;
    for (uint64_t j = 0; j < k; j++)
        off += nleaves(m, ir_type_member(m, t, j));
    return (uint32_t)off;
}

static void
push_leaves(Sroa *s, IrType t)
{
    if (!ir_type_is_aggregate(t)) {
        VEC_PUSH(s->leafty, t);
        return;
    }
    uint64_t n = ir_type_nmembers(s->m, t);
    for (uint64_t k = 0; k < n; k++)
        push_leaves(s, ir_type_member(s->m, t, k));
}

static void
new_var(Sroa *s, IrType ty, uint32_t slot)
{
    Var v = {.ty = ty, .slot = slot};
    uint64_t n = nleaves(s->m, ty);
    v.bad = n == 0 || n > MAXLEAVES;
    v.nleaves = (uint32_t)(n > MAXLEAVES ? 0 : n);
    VEC_PUSH(s->vars, v);
}

static void
set_addr(Sroa *s, IrValue v, uint32_t var, uint32_t root, uint32_t base,
         IrType ty)
{
    s->addr[v.id] = (Addr){.var = var, .root = root, .base = base, .ty = ty};
    VEC_PUSH(s->work, v.id);
}

/* Finds the variables, follows their addresses, rejects the bad. */
static void
analyze(Sroa *s, const IrUses *u)
{
    IrFunc *f = s->f;
    uint32_t nslots = ir_num_slots(f);
    uint32_t *slotvar = xcalloc(nslots + 1, sizeof *slotvar);
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            IrInstData *d = ir_inst(f, i);
            IrType ty;
            uint32_t var;
            if (d->op == IR_OP_STACKSLOT && d->imm && d->imm < nslots) {
                ty = ir_slot(f, (IrSlot){d->imm})->ty;
                if (!ir_type_is_aggregate(ty))
                    continue;
                if (!slotvar[d->imm]) {
                    new_var(s, ty, d->imm);
                    slotvar[d->imm] = s->vars.len;
                }
                var = slotvar[d->imm];
            } else if (d->op == IR_OP_ALLOCA && ir_type_is_aggregate(d->ty)) {
                ty = d->ty;
                new_var(s, ty, 0);
                var = s->vars.len;
            } else {
                continue;
            }
            set_addr(s, d->result, var, d->result.id, 0, ty);
            VEC_PUSH(s->derived, i);
        }
    }
    free(slotvar);
    while (s->work.len) {
        uint32_t p = s->work.data[--s->work.len];
        Addr a = s->addr[p];
        Var *var = &s->vars.data[a.var - 1];
        for (uint32_t k = u->start[p]; k < u->start[p + 1]; k++) {
            IrInst i = u->uses[k].inst;
            IrInstData *d = ir_inst(f, i);
            uint32_t slot = u->uses[k].slot;
            bool vol = d->flags & IR_INSTF_VOLATILE;
            if (d->op == IR_OP_ELEMPTR && slot == d->args &&
                ir_type_eq(d->ty, a.ty) && !var->bad) {
                set_addr(s, d->result, a.var, a.root,
                         a.base + leaf_offset(s->m, a.ty, d->imm),
                         ir_type_member(s->m, a.ty, d->imm));
                var->split = true;
                VEC_PUSH(s->derived, i);
            } else if (!vol && d->op == IR_OP_LOAD && slot == d->args &&
                       ir_type_eq(d->ty, a.ty)) {
                VEC_PUSH(s->access, i);
            } else if (!vol && d->op == IR_OP_STORE && slot == d->args + 1 &&
                       ir_type_eq(d->ty, a.ty)) {
                VEC_PUSH(s->access, i);
            } else {
                var->bad = true;
            }
        }
    }
}

static bool
good(Sroa *s, uint32_t var)
{
    Var *v = &s->vars.data[var - 1];
    return !v->bad && v->split;
}

/* The leaf types of the split variables, and new slots for the slot
 * variables, named "base.j" (kept unique). */
static void
make_slots(Sroa *s)
{
    IrFunc *f = s->f;
    opt_slot_names_init(&s->names, f);
    for (uint32_t x = 1; x <= s->vars.len; x++) {
        Var *v = &s->vars.data[x - 1];
        if (!good(s, x))
            continue;
        v->leaves = s->leafty.len;
        push_leaves(s, v->ty);
        if (!v->slot)
            continue;       /* an alloca: allocas per leaf in make_addrs */
        uint32_t base = ir_slot(f, (IrSlot){v->slot})->name;
        v->newslots = ir_num_slots(f);
        for (uint32_t j = 0; j < v->nleaves; j++) {
            char num[16];
            snprintf(num, sizeof num, "%u", j);
            ir_slot_create(f, s->leafty.data[v->leaves + j],
                           opt_slot_names_fresh(&s->names, s->m,
                                                ir_str(s->m, base), num));
        }
    }
}

/* The leaves' addresses, right after each root. */
static void
make_addrs(Sroa *s)
{
    IrFunc *f = s->f;
    for (uint32_t k = 0; k < s->derived.len; k++) {
        IrInst i = s->derived.data[k];
        IrInstData *d = ir_inst(f, i);
        if (d->op == IR_OP_ELEMPTR)
            continue;
        uint32_t x = s->addr[d->result.id].var;
        if (!good(s, x))
            continue;
        Var *v = &s->vars.data[x - 1];
        IrBuilder b;
        ir_builder_before(&b, f, ir_layout_next_inst(f, i));
        b.loc = d->loc;
        s->rootpos[d->result.id] = s->leafaddr.len;
        for (uint32_t j = 0; j < v->nleaves; j++) {
            IrValue p = v->slot
                ? ir_build_stackslot(&b, (IrSlot){v->newslots + j})
                : ir_build_alloca(&b, s->leafty.data[v->leaves + j]);
            VEC_PUSH(s->leafaddr, p);
        }
    }
}

/* Loads the leaves from *at on as one value of type t. */
static IrValue
load_leaves(Sroa *s, IrBuilder *b, IrType t, const IrValue *leaves,
            uint32_t *at)
{
    if (!ir_type_is_aggregate(t))
        return ir_build_load(b, t, leaves[(*at)++], false);
    IrValue v = ir_build_undef(b, t);
    uint64_t n = ir_type_nmembers(s->m, t);
    for (uint64_t k = 0; k < n; k++) {
        IrValue e = load_leaves(s, b, ir_type_member(s->m, t, k), leaves, at);
        v = ir_build_insert(b, t, v, e, k);
    }
    return v;
}

static void
store_leaves(Sroa *s, IrBuilder *b, IrType t, IrValue v,
             const IrValue *leaves, uint32_t *at)
{
    if (!ir_type_is_aggregate(t)) {
        ir_build_store(b, t, v, leaves[(*at)++], false);
        return;
    }
    uint64_t n = ir_type_nmembers(s->m, t);
    for (uint64_t k = 0; k < n; k++) {
        IrValue e = ir_build_extract(b, t, v, k);
        store_leaves(s, b, ir_type_member(s->m, t, k), e, leaves, at);
    }
}

static void
rewrite(Sroa *s)
{
    IrFunc *f = s->f;
    for (uint32_t k = 0; k < s->access.len; k++) {
        IrInst i = s->access.data[k];
        IrInstData *d = ir_inst(f, i);
        bool load = d->op == IR_OP_LOAD;
        IrValue p = ir_inst_arg(f, i, load ? 0 : 1);
        Addr a = s->addr[p.id];
        if (!good(s, a.var))
            continue;
        const IrValue *leaves = &s->leafaddr.data[s->rootpos[a.root] + a.base];
        IrType t = d->ty;
        if (!ir_type_is_aggregate(t)) {
            ir_inst_args(f, i)[load ? 0 : 1] = leaves[0];
            continue;
        }
        IrBuilder b;
        ir_builder_before(&b, f, i);
        b.loc = d->loc;
        uint32_t at = 0;
        if (load) {
            VEC_PUSH(s->repl, d->result.id);
            VEC_PUSH(s->repl, load_leaves(s, &b, t, leaves, &at).id);
        } else
            store_leaves(s, &b, t, ir_inst_arg(f, i, 0), leaves, &at);
        ir_layout_remove_inst(f, i);
    }
    for (uint32_t k = 0; k < s->derived.len; k++) {
        IrInst i = s->derived.data[k];
        if (good(s, s->addr[ir_inst(f, i)->result.id].var))
            ir_layout_remove_inst(f, i);
    }
}

static uint32_t
sroa_func(OptCtx *ctx, IrFunc *f)
{
    if (!ir_layout_entry(f).id)
        return 0;
    Sroa s = {.f = f, .m = f->mod};
    uint32_t nv = ir_num_values(f);
    s.addr = xcalloc(nv + 1, sizeof *s.addr);
    analyze(&s, opt_am_uses(opt_am(ctx, f)));
    uint32_t n = 0;
    for (uint32_t x = 1; x <= s.vars.len; x++)
        n += good(&s, x);
    if (n) {
        s.rootpos = xcalloc(nv + 1, sizeof *s.rootpos);
        make_slots(&s);
        make_addrs(&s);
        rewrite(&s);
        uint32_t *repl = xcalloc(ir_num_values(f) + 1, sizeof *repl);
        for (uint32_t k = 0; k < s.repl.len; k += 2)
            repl[s.repl.data[k]] = s.repl.data[k + 1];
        opt_repl_apply(f, repl);
        free(repl);
        Arena a = {0};
        opt_compact_slots(f, &a, 0);
        arena_free(&a);
    }
    free(s.addr);
    free(s.rootpos);
    VEC_FREE(s.repl);
    opt_slot_names_free(&s.names);
    VEC_FREE(s.vars);
    VEC_FREE(s.leafty);
    VEC_FREE(s.access);
    VEC_FREE(s.derived);
    VEC_FREE(s.work);
    VEC_FREE(s.leafaddr);
    if (!n)
        opt_unchanged(ctx, f);
    return n;
}

bool
opt_sroa(OptCtx *ctx, IrModule *m)
{
    uint64_t n = 0;
    OPT_FOR_FUNCS(m, f)
        n += sroa_func(ctx, f);
    opt_count(ctx, "aggregates split", n);
    return true;
}
