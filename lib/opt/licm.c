/*
 * licm.c - loop-invariant code motion.
 *
 * Every loop first gets a preheader (loops.c).  Then, innermost loop
 * first, the blocks of the loop are scanned in reverse post-order and
 * an instruction is moved to the end of the preheader when all its
 * operands are defined outside the loop (or were hoisted already) and
 * executing it where the loop might not have run is harmless:
 *
 *   - pure instructions that cannot trap; division, remainder and
 *     shifts only with a constant operand that makes them defined
 *     (divisor not 0, and not -1 for the signed ones; amount < width);
 *   - non-volatile loads of a scalar other than bool from a slot,
 *     alloca or global at a known, aligned, in-bounds offset (so the
 *     address is dereferenceable), when no store in the loop may alias
 *     it and no call in the loop may touch it (alias.c).
 *
 * An operand defined outside the loop dominates the header and so the
 * preheader.  Hoisted instructions are then outside the inner loop and
 * are considered again for the enclosing loop.  Cost: the loop sizes
 * (the function size times the nesting depth) times log for sorting
 * each loop's blocks; loads are only hoisted from loops with at most
 * MAXSTORES stores, checked one by one.
 */
#include "optutil.h"

#include <stdlib.h>

enum { MAXSTORES = 64 };

typedef struct {
    IrFunc *f;
    OptAlias *al;       /* from the analysis manager */
    uint32_t *inloop;   /* block id -> stamp of the loop being done */
    uint32_t stamp;
    uint32_t nhoisted;
    IrInst stores[MAXSTORES + 1];   /* stores of the current loop */
    uint32_t nstores;
    bool calls;                     /* the current loop has a call */
} Licm;

static int
cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts blocks by reverse post-order position (keys packed with the
 * block id, so qsort needs no context). */
static void
rpo_sort(const IrCfg *c, IrBlock *v, uint32_t n)
{
    uint64_t *k = xmalloc((n + 1) * sizeof *k);
    for (uint32_t i = 0; i < n; i++)
        k[i] = (uint64_t)c->rpo_index[v[i].id] << 32 | v[i].id;
    qsort(k, n, sizeof *k, cmp_u64);
    for (uint32_t i = 0; i < n; i++)
        v[i] = (IrBlock){(uint32_t)k[i]};
    free(k);
}

static bool
outside(Licm *l, IrValue v)
{
    IrBlock b = opt_def_block(l->f, v);
    return !b.id || l->inloop[b.id] != l->stamp;
}

static bool
safe_load(Licm *l, IrInst i)
{
    IrFunc *f = l->f;
    IrInstData *d = ir_inst(f, i);
    if ((d->flags & IR_INSTF_VOLATILE) || !ir_type_is_scalar(d->ty) ||
        d->ty.id == IR_TY_BOOL)
        return false;
    IrValue addr = ir_inst_arg(f, i, 0);
    OptPtrInfo p = *opt_alias_base(f, l->al, addr);
    uint64_t size = ir_type_size(f->mod, d->ty);
    uint64_t osize = opt_alias_object_size(f, &p);
    if (!p.kind || !p.known_off || p.off % ir_type_align(f->mod, d->ty) ||
        p.off > osize || size > osize - p.off)
        return false;
    if (l->nstores > MAXSTORES ||
        (l->calls && !opt_alias_local_private(l->al, &p)))
        return false;
    for (uint32_t k = 0; k < l->nstores; k++) {
        IrInst j = l->stores[k];
        if (opt_may_alias(f, l->al, ir_inst_arg(f, j, 1),
                          ir_type_size(f->mod, ir_inst(f, j)->ty), addr,
                          size))
            return false;
    }
    return true;
}

static void
hoist_loop(Licm *l, const IrCfg *c, const OptLoops *ls, const OptLoop *lp)
{
    IrFunc *f = l->f;
    l->stamp++;
    for (uint32_t k = 0; k < lp->nblocks; k++)
        l->inloop[ls->blocks[lp->first + k].id] = l->stamp;
    /* The preheader: the header's one predecessor outside the loop. */
    IrBlock ph = {0};
    for (uint32_t e = c->pred_start[lp->header.id];
         e < c->pred_start[lp->header.id + 1]; e++) {
        IrBlock p = c->preds[e];
        if (l->inloop[p.id] != l->stamp) {
            if (ph.id)
                return;
            ph = p;
        }
    }
    IrInst pt = ph.id ? ir_layout_terminator(f, ph) : (IrInst){0};
    if (!pt.id || ir_inst_op(f, pt) != IR_OP_BR)
        return;
    /* Blocks in reverse post-order so operands come first. */
    uint32_t nb = lp->nblocks;
    IrBlock *order = xmalloc((nb + 1) * sizeof *order);
    for (uint32_t k = 0; k < nb; k++)
        order[k] = ls->blocks[lp->first + k];
    rpo_sort(c, order, nb);
    /* The loop's memory writes, for safe_load; past MAXSTORES stores
     * loads stay put (keeps the pass linear). */
    l->nstores = 0;
    l->calls = false;
    for (uint32_t k = 0; k < nb; k++) {
        IR_FOR_INSTS(f, order[k], j) {
            IrInstData *e = ir_inst(f, j);
            if (e->op == IR_OP_STORE && l->nstores <= MAXSTORES)
                l->stores[l->nstores++] = j;
            if (ir_op_info[e->op].flags & IR_OPF_CALL)
                l->calls = true;
        }
    }
    for (uint32_t r = 0; r < nb; r++) {
        IrBlock b = order[r];
        IrInst next;
        for (IrInst i = ir_layout_first_inst(f, b); i.id; i = next) {
            next = ir_layout_next_inst(f, i);
            IrInstData *d = ir_inst(f, i);
            if (!d->result.id)
                continue;
            bool ok;
            if (d->op == IR_OP_LOAD)
                ok = true;
            else
                ok = opt_speculable(f, i);
            for (uint32_t k = 0; ok && k < d->nargs; k++)
                ok = outside(l, ir_inst_arg(f, i, k));
            if (ok && d->op == IR_OP_LOAD)
                ok = safe_load(l, i);
            if (!ok)
                continue;
            ir_layout_move_inst_before(f, i, pt);
            l->nhoisted++;
        }
    }
    free(order);
}

static void
licm_func(OptCtx *ctx, IrFunc *f)
{
    if (!ir_layout_entry(f).id)
        return;
    OptAM *am = opt_am(ctx, f);
    Arena a = {0};
    uint32_t made;
    const OptLoops *ls = opt_am_loops_preheaded(am, &a, &made);
    /* Hoisting changes neither the block graph nor the alias facts, so
     * what is computed from here on stays valid (passes.def). */
    const IrCfg *c = opt_am_cfg(am);
    Licm l = {.f = f};
    if (ls->n) {
        l.al = opt_am_alias(am);
        l.inloop = arena_alloc(&a, (ir_num_blocks(f) + 1) *
                                   sizeof *l.inloop);
        for (uint32_t k = 0; k < ls->n; k++)
            hoist_loop(&l, c, ls, &ls->loops[k]);
    }
    arena_free(&a);
    if (!made && !l.nhoisted)
        opt_unchanged(ctx, f);
    opt_count(ctx, "preheaders created", made);
    opt_count(ctx, "instructions hoisted", l.nhoisted);
}

bool
opt_licm(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        licm_func(ctx, f);
    return true;
}
