/*
 * func.c - the DFG of a function: dense arrays of instructions, values,
 * blocks, stack slots, operand lists and branch targets; the opcode and
 * predicate tables; def-use lists computed on demand.
 *
 * Operand lists live in one pool (vpool).  Replacing a list with one of
 * another length appends a new run and leaves the old one unused, so
 * ids and indices stay valid; ir_func_compact is not needed for
 * correctness, only to reclaim space.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

const IrOpInfo ir_op_info[IR_NUM_OPS] = {
#define OP(e, s, fmt, na, fl) [IR_OP_##e] = {s, fmt, na, fl},
#include "ops.def"
#undef OP
};

static const char *const pred_names[IR_NUM_PREDS] = {
    "eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle",
    "ord", "uno", "oeq", "one", "ogt", "oge", "olt", "ole", "ueq", "une",
};

const char *
ir_pred_name(IrPred p)
{
    return p < IR_NUM_PREDS ? pred_names[p] : "?";
}

bool
ir_pred_is_icmp(IrPred p)
{
    return p <= IR_PRED_SLE;
}

bool
ir_pred_is_fcmp(IrPred p)
{
    return (p >= IR_PRED_UGT && p <= IR_PRED_ULE) ||
           (p >= IR_PRED_ORD && p < IR_NUM_PREDS);
}

IrFunc *
ir_func_new(IrModule *m, IrSym sym)
{
    IrFunc *f = xcalloc(1, sizeof *f);
    f->mod = m;
    f->sym = sym;
    VEC_PUSH(f->insts, ((IrInstData){0}));
    VEC_PUSH(f->values, ((IrValueData){0}));
    VEC_PUSH(f->blocks, ((IrBlockData){0}));
    VEC_PUSH(f->slots, ((IrSlotData){0}));
    VEC_PUSH(f->vpool, ((IrValue){0}));
    VEC_PUSH(f->targets, ((IrTarget){0}));
    return f;
}

void
ir_func_free(IrFunc *f)
{
    if (!f)
        return;
    ir_func_release(f);
    free(f);
}

/* A function's arrays, for release, shrink and clone to walk one list:
 * the body's, and the parser's locations (which a clone leaves out). */
#define FUNC_BODY_VECS(X) \
    X(insts) X(values) X(blocks) X(slots) X(vpool) X(targets)
#define FUNC_PARSE_VECS(X) X(vlocs) X(tcols)

#define FREE_VEC(v) VEC_FREE(f->v);

void
ir_func_release(IrFunc *f)
{
    FUNC_BODY_VECS(FREE_VEC)
    FUNC_PARSE_VECS(FREE_VEC)
    free(f->label_set);
    IrLayout *l = &f->layout;
    free(l->inext);
    free(l->iprev);
    free(l->iblock);
    free(l->bfirst);
    free(l->blast);
    free(l->bnext);
    free(l->bprev);
    free(l->binserted);
    f->label_set = NULL;
    f->label_cap = f->label_count = f->label_nblocks = 0;
    memset(l, 0, sizeof *l);
}

#define SHRINK(v) \
    (f->v.cap > f->v.len && f->v.len ? \
     (f->v.data = xrealloc(f->v.data, (size_t)f->v.len * sizeof *f->v.data), \
      f->v.cap = f->v.len) : 0);

void
ir_func_shrink(IrFunc *f)
{
    FUNC_BODY_VECS(SHRINK)
    FUNC_PARSE_VECS(SHRINK)
}

/* n elements of p, or NULL for none. */
static void *
dup_n(const void *p, size_t n, size_t size)
{
    if (!n || !p)
        return NULL;
    void *q = xmalloc(n * size);
    memcpy(q, p, n * size);
    return q;
}

#define CLONE_VEC(v) \
    (g->v.data = dup_n(f->v.data, f->v.len, sizeof *f->v.data), \
     g->v.len = g->v.cap = g->v.data ? f->v.len : 0);

