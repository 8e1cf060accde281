/*
 * simplifycfg.c - control-flow simplification.
 *
 * Each round runs these steps, each linear, with fresh edge lists:
 *
 *   1. `condbr` on a constant becomes a `br` to the taken target;
 *   2. blocks unreachable from the entry are deleted;
 *   3. a block whose only incoming edge is a `br` from A is merged into
 *      A (its parameters are replaced by the arguments);
 *   4. edges into a block that only forwards (`E(..): br T(..)`, no
 *      instructions) are threaded to T, substituting E's parameters;
 *      not when E's parameters are used beyond its branch (E dominates
 *      those uses) or when a `condbr` would get the same block twice
 *      (F6);
 *   5. two tests in a row with a common destination become one test of
 *      their `and` or `or` (fold_to_common_dest);
 *   6. a diamond or triangle below a `condbr` whose arms only forward
 *      or compute a few cheap values becomes `sel` instructions and
 *      one `br` (the arms' instructions move up, within a budget);
 *   7. redundant and dead block parameters are removed.
 *
 * Rounds repeat until nothing changes, at most MAXROUNDS times: each
 * round is linear and real code settles in two or three rounds, so the
 * bound keeps the pass linear on adversarial input without losing
 * anything in practice.
 */
#include "optutil.h"

#include <string.h>

enum { MAXROUNDS = 16, MAXSELS = 8, SPECBUDGET = 4 };

typedef struct {
    OptCtx *ctx;
    IrFunc *f;
    OptAM *am;          /* edge lists; dropped after each change */
    Arena *a;
    VEC(IrValue) tmp;
} Simp;

/* Replaces terminator 'old' by `br target(args)`. */
static void
replace_with_br(Simp *s, IrInst old, IrBlock target, const IrValue *args,
                uint32_t nargs)
{
    IrFunc *f = s->f;
    s->tmp.len = 0;
    for (uint32_t k = 0; k < nargs; k++)
        VEC_PUSH(s->tmp, args[k]);
    IrBuilder b;
    ir_builder_before(&b, f, old);
    b.loc = ir_inst(f, old)->loc;
    ir_build_br(&b, target, s->tmp.data, nargs);
    ir_layout_remove_inst(f, old);
}

static uint32_t
fold_const_branches(Simp *s)
{
    IrFunc *f = s->f;
    uint32_t n = 0;
    IR_FOR_BLOCKS(f, b) {
        IrInst t = ir_layout_terminator(f, b);
        uint64_t c;
        if (!t.id || ir_inst_op(f, t) != IR_OP_CONDBR ||
            !opt_const_bits(f, ir_inst_arg(f, t, 0), &c))
            continue;
        IrTarget tg = *ir_target(f, t, c & 1 ? 0 : 1);
        replace_with_br(s, t, tg.block, f->vpool.data + tg.args, tg.nargs);
        n++;
    }
    return n;
}

/* The block b's only incoming edge when it is a `br` from another block
 * (b can be merged into that block), else a null edge. */
static OptEdge
merge_edge(IrFunc *f, const OptPreds *p, IrBlock entry, IrBlock b)
{
    if (b.id == entry.id || opt_npreds(p, b) != 1)
        return (OptEdge){0};
    OptEdge e = p->e[p->start[b.id]];
    if (ir_inst_op(f, e.inst) != IR_OP_BR)
        return (OptEdge){0};
    IrBlock a = ir_layout_inst_block(f, e.inst);
    return a.id && a.id != b.id ? e : (OptEdge){0};
}

/* Moves b's instructions to the end of a in place of the br e. */
static void
merge_into(IrFunc *f, IrBlock a, IrBlock b, OptEdge e, uint32_t *repl)
{
    IrTarget *tg = ir_target(f, e.inst, 0);
    IrBlockData *bd = ir_block(f, b);
    for (uint32_t k = 0; k < bd->nparams && k < tg->nargs; k++)
        repl[ir_block_param(f, b, k).id] = f->vpool.data[tg->args + k].id;
    ir_layout_remove_inst(f, e.inst);
    IrInst in;
    while ((in = ir_layout_first_inst(f, b)).id) {
        ir_layout_remove_inst(f, in);
        ir_layout_append_inst(f, in, a);
    }
    ir_layout_remove_block(f, b);
}

/* A chain of mergeable blocks is merged into its head, following the
 * branches down, so every instruction moves once whatever the layout
 * order (merging each block into its predecessor as the layout meets
 * it moved a chain laid out backwards once per link: issue 21's
 * ptrchain).  Then what is left, cycles of mergeable blocks with no
 * head (unreachable), merges block by block. */
