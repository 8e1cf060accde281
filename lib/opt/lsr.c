/*
 * lsr.c - loop strength reduction: a product of an induction variable
 * and a loop-invariant value becomes an induction variable of its own,
 * stepped by an addition.
 *
 * A basic induction variable is a parameter P of a loop header H whose
 * argument on every edge from inside the loop is `iadd P, S`, with one
 * loop-invariant step S for all of them.  For `X = imul P, M` in the
 * loop, M loop-invariant and not a constant (those are cheap already:
 * lea, shl), H gets a parameter Q with
 *
 *   preheader edge:  Q = P0 * M        (P0: P's argument there)
 *   loop edges:      Q' = Q + S * M    (S * M computed in the preheader)
 *
 * and X is replaced by Q.  Arithmetic wraps, so Q = P * M holds exactly
 * on every iteration: (P0 + t*S) * M = P0*M + t*(S*M) mod 2^N.  The
 * typical case is the row offset `k * n` of a matrix walked by
 * columns.  Then (offset_param) an induction variable used only by its
 * increments and one `iadd Q, J`, J invariant, starts at Q0 + J and
 * replaces that addition: `k * n + j` costs one add per iteration.
 * Pointer induction variables (pointer_iv) only from i64 indices: SIR's
 * integer arithmetic has no "no overflow" promise, so `offset T, p, i32
 * k*n + j` becomes a pointer bumped by n*sizeof(T) only behind lver's
 * run-time check (lver.c), whose versioned loops index with i64
 * counters; lsr runs again after lver for them.
 *
 * Loops first get preheaders (loops.c).  Loops with more than MAXLATCH
 * edges back to the header are left alone; each other loop costs the
 * uses of its header's parameters, so the pass is linear.
 */
#include "optutil.h"

enum { MAXLATCH = 8 };

typedef struct {
    const OptCtx *ctx;
    IrFunc *f;
    const OptLoops *ls;
    const OptLoop *lp;  /* the loop being done */
    uint32_t nreduced, noffset, npointer;
    /* Def-use lists from before the pass: instructions it adds are
     * missing (they are only considered on the next run) and those it
     * removes are no longer laid out. */
    const IrUses *u;
    VEC(IrValue) repl;  /* pairs (X, Q), substituted at the end */
} Lsr;

/* True when v is defined outside the current loop.  A product this
 * pass removed (not laid out any more) is not: it becomes a header
 * parameter. */
static bool
invariant(Lsr *l, IrValue v)
{
    IrBlock b = opt_def_block(l->f, v);
    if (!b.id)
        return !opt_def_inst(l->f, v).id;
    return !opt_loop_has(l->ls, l->lp, b);
}

/* S when value v is `iadd p, S` with S loop-invariant, else 0. */
static IrValue
step_of(Lsr *l, IrValue v, IrValue p)
{
    IrFunc *f = l->f;
    IrInst d = opt_def_inst(f, v);
    if (!d.id || ir_inst_op(f, d) != IR_OP_IADD)
        return (IrValue){0};
    IrValue a = ir_inst_arg(f, d, 0), b = ir_inst_arg(f, d, 1);
    if (a.id == p.id && invariant(l, b))
        return b;
    if (b.id == p.id && invariant(l, a))
        return a;
    return (IrValue){0};
}

/* The step S when header parameter k of lp is a basic induction
 * variable (every edge from inside the loop passes `iadd P, S`, one
 * invariant S), else 0.  incs (when not NULL) gets the increments,
 * *ninc their count. */
static IrValue
iv_step(Lsr *l, const OptLoop *lp, const OptPreds *p, IrInst pre,
        uint32_t pre_t, uint32_t k, IrInst *incs, uint32_t *ninc)
{
    IrFunc *f = l->f;
    IrBlock h = lp->header;
    IrValue pv = ir_block_param(f, h, k);
    IrValue step = {0};
    uint32_t n = 0;
    for (uint32_t e = p->start[h.id]; e < p->start[h.id + 1]; e++) {
        OptEdge ed = p->e[e];
        if (ed.inst.id == pre.id && ed.tidx == pre_t)
            continue;
        IrTarget *tg = ir_target(f, ed.inst, ed.tidx);
        if (k >= tg->nargs)
            return (IrValue){0};
        IrValue a = f->vpool.data[tg->args + k];
        IrValue s = step_of(l, a, pv);
        if (!s.id || (step.id && s.id != step.id))
            return (IrValue){0};
        step = s;
        if (incs && n < MAXLATCH)
            incs[n] = opt_def_inst(f, a);
        n++;
    }
    if (ninc)
        *ninc = n;
    return step;
}