IrFunc *
ir_func_clone(const IrFunc *f)
{
    IrFunc *g = xcalloc(1, sizeof *g);
    g->mod = f->mod;
    g->sym = f->sym;
    g->loc = f->loc;
    g->label_seq = f->label_seq;
    FUNC_BODY_VECS(CLONE_VEC)
    const IrLayout *l = &f->layout;
    IrLayout *k = &g->layout;
    k->inext = dup_n(l->inext, l->icap, sizeof *l->inext);
    k->iprev = dup_n(l->iprev, l->icap, sizeof *l->iprev);
    k->iblock = dup_n(l->iblock, l->icap, sizeof *l->iblock);
    k->icap = k->ialloc = k->inext ? l->icap : 0;
    k->bfirst = dup_n(l->bfirst, l->bcap, sizeof *l->bfirst);
    k->blast = dup_n(l->blast, l->bcap, sizeof *l->blast);
    k->bnext = dup_n(l->bnext, l->bcap, sizeof *l->bnext);
    k->bprev = dup_n(l->bprev, l->bcap, sizeof *l->bprev);
    k->binserted = dup_n(l->binserted, l->bcap, sizeof *l->binserted);
    k->bcap = k->bfirst ? l->bcap : 0;
    k->first = l->first;
    k->last = l->last;
    return g;
}

const IrSigData *
ir_func_sig(const IrFunc *f)
{
    return ir_sig(f->mod, ir_sym_c(f->mod, f->sym)->sig);
}

uint32_t
ir_vlist(IrFunc *f, const IrValue *vals, uint32_t n)
{
    uint32_t first = f->vpool.len;
    if (n == 0)
        return first;
    VEC_RESERVE_RAW(f->vpool, first + n);
    IrValue *d = f->vpool.data + first;
    /* Most lists are one to three operands: copied in place, where a
     * call to memcpy cost more than the copy (0.5% of reading a module). */
    if (n <= 4) {
        for (uint32_t k = 0; k < n; k++)
            d[k] = vals[k];
    } else
        memcpy(d, vals, n * sizeof *vals);
    f->vpool.len += n;
    return first;
}

IrValue
ir_value_create(IrFunc *f, IrType ty, uint32_t name)
{
    IrValueData d = {.ty = ty, .kind = IR_VAL_NONE, .name = name};
    uint32_t id = f->values.len;
    VEC_PUSH(f->values, d);
    return (IrValue){id};
}

IrInst
ir_inst_create(IrFunc *f, const IrInstData *proto, const IrValue *args,
               uint32_t nargs, IrType rty)
{
    /* The fields 'proto' gives are copied one by one straight into the
     * array.  Copying the struct whole (into a local, then the array)
     * had the copy's 16-byte loads wait on the narrow stores that had
     * just filled the fields: three store-forwarding stalls, 7% of
     * reading a module.  A new field of IrInstData is copied here. */
    uint32_t id = f->insts.len;
    uint32_t first = ir_vlist(f, args, nargs);
    IrValue r = {0};
    if (rty.id) {
        r = ir_value_create(f, rty, 0);
        IrValueData *v = ir_value(f, r);
        v->kind = IR_VAL_INST;
        v->def = id;
    }
    VEC_RESERVE_RAW(f->insts, id + 1);
    IrInstData *d = &f->insts.data[id];
    memset(d, 0, sizeof *d);
    d->op = proto->op;
    d->pred = proto->pred;
    d->flags = proto->flags;
    d->ty = proto->ty;
    d->ty2 = proto->ty2;
    d->loc = proto->loc;
    d->imm = proto->imm;
    d->args = first;
    d->nargs = nargs;
    d->result = r;
    f->insts.len = id + 1;
    return (IrInst){id};
}

void
ir_inst_set_targets(IrFunc *f, IrInst i, const IrBlock *blocks,
                    const IrValue *const *args, const uint32_t *nargs,
                    uint32_t ntargets)
{
    uint32_t first = f->targets.len;
    for (uint32_t k = 0; k < ntargets; k++) {
        IrTarget t = {blocks[k], ir_vlist(f, args ? args[k] : NULL,
                                          nargs ? nargs[k] : 0),
                      nargs ? nargs[k] : 0};
        VEC_PUSH(f->targets, t);
    }
    ir_inst(f, i)->targets = first;
    ir_inst(f, i)->ntargets = (uint8_t)ntargets;
}