static uint32_t
merge_blocks(Simp *s)
{
    IrFunc *f = s->f;
    const OptPreds p = *opt_am_preds(s->am);
    uint32_t *repl = arena_alloc(s->a, ir_num_values(f) * sizeof *repl);
    IrBlock entry = ir_layout_entry(f);
    uint32_t merged = 0;
    IrBlock next;
    for (IrBlock a = entry; a.id; a = next) {
        while (!merge_edge(f, &p, entry, a).inst.id) {
            IrInst t = ir_layout_terminator(f, a);
            if (!t.id || ir_inst_op(f, t) != IR_OP_BR)
                break;
            IrBlock b = ir_target(f, t, 0)->block;
            OptEdge e = merge_edge(f, &p, entry, b);
            if (!e.inst.id)
                break;
            merge_into(f, a, b, e, repl);
            merged++;
        }
        next = ir_layout_next_block(f, a);
    }
    for (IrBlock b = entry; b.id; b = next) {
        next = ir_layout_next_block(f, b);
        OptEdge e = merge_edge(f, &p, entry, b);
        if (!e.inst.id)
            continue;
        merge_into(f, ir_layout_inst_block(f, e.inst), b, e, repl);
        merged++;
    }
    if (merged)
        opt_repl_apply(f, repl);
    return merged;
}

/* A block made of one `br` and nothing else; returns that br. */
static IrInst
forwarder(IrFunc *f, IrBlock b)
{
    IrInst i = ir_layout_first_inst(f, b);
    if (i.id && ir_inst_op(f, i) == IR_OP_BR &&
        ir_layout_next_inst(f, i).id == 0 &&
        ir_target(f, i, 0)->block.id != b.id)
        return i;
    return (IrInst){0};
}

/* The argument E's br passes at position k, seen from an edge whose
 * arguments for E's parameters are 'in'. */
static IrValue
thread_arg(IrFunc *f, IrBlock e, IrValue v, const IrValue *in, uint32_t nin)
{
    IrValueData *vd = ir_value(f, v);
    if (vd->kind == IR_VAL_PARAM && vd->def == e.id && vd->index < nin)
        return in[vd->index];
    return v;
}

/* True when a parameter of e is used outside e's own branch: then e
 * dominates that use and edges must keep going through e. */
static bool
params_escape(IrFunc *f, const IrUses *u, IrBlock e, IrInst br)
{
    IrBlockData *bd = ir_block(f, e);
    for (uint32_t k = 0; k < bd->nparams; k++) {
        IrValue pv = ir_block_param(f, e, k);
        for (uint32_t x = u->start[pv.id]; x < u->start[pv.id + 1]; x++)
            if (u->uses[x].inst.id != br.id)
                return true;
    }
    return false;
}

static uint32_t
thread_jumps(Simp *s)
{
    IrFunc *f = s->f;
    const OptPreds p = *opt_am_preds(s->am);
    const IrUses *u = opt_am_uses(s->am);
    IrBlock entry = ir_layout_entry(f);
    uint32_t n = 0;
    VEC(IrValue) in = {0};
    IR_FOR_BLOCKS(f, e) {
        IrInst br;
        if (e.id == entry.id || !(br = forwarder(f, e)).id ||
            params_escape(f, u, e, br))
            continue;
        IrBlock t = ir_target(f, br, 0)->block;
        for (uint32_t x = p.start[e.id]; x < p.start[e.id + 1]; x++) {
            IrInst pi = p.e[x].inst;
            uint32_t ti = p.e[x].tidx;
            IrTarget *tg = ir_target(f, pi, ti);
            if (tg->block.id != e.id || pi.id == br.id)
                continue;
            IrInstData *pd = ir_inst(f, pi);
            if (pd->op == IR_OP_CONDBR &&
                ir_target(f, pi, 1 - ti)->block.id == t.id)
                continue;
            in.len = 0;
            for (uint32_t k = 0; k < tg->nargs; k++)
                VEC_PUSH(in, f->vpool.data[tg->args + k]);
            s->tmp.len = 0;
            IrTarget *bt = ir_target(f, br, 0);
            for (uint32_t k = 0; k < bt->nargs; k++) {
                IrValue v = f->vpool.data[ir_target(f, br, 0)->args + k];
                VEC_PUSH(s->tmp, thread_arg(f, e, v, in.data, in.len));
            }
            ir_target_set_args(f, pi, ti, s->tmp.data, s->tmp.len);
            ir_target(f, pi, ti)->block = t;
            n++;
        }
    }
    VEC_FREE(in);
    return n;
}