/* Gives header h a parameter Q that stands for x: q0 on the preheader
 * edge, and on each edge from the loop Q + step (an integer) or, when
 * elem is not NULL, offset *elem, Q, step.  x's uses read Q once the
 * recorded pairs are applied (the header dominates x and its uses). */
static void
new_iv(Lsr *l, const OptPreds *p, IrBlock h, IrInst pre, uint32_t pre_t,
       IrValue x, IrValue q0, const IrType *elem, IrValue step, IrLoc loc)
{
    IrFunc *f = l->f;
    IrType ty = ir_value_type(f, x);
    IrValue q = ir_block_add_param(f, h, ty, 0);
    opt_target_push_arg(f, pre, pre_t, q0);
    for (uint32_t e = p->start[h.id]; e < p->start[h.id + 1]; e++) {
        OptEdge ed = p->e[e];
        if (ed.inst.id == pre.id && ed.tidx == pre_t)
            continue;
        IrBuilder b;
        ir_builder_before(&b, f, ed.inst);
        b.loc = loc;
        IrValue qn = elem ? ir_build_offset(&b, *elem, q, step)
                          : ir_build_binary(&b, IR_OP_IADD, ty, q, step);
        opt_target_push_arg(f, ed.inst, ed.tidx, qn);
    }
    VEC_PUSH(l->repl, x);
    VEC_PUSH(l->repl, q);
}

/* Whether (B, P, size) costs nothing in every address X serves: the
 * target scales by size in any address, or (AArch64) in the loads and
 * stores of 'size' bytes through X. */
static bool
scale_free(Lsr *l, IrValue x, uint64_t size)
{
    if (opt_scale_free(l->ctx, size, 0))
        return true;
    const IrUses *u = l->u;
    IrFunc *f = l->f;
    if (x.id >= u->nvalues || u->start[x.id] == u->start[x.id + 1])
        return false;
    for (uint32_t k = u->start[x.id]; k < u->start[x.id + 1]; k++) {
        IrInst ui = u->uses[k].inst;
        IrInstData *ud = ir_inst(f, ui);
        uint32_t slot = u->uses[k].slot - ud->args;
        uint64_t access = 0;
        if ((ud->op == IR_OP_LOAD && slot == 0) ||
            (ud->op == IR_OP_STORE && slot == 1))
            access = ir_type_is_scalar(ud->ty) ? ir_type_size(f->mod, ud->ty)
                                               : 0;
        if (!opt_scale_free(l->ctx, size, access))
            return false;
    }
    return true;
}

/* `X = offset T, ptr B, i64 P`, B invariant and P the i64 induction
 * variable (header parameter k, step S), becomes a pointer parameter Q
 * of the header: Q = offset T, B, P0 before the loop and Q' = offset
 * T, Q, S on the loop edges.  Exact: offsets of an i64 index are
 * affine modulo 2^64, so B + (P0 + t*S)*size = Q0 + t*(S*size).  Only
 * for sizes the addressing mode cannot scale (scale_free), e.g. an
 * array of 56-byte structs, where X would be a multiplication per
 * iteration. */
static void
pointer_iv(Lsr *l, const OptPreds *p, IrBlock h, IrInst pre,
           uint32_t pre_t, uint32_t k, IrInst xi, IrValue step)
{
    IrFunc *f = l->f;
    IrInstData *xd = ir_inst(f, xi);
    IrValue pv = ir_block_param(f, h, k);
    IrValue base = ir_inst_arg(f, xi, 0);
    uint64_t size = ir_type_size(f->mod, xd->ty);
    if (ir_inst_arg(f, xi, 1).id != pv.id || base.id == pv.id ||
        ir_type_bits(ir_value_type(f, pv)) != 64 || !invariant(l, base) ||
        size == 0 || scale_free(l, xd->result, size))
        return;
    /* xd dies as the builder grows the instruction table */
    IrType et = xd->ty;
    IrLoc loc = xd->loc;
    IrValue x = xd->result;
    IrBuilder b;
    ir_builder_before(&b, f, pre);
    b.loc = loc;
    IrValue p0 = f->vpool.data[ir_target(f, pre, pre_t)->args + k];
    IrValue q0 = ir_build_offset(&b, et, base, p0);
    new_iv(l, p, h, pre, pre_t, x, q0, &et, step, loc);
    ir_layout_remove_inst(f, xi);
    l->npointer++;
}

