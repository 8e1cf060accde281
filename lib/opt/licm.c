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
 * are considered again for the enclosing loop, from the inner
 * preheader, which is one of the enclosing loop's own blocks.
 *
 * Linear in the nest depth (issue 21): a loop scans only its own blocks
 * (those of no inner loop), because what stayed in an inner loop stays
 * in the outer one too: it has an operand defined in the inner loop, or
 * it may trap (loop-independent), or it is a load that a store or call
 * of the inner loop blocks, and the outer loop holds those as well.
 * Only an inner loop that was skipped (no preheader) is scanned whole
 * by its parent.  The stores and calls of a loop are gathered once,
 * bottom-up, at most MAXSTORES + 1 stores per loop (loads are only
 * hoisted from loops with at most MAXSTORES stores, checked one by
 * one).
 */
#include "optutil.h"

#include <stdlib.h>
#include <string.h>

enum { MAXSTORES = 64 };

/* The memory writes of a loop and of its inner loops. */
typedef struct {
    IrInst stores[MAXSTORES + 1];
    uint32_t nstores;
    bool calls;
    bool skipped;       /* no preheader: the parent scans it whole */
} Writes;

typedef struct {
    IrFunc *f;
    OptAlias *al;       /* from the analysis manager */
    const OptLoops *ls;
    const OptLoop *lp;  /* the loop being done */
    const Writes *w;    /* its writes */
    uint32_t nhoisted;
} Licm;

static bool
outside(Licm *l, IrValue v)
{
    IrBlock b = opt_def_block(l->f, v);
    return !b.id || !opt_loop_has(l->ls, l->lp, b);
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
    const Writes *w = l->w;
    if (w->nstores > MAXSTORES ||
        (w->calls && !opt_alias_local_private(l->al, &p)))
        return false;
    for (uint32_t k = 0; k < w->nstores; k++) {
        IrInst j = w->stores[k];
        if (opt_may_alias(f, l->al, ir_inst_arg(f, j, 1),
                          ir_type_size(f->mod, ir_inst(f, j)->ty), addr,
                          size))
            return false;
    }
    return true;
}

static void
add_store(Writes *w, IrInst s)
{
    if (w->nstores <= MAXSTORES)
        w->stores[w->nstores++] = s;
}

/* Every loop's stores and calls, inner loops' included: each block is
 * read once, for its innermost loop, and each loop adds its own to its
 * parent's (inner loops come first). */
static Writes *
gather_writes(IrFunc *f, const OptLoops *ls)
{
    Writes *w = xcalloc(ls->n + 1, sizeof *w);
    for (uint32_t k = 0; k < ls->n; k++) {
        const OptLoop *lp = &ls->loops[k];
        for (uint32_t j = 0; j < lp->nown; j++)
            IR_FOR_INSTS(f, ls->blocks[lp->first + j], i) {
                IrInstData *e = ir_inst(f, i);
                if (e->op == IR_OP_STORE)
                    add_store(&w[k], i);
                if (ir_op_info[e->op].flags & IR_OPF_CALL)
                    w[k].calls = true;
            }
        if (lp->parent) {
            Writes *p = &w[lp->parent - 1];
            for (uint32_t j = 0; j < w[k].nstores; j++)
                add_store(p, w[k].stores[j]);
            p->calls |= w[k].calls;
        }
    }
    return w;
}

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

/* The blocks loop k scans, in reverse post-order: its own, and the
 * whole of every inner loop that was skipped. */
static uint32_t
scan_blocks(const IrCfg *c, const OptLoops *ls, uint32_t k,
            const Writes *w, IrBlock **out)
{
    const OptLoop *lp = &ls->loops[k];
    VEC(IrBlock) v = {0};
    for (uint32_t j = 0; j < lp->nown; j++)
        VEC_PUSH(v, ls->blocks[lp->first + j]);
    /* Children lie in ranges after the own blocks, each one a loop
     * whose parent is k; a skipped child brings its whole range. */
    for (uint32_t j = lp->first + lp->nown; j < lp->first + lp->nblocks;) {
        /* a child's range starts with its header */
        uint32_t q = ls->innermost[ls->blocks[j].id] - 1;
        const OptLoop *ch = &ls->loops[q];
        if (w[q].skipped)
            for (uint32_t i = 0; i < ch->nblocks; i++)
                VEC_PUSH(v, ls->blocks[ch->first + i]);
        j = ch->first + ch->nblocks;
    }
    if (v.len > lp->nown)
        rpo_sort(c, v.data, v.len);
    *out = v.data;
    return v.len;
}
static void
hoist_loop(Licm *l, const IrCfg *c, uint32_t k, Writes *w)
{
    IrFunc *f = l->f;
    const OptLoops *ls = l->ls;
    const OptLoop *lp = &ls->loops[k];
    l->lp = lp;
    l->w = &w[k];
    /* The preheader: the header's one predecessor outside the loop. */
    IrBlock ph = {0};
    for (uint32_t e = c->pred_start[lp->header.id];
         e < c->pred_start[lp->header.id + 1]; e++) {
        IrBlock p = c->preds[e];
        if (!opt_loop_has(ls, lp, p)) {
            if (ph.id) {
                w[k].skipped = true;
                return;
            }
            ph = p;
        }
    }
    IrInst pt = ph.id ? ir_layout_terminator(f, ph) : (IrInst){0};
    if (!pt.id || ir_inst_op(f, pt) != IR_OP_BR) {
        w[k].skipped = true;
        return;
    }
    IrBlock *order;
    uint32_t nb = scan_blocks(c, ls, k, w, &order);
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
            for (uint32_t j = 0; ok && j < d->nargs; j++)
                ok = outside(l, ir_inst_arg(f, i, j));
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
    Licm l = {.f = f, .ls = ls};
    if (ls->n) {
        l.al = opt_am_alias(am);
        Writes *w = gather_writes(f, ls);
        for (uint32_t k = 0; k < ls->n; k++)
            hoist_loop(&l, c, k, w);
        free(w);
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