/* Cost of running i on both sides of a branch: 0 for constants, 1 for
 * one cheap operation, over the budget for what is slow even when it
 * cannot trap (division, frem: a libcall) or must not run early. */
static uint32_t
spec_cost(IrFunc *f, IrInst i)
{
    IrInstData *d = ir_inst(f, i);
    if (!opt_speculable(f, i))
        return SPECBUDGET + 1;
    switch (d->op) {
    case IR_OP_SDIV: case IR_OP_UDIV: case IR_OP_SREM: case IR_OP_UREM:
    case IR_OP_FDIV: case IR_OP_FREM:
        return SPECBUDGET + 1;
    default:
        return ir_op_info[d->op].flags & IR_OPF_CONST ? 0 : 1;
    }
}

/* An arm of a diamond: a block without parameters whose single
 * incoming edge comes from 'from' and which ends in a `br`, after
 * instructions that may all run unconditionally (*cost: their total
 * spec_cost).  Their values are used only in the arm itself, since it
 * dominates no other block, so they can move up in front of 'from'.
 * Returns the arm's br. */
static IrInst
side_block(IrFunc *f, const OptPreds *p, IrBlock b, IrInst from,
           uint32_t *cost)
{
    IrInst br = ir_layout_terminator(f, b);
    *cost = 0;
    if (!br.id || ir_inst_op(f, br) != IR_OP_BR ||
        ir_target(f, br, 0)->block.id == b.id || ir_block(f, b)->nparams ||
        opt_npreds(p, b) != 1 || p->e[p->start[b.id]].inst.id != from.id)
        return (IrInst){0};
    for (IrInst i = ir_layout_first_inst(f, b); i.id != br.id;
         i = ir_layout_next_inst(f, i)) {
        *cost += spec_cost(f, i);
        if (*cost > SPECBUDGET)
            return (IrInst){0};
    }
    return br;
}

/* Moves the instructions of arm b (all but its br) in front of 'at'. */
static void
hoist_arm(IrFunc *f, IrBlock b, IrInst br, IrInst at)
{
    IrInst i;
    while ((i = ir_layout_first_inst(f, b)).id != br.id)
        ir_layout_move_inst_before(f, i, at);
}

/* Turns `condbr c, X, Y` with X, Y forwarding to one block J (or one of
 * them being J) into sel instructions and `br J(..)`.  X and Y may
 * compute values first, as LLVM's FoldTwoEntryPHINode speculates: at
 * most SPECBUDGET cheap instructions in both together, which then run
 * unconditionally.  A branch that mispredicts costs far more than that
 * on a modern core; one that predicts well costs about as much. */
static uint32_t
form_sels(Simp *s)
{
    IrFunc *f = s->f;
    const OptPreds p = *opt_am_preds(s->am);
    uint32_t n = 0;
    VEC(IrValue) tv = {0};
    VEC(IrValue) fv = {0};
    IR_FOR_BLOCKS(f, a) {
        IrInst cb = ir_layout_terminator(f, a);
        if (!cb.id || ir_inst_op(f, cb) != IR_OP_CONDBR)
            continue;
        IrBlock x = ir_target(f, cb, 0)->block;
        IrBlock y = ir_target(f, cb, 1)->block;
        uint32_t xc, yc;
        IrInst xb = side_block(f, &p, x, cb, &xc);
        IrInst yb = side_block(f, &p, y, cb, &yc);
        IrBlock j;
        /* Edges into J as (inst, target) for the true and false arm. */
        IrInst ti, fi;
        uint32_t tt, ft, cost;
        if (xb.id && yb.id &&
            ir_target(f, xb, 0)->block.id == ir_target(f, yb, 0)->block.id) {
            j = ir_target(f, xb, 0)->block;
            ti = xb, tt = 0, fi = yb, ft = 0;
            cost = xc + yc;
        } else if (xb.id && ir_target(f, xb, 0)->block.id == y.id) {
            j = y;
            ti = xb, tt = 0, fi = cb, ft = 1;
            cost = xc;
            yb = (IrInst){0};
        } else if (yb.id && ir_target(f, yb, 0)->block.id == x.id) {
            j = x;
            ti = cb, tt = 0, fi = yb, ft = 0;
            cost = yc;
            xb = (IrInst){0};
        } else {
            continue;
        }
        if (j.id == a.id || cost > SPECBUDGET)
            continue;
        tv.len = fv.len = 0;
        IrTarget *t1 = ir_target(f, ti, tt), *t2 = ir_target(f, fi, ft);
        uint32_t nsel = 0;
        for (uint32_t k = 0; k < t1->nargs; k++) {
            IrValue v1 = f->vpool.data[t1->args + k];
            IrValue v2 = f->vpool.data[t2->args + k];
            nsel += v1.id != v2.id;
            VEC_PUSH(tv, v1);
            VEC_PUSH(fv, v2);
        }
        if (nsel > MAXSELS)
            continue;
        if (xb.id)
            hoist_arm(f, x, xb, cb);
        if (yb.id)
            hoist_arm(f, y, yb, cb);
        IrValue cond = ir_inst_arg(f, cb, 0);
        IrBuilder b;
        ir_builder_before(&b, f, cb);
        b.loc = ir_inst(f, cb)->loc;
        for (uint32_t k = 0; k < tv.len; k++)
            if (tv.data[k].id != fv.data[k].id)
                tv.data[k] = ir_build_sel(&b, ir_value_type(f, tv.data[k]),
                                          cond, tv.data[k], fv.data[k]);
        replace_with_br(s, cb, j, tv.data, tv.len);
        n++;
    }
    VEC_FREE(tv);
    VEC_FREE(fv);
    return n;
}