void
ir_inst_set_args(IrFunc *f, IrInst i, const IrValue *args, uint32_t nargs)
{
    IrInstData *d = ir_inst(f, i);
    if (nargs <= d->nargs) {
        /* Shrinking in place keeps the pool compact; memmove because
         * 'args' may point into the old run. */
        if (nargs)
            memmove(f->vpool.data + d->args, args, nargs * sizeof *args);
        d->nargs = nargs;
        return;
    }
    uint32_t first = ir_vlist(f, args, nargs);
    d = ir_inst(f, i);
    d->args = first;
    d->nargs = nargs;
}

void
ir_target_set_args(IrFunc *f, IrInst i, uint32_t t, const IrValue *args,
                   uint32_t nargs)
{
    IrTarget *tg = ir_target(f, i, t);
    if (nargs <= tg->nargs) {
        if (nargs)
            memmove(f->vpool.data + tg->args, args, nargs * sizeof *args);
        tg->nargs = nargs;
        return;
    }
    uint32_t first = ir_vlist(f, args, nargs);
    tg = ir_target(f, i, t);
    tg->args = first;
    tg->nargs = nargs;
}

IrBlock
ir_block_create_named(IrFunc *f, uint32_t name)
{
    IrBlockData d = {.name = name, .params = f->vpool.len};
    uint32_t id = f->blocks.len;
    VEC_PUSH(f->blocks, d);
    return (IrBlock){id};
}

static uint32_t
label_slot(const IrFunc *f, uint32_t name)
{
    uint32_t mask = f->label_cap - 1;
    uint32_t k = (name * 2654435761u) & mask;
    while (f->label_set[k] && f->label_set[k] != name)
        k = (k + 1) & mask;
    return k;
}

static void
label_add(IrFunc *f, uint32_t name)
{
    if (!name)
        return;
    if (2 * (f->label_count + 1) > f->label_cap) {
        uint32_t *old = f->label_set, oldcap = f->label_cap;
        f->label_cap = oldcap ? 2 * oldcap : 64;
        f->label_set = xcalloc(f->label_cap, sizeof *f->label_set);
        for (uint32_t k = 0; k < oldcap; k++)
            if (old[k])
                f->label_set[label_slot(f, old[k])] = old[k];
        free(old);
    }
    uint32_t k = label_slot(f, name);
    if (!f->label_set[k]) {
        f->label_set[k] = name;
        f->label_count++;
    }
}

/* True when some block of f is labelled 'name'.  The set catches up
 * with the blocks created since the last call, so inventing n labels
 * costs O(n + blocks) in all, not O(n * blocks). */
static bool
label_used(IrFunc *f, uint32_t name)
{
    for (; f->label_nblocks < f->blocks.len; f->label_nblocks++)
        if (f->label_nblocks)
            label_add(f, f->blocks.data[f->label_nblocks].name);
    return f->label_cap && f->label_set[label_slot(f, name)] == name;
}

IrBlock
ir_block_create(IrFunc *f, const char *name)
{
    if (name)
        return ir_block_create_named(f, ir_intern(f->mod, name, strlen(name)));
    char buf[32];
    for (;;) {
        int n = snprintf(buf, sizeof buf, "bb%u", ++f->label_seq);
        uint32_t id = ir_str_find(f->mod, buf, (size_t)n);
        if (!id || !label_used(f, id))
            return ir_block_create_named(f, ir_intern(f->mod, buf, (size_t)n));
    }
}

IrValue
ir_block_add_param(IrFunc *f, IrBlock b, IrType ty, uint32_t name)
{
    IrValue v = ir_value_create(f, ty, name);
    IrBlockData *bd = ir_block(f, b);
    uint32_t n = bd->nparams;
    if (bd->params + n != f->vpool.len) {
        /* Not at the end of the pool: move the run there. */
        uint32_t first = f->vpool.len;
        VEC_RESERVE(f->vpool, first + n + 1);
        bd = ir_block(f, b);
        if (n)
            memcpy(f->vpool.data + first, f->vpool.data + bd->params,
                   n * sizeof(IrValue));
        f->vpool.len += n;
        bd->params = first;
    }
    VEC_PUSH(f->vpool, v);
    bd = ir_block(f, b);
    bd->nparams = n + 1;
    IrValueData *vd = ir_value(f, v);
    vd->kind = IR_VAL_PARAM;
    vd->def = b.id;
    vd->index = n;
    return v;
}