/* Strength-reduces the products of header parameter k of loop lp. */
static void
reduce_param(Lsr *l, const OptLoops *ls, const OptLoop *lp,
             const OptPreds *p, IrInst pre, uint32_t pre_t, uint32_t k)
{
    const IrUses *u = l->u;
    IrFunc *f = l->f;
    IrBlock h = lp->header;
    IrValue pv = ir_block_param(f, h, k);
    IrValue step = iv_step(l, lp, p, pre, pre_t, k, NULL, NULL);
    if (!step.id || pv.id >= u->nvalues)
        return;
    for (uint32_t x = u->start[pv.id]; x < u->start[pv.id + 1]; x++) {
        IrInst mi = u->uses[x].inst;
        IrInstData *md = ir_inst(f, mi);
        IrBlock mb = ir_layout_inst_block(f, mi);
        if (!mb.id || !opt_loop_has(l->ls, l->lp, mb) || !md->result.id)
            continue;
        if (md->op == IR_OP_OFFSET) {
            pointer_iv(l, p, h, pre, pre_t, k, mi, step);
            continue;
        }
        if (md->op != IR_OP_IMUL)
            continue;
        IrValue a = ir_inst_arg(f, mi, 0), m = ir_inst_arg(f, mi, 1);
        if (a.id != pv.id) {
            IrValue t = a;
            a = m;
            m = t;
        }
        uint64_t c;
        if (a.id != pv.id || m.id == pv.id || !invariant(l, m) ||
            opt_const_bits(f, m, &c))
            continue;
        /* md dies as the builder grows the instruction table */
        IrType ty = md->ty;
        IrLoc loc = md->loc;
        IrValue x = md->result;
        /* the start and the step, in the preheader */
        IrTarget *ptg = ir_target(f, pre, pre_t);
        IrValue p0 = f->vpool.data[ptg->args + k];
        IrBuilder b;
        ir_builder_before(&b, f, pre);
        b.loc = loc;
        IrValue q0 = ir_build_binary(&b, IR_OP_IMUL, ty, p0, m);
        IrValue sm = m;
        if (!opt_const_bits(f, step, &c) || c != 1)
            sm = ir_build_binary(&b, IR_OP_IMUL, ty, step, m);
        new_iv(l, p, h, pre, pre_t, x, q0, NULL, sm, loc);
        ir_layout_remove_inst(f, mi);
        l->nreduced++;
    }
    (void)ls;
}

/* Folds an invariant addend into induction variable k of lp: when k's
 * only uses are its increments (each used once, by its edge) and one
 * `Y = iadd k, J` in the loop with J invariant, k starts at k0 + J
 * instead and stands for Y.  The increments add S to Y just as well,
 * and the addition per iteration is gone (`k*n + j` of a matrix walked
 * by columns, after the product became an induction variable). */
static void
offset_param(Lsr *l, const OptLoop *lp, const OptPreds *p, IrInst pre,
             uint32_t pre_t, uint32_t k)
{
    const IrUses *u = l->u;
    IrFunc *f = l->f;
    IrValue pv = ir_block_param(f, lp->header, k);
    IrInst incs[MAXLATCH];
    uint32_t ninc;
    if (pv.id >= u->nvalues ||
        !iv_step(l, lp, p, pre, pre_t, k, incs, &ninc).id ||
        ninc > MAXLATCH)
        return;
    for (uint32_t q = 0; q < ninc; q++)
        if (ir_uses_count(u, ir_inst_result(f, incs[q])) != 1)
            return;
    IrInst y = {0};
    IrValue j = {0};
    for (uint32_t x = u->start[pv.id]; x < u->start[pv.id + 1]; x++) {
        IrInst ui = u->uses[x].inst;
        bool inc = false;
        for (uint32_t q = 0; q < ninc; q++)
            inc |= incs[q].id == ui.id;
        if (inc)
            continue;
        IrBlock ub = ir_layout_inst_block(f, ui);
        if (y.id || ir_inst_op(f, ui) != IR_OP_IADD || !ub.id ||
            !opt_loop_has(l->ls, l->lp, ub))
            return;
        IrValue a = ir_inst_arg(f, ui, 0), b = ir_inst_arg(f, ui, 1);
        j = a.id == pv.id ? b : a;
        if (j.id == pv.id || !invariant(l, j))
            return;
        y = ui;
    }
    if (!y.id)
        return;
    IrBuilder b;
    ir_builder_before(&b, f, pre);
    b.loc = ir_inst(f, y)->loc;
    IrValue yv = ir_inst_result(f, y);
    uint32_t slot = ir_target(f, pre, pre_t)->args + k;
    IrValue y0 = ir_build_binary(&b, IR_OP_IADD, ir_value_type(f, yv),
                                 f->vpool.data[slot], j);
    f->vpool.data[ir_target(f, pre, pre_t)->args + k] = y0;
    VEC_PUSH(l->repl, yv);
    VEC_PUSH(l->repl, pv);
    ir_layout_remove_inst(f, y);
    l->noffset++;
}