/* Whether targets k of i and j of b pass the same arguments. */
static bool
same_args(IrFunc *f, IrInst i, uint32_t k, IrInst b, uint32_t j)
{
    IrTarget *x = ir_target(f, i, k), *y = ir_target(f, b, j);
    if (x->block.id != y->block.id || x->nargs != y->nargs)
        return false;
    for (uint32_t q = 0; q < x->nargs; q++)
        if (f->vpool.data[x->args + q].id != f->vpool.data[y->args + q].id)
            return false;
    return true;
}

/*
 * A chain of two tests with a common destination becomes one test of
 * their `and` (`or`), as LLVM's FoldBranchToCommonDest:
 *
 *   A: condbr c1, B, F(a)          A: ...B's instructions...
 *   B: condbr c2, T(t), F(a)   =>     condbr (c1 and c2), T(t), F(a)
 *
 * (B's other target is F: c1 and not c2; A's false arm is B: or.)  B has
 * no parameters, A as its only predecessor and at most BONUS cheap
 * instructions before its branch, which then run unconditionally; the
 * `a` passed to F must be the same values on both edges.  Range tests
 * (c >= '0' && c <= '9') then become one compare in instcombine.
 */
enum { BONUS = 2 };

static uint32_t
fold_to_common_dest(Simp *s)
{
    IrFunc *f = s->f;
    const OptPreds p = *opt_am_preds(s->am);
    uint32_t n = 0;
    /* B blocks already folded: unreachable now, never an A (the edge
     * lists are of the start of the step; the other changes only lower
     * predecessor counts, which is conservative) */
    uint8_t *gone = arena_alloc(s->a, ir_num_blocks(f) + 1);
    IR_FOR_BLOCKS(f, a) {
        IrInst cb = ir_layout_terminator(f, a);
        if (gone[a.id] || !cb.id || ir_inst_op(f, cb) != IR_OP_CONDBR)
            continue;
        for (uint32_t side = 0; side < 2; side++) {
            IrBlock b = ir_target(f, cb, side)->block;
            IrInst bb = ir_layout_terminator(f, b);
            if (b.id == a.id || gone[b.id] || !bb.id ||
                ir_inst_op(f, bb) != IR_OP_CONDBR ||
                ir_block(f, b)->nparams || ir_target(f, cb, side)->nargs ||
                opt_npreds(&p, b) != 1)
                continue;
            /* j: B's target that is A's other one; B's other is T */
            uint32_t j = 2;
            for (uint32_t q = 0; q < 2; q++)
                if (same_args(f, cb, 1 - side, bb, q))
                    j = q;
            IrBlock t = ir_target(f, bb, 1 - j)->block;
            if (j == 2 || t.id == ir_target(f, cb, 1 - side)->block.id ||
                t.id == b.id)
                continue;
            uint32_t cost = 0;
            for (IrInst i = ir_layout_first_inst(f, b); i.id != bb.id &&
                 cost <= BONUS; i = ir_layout_next_inst(f, i))
                cost += spec_cost(f, i);
            if (cost > BONUS)
                continue;
            hoist_arm(f, b, bb, cb);
            IrBuilder bd;
            ir_builder_before(&bd, f, cb);
            bd.loc = ir_inst(f, cb)->loc;
            IrValue c1 = ir_inst_arg(f, cb, 0), c2 = ir_inst_arg(f, bb, 0);
            /* and (side 0): T when c1 and c2, or not c2 when B's true
             * target is the common one (j = 0); or (side 1): the common
             * one when c1 or c2, or not c2 when it is B's false target */
            if (j == side)
                c2 = ir_build_binary(&bd, IR_OP_XOR, IR_T_BOOL, c2,
                                     ir_build_bconst(&bd, true));
            IrValue c = ir_build_binary(&bd, side ? IR_OP_OR : IR_OP_AND,
                                        IR_T_BOOL, c1, c2);
            /* the new targets: T where B went on 1 - j, the common one
             * where A went on 1 - side */
            IrTarget tt = *ir_target(f, bb, 1 - j);
            IrTarget ct = *ir_target(f, cb, 1 - side);
            s->tmp.len = 0;
            for (uint32_t q = 0; q < tt.nargs; q++)
                VEC_PUSH(s->tmp, f->vpool.data[tt.args + q]);
            uint32_t nt = tt.nargs;
            for (uint32_t q = 0; q < ct.nargs; q++)
                VEC_PUSH(s->tmp, f->vpool.data[ct.args + q]);
            IrBlock blocks[2];
            const IrValue *args[2];
            uint32_t nargs[2];
            /* and: true -> T, false -> common; or: the reverse */
            const IrValue *ta = nt ? s->tmp.data : NULL;
            const IrValue *ca = ct.nargs ? s->tmp.data + nt : NULL;
            if (!side) {
                blocks[0] = tt.block, args[0] = ta, nargs[0] = nt;
                blocks[1] = ct.block, args[1] = ca, nargs[1] = ct.nargs;
            } else {
                blocks[0] = ct.block, args[0] = ca, nargs[0] = ct.nargs;
                blocks[1] = tt.block, args[1] = ta, nargs[1] = nt;
            }
            ir_inst_args(f, cb)[0] = c;
            ir_inst_set_targets(f, cb, blocks, args, nargs, 2);
            gone[b.id] = 1;
            n++;
            break;
        }
    }
    return n;
}