void
ir_block_remove_param(IrFunc *f, IrBlock b, uint32_t k)
{
    IrBlockData *bd = ir_block(f, b);
    IR_ASSERT(k < bd->nparams);
    IrValue *p = f->vpool.data + bd->params;
    ir_value(f, p[k])->kind = IR_VAL_NONE;
    for (uint32_t i = k; i + 1 < bd->nparams; i++) {
        p[i] = p[i + 1];
        ir_value(f, p[i])->index = i;
    }
    bd->nparams--;
}

IrSlot
ir_slot_create(IrFunc *f, IrType ty, uint32_t name)
{
    IrSlotData d = {.ty = ty, .name = name};
    uint32_t id = f->slots.len;
    VEC_PUSH(f->slots, d);
    return (IrSlot){id};
}

/* Runs the statements for every vpool index 'slot' holding a use in
 * instruction i: its operands, then each target's arguments. */
#define FOR_USE_SLOTS(f, i, slot, ...)                                  \
    do {                                                                 \
        IrInstData *d_ = ir_inst(f, i);                                  \
        for (uint32_t k_ = 0; k_ < d_->nargs; k_++) {                    \
            uint32_t slot = d_->args + k_;                               \
            __VA_ARGS__;                                                  \
        }                                                                \
        for (uint32_t t_ = 0; t_ < d_->ntargets; t_++) {                 \
            IrTarget *tg_ = &f->targets.data[d_->targets + t_];          \
            for (uint32_t k_ = 0; k_ < tg_->nargs; k_++) {               \
                uint32_t slot = tg_->args + k_;                          \
                __VA_ARGS__;                                             \
            }                                                            \
        }                                                                \
    } while (0)

void
ir_replace_all_uses(IrFunc *f, IrValue from, IrValue to)
{
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            FOR_USE_SLOTS(f, i, s, {
                if (f->vpool.data[s].id == from.id)
                    f->vpool.data[s] = to;
            });
        }
    }
}

/* One walk of the layout gathers every use in order, then a counting
 * sort by value groups them.  The layout is a linked list whose
 * instructions are scattered in memory once passes have edited it, so
 * walking it is cache-miss bound on large functions: walking it once
 * rather than twice (count, then fill) is what keeps this cheap.  Uses
 * keep layout order within each value, as before. */
void
ir_uses_compute(IrFunc *f, IrUses *u)
{
    uint32_t nv = ir_num_values(f);
    u->nvalues = nv;
    u->start = xcalloc(nv + 2, sizeof *u->start);
    /* Each use owns a distinct vpool slot, so vpool.len bounds them. */
    uint32_t cap = f->vpool.len ? f->vpool.len : 1;
    IrUse *seq = xmalloc(cap * sizeof *seq);
    uint32_t total = 0;
    IR_FOR_BLOCKS(f, b) {
        IR_FOR_INSTS(f, b, i) {
            FOR_USE_SLOTS(f, i, s, {
                u->start[f->vpool.data[s].id + 2]++;
                seq[total++] = (IrUse){i, s};
            });
        }
    }
    IR_ASSERT(total <= cap);
    for (uint32_t v = 2; v < nv + 2; v++)
        u->start[v] += u->start[v - 1];
    u->uses = xmalloc((total ? total : 1) * sizeof *u->uses);
    /* start[v+1] is the fill cursor of v; after filling it is the end of
     * v's run, which is the start of v+1's. */
    for (uint32_t k = 0; k < total; k++) {
        uint32_t v = f->vpool.data[seq[k].slot].id;
        u->uses[u->start[v + 1]++] = seq[k];
    }
    free(seq);
}

void
ir_uses_free(IrUses *u)
{
    free(u->start);
    free(u->uses);
    u->start = NULL;
    u->uses = NULL;
}