static void
reduce_loop(Lsr *l, const OptLoops *ls, const OptLoop *lp,
            const OptPreds *p, bool offsets)
{
    IrFunc *f = l->f;
    l->lp = lp;
    /* the preheader edge: the header's one edge from outside, a br */
    IrBlock h = lp->header;
    IrInst pre = {0};
    uint32_t pre_t = 0;
    for (uint32_t e = p->start[h.id]; e < p->start[h.id + 1]; e++) {
        IrBlock src = ir_layout_inst_block(f, p->e[e].inst);
        if (opt_loop_has(ls, lp, src))
            continue;
        if (pre.id)
            return;
        pre = p->e[e].inst;
        pre_t = p->e[e].tidx;
    }
    /* a few latches at most, so that looking at every edge for every
     * parameter stays linear */
    if (!pre.id || ir_inst_op(f, pre) != IR_OP_BR ||
        opt_npreds(p, h) > MAXLATCH + 1)
        return;
    uint32_t np = ir_block(f, h)->nparams;
    for (uint32_t k = 0; k < np; k++) {
        if (offsets)
            offset_param(l, lp, p, pre, pre_t, k);
        else
            reduce_param(l, ls, lp, p, pre, pre_t, k);
    }
}

/* Substitutes the recorded pairs (X, Q) and forgets them. */
static void
apply_repl(Lsr *l, Arena *a)
{
    if (!l->repl.len)
        return;
    IrFunc *f = l->f;
    uint32_t *repl = arena_alloc(a, (ir_num_values(f) + 1) * sizeof *repl);
    for (uint32_t k = 0; k < l->repl.len; k += 2)
        repl[l->repl.data[k].id] = l->repl.data[k + 1].id;
    opt_repl_apply(f, repl);
    l->repl.len = 0;
}

static void
lsr_func(OptCtx *ctx, IrFunc *f)
{
    if (!ir_layout_entry(f).id)
        return;
    OptAM *am = opt_am(ctx, f);
    Arena a = {0};
    uint32_t made;
    const OptLoops *ls = opt_am_loops_preheaded(am, &a, &made);
    /* What follows keeps the block graph (passes.def). */
    Lsr l = {.ctx = ctx, .f = f, .ls = ls};
    if (ls->n) {
        const OptPreds *p = opt_am_preds(am);
        /* products first, then addends: the uses again, as the
         * products' parameters are what the addends fold into */
        for (int phase = 0; phase < 2; phase++) {
            l.u = opt_am_uses(am);
            for (uint32_t k = 0; k < ls->n; k++)
                reduce_loop(&l, ls, &ls->loops[k], p, phase == 1);
            apply_repl(&l, &a);
        }
    }
    VEC_FREE(l.repl);
    arena_free(&a);
    if (!made && !l.nreduced && !l.noffset && !l.npointer)
        opt_unchanged(ctx, f);
    opt_count(ctx, "preheaders created", made);
    opt_count(ctx, "multiplications strength-reduced", l.nreduced);
    opt_count(ctx, "addends folded into induction variables", l.noffset);
    opt_count(ctx, "pointer induction variables made", l.npointer);
}

bool
opt_lsr(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        lsr_func(ctx, f);
    return true;
}