/* Passes k on; when a step changed something, the cached edge lists
 * (and everything else) are stale for the next step. */
static uint32_t
step(Simp *s, uint32_t k)
{
    if (k)
        opt_am_changed(s->am, OPT_PRESERVE_NONE);
    return k;
}

static void
simplify(OptCtx *ctx, IrFunc *f)
{
    Simp s = {ctx, f, opt_am(ctx, f), NULL, {0}};
    uint64_t nfold = 0, nunreach = 0, nmerge = 0, nthread = 0, nsel = 0;
    uint64_t nchain = 0;
    uint64_t nparam = 0, total = 0;
    for (int round = 0; round < MAXROUNDS; round++) {
        Arena a = {0};
        s.a = &a;
        uint32_t c = 0, k;
        c += k = step(&s, fold_const_branches(&s)), nfold += k;
        c += k = step(&s, opt_remove_unreachable_blocks(f, &a)), nunreach += k;
        c += k = step(&s, merge_blocks(&s)), nmerge += k;
        c += k = step(&s, thread_jumps(&s)), nthread += k;
        c += k = step(&s, opt_remove_unreachable_blocks(f, &a)), nunreach += k;
        c += k = step(&s, fold_to_common_dest(&s)), nchain += k;
        c += k = step(&s, opt_remove_unreachable_blocks(f, &a)), nunreach += k;
        c += k = step(&s, form_sels(&s)), nsel += k;
        c += k = step(&s, opt_remove_unreachable_blocks(f, &a)), nunreach += k;
        /* These two keep the edges (only arguments go). */
        c += k = opt_remove_redundant_params(f, opt_am_preds(s.am), &a, NULL),
             nparam += k;
        c += k = opt_remove_dead_params(f, opt_am_preds(s.am), &a, NULL),
             nparam += k;
        arena_free(&a);
        total += c;
        if (!c)
            break;
    }
    VEC_FREE(s.tmp);
    if (!total)
        opt_unchanged(ctx, f);
    else if (!(nfold | nunreach | nmerge | nthread | nsel | nchain))
        opt_preserve(ctx, f, OPT_PRESERVE_CFG);
    opt_count(ctx, "branches folded", nfold);
    opt_count(ctx, "blocks removed", nunreach);
    opt_count(ctx, "blocks merged", nmerge);
    opt_count(ctx, "jumps threaded", nthread);
    opt_count(ctx, "sels formed", nsel);
    opt_count(ctx, "branch chains joined", nchain);
    opt_count(ctx, "block parameters removed", nparam);
}

bool
opt_simplifycfg(OptCtx *ctx, IrModule *m)
{
    OPT_FOR_FUNCS(m, f)
        simplify(ctx, f);
    return true;
}
