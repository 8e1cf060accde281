/*
 * counted.c - the simplest counted loop, the shape unroll and lver
 * transform: two blocks,
 *
 *   PH:  ... br H(args)          the header's only edge from outside
 *   H(params):  constants only, then c = icmp slt|ult i, n and
 *               condbr c on to B (either side), the other side out
 *   B:   entered from H only, no parameters, ends in br H(..) passing
 *        `iadd i, C` (C a nonzero constant) for i
 *
 * with i a parameter of H and n defined outside the loop.  B may use
 * H's constants but not its compare, so B can be copied without H.
 */
#include "optutil.h"

#include <string.h>

bool
opt_counted_outside(IrFunc *f, const OptCounted *c, IrValue v)
{
    IrBlock b = opt_def_block(f, v);
    if (!b.id)
        return !opt_def_inst(f, v).id;
    return b.id != c->h.id && b.id != c->b.id;
}

/* The header's compare: i's index, n, the sense. */
static bool
header_ok(IrFunc *f, OptCounted *s, const IrUses *us)
{
    s->hbr = ir_layout_terminator(f, s->h);
    if (!s->hbr.id || ir_inst_op(f, s->hbr) != IR_OP_CONDBR)
        return false;
    IrTarget *t0 = ir_target(f, s->hbr, 0), *t1 = ir_target(f, s->hbr, 1);
    bool in0 = t0->block.id == s->b.id || t0->block.id == s->h.id;
    bool in1 = t1->block.id == s->b.id || t1->block.id == s->h.id;
    if (in0 == in1)
        return false;
    s->body_on_true = in0;
    IrTarget *tb = in0 ? t0 : t1;
    s->exit = in0 ? t1->block : t0->block;
    if (tb->block.id != s->b.id || tb->nargs || ir_block(f, s->b)->nparams)
        return false;
    IrValue c = ir_inst_arg(f, s->hbr, 0);
    s->cmp = opt_def_inst(f, c);
    IR_FOR_INSTS(f, s->h, i) {
        if (i.id != s->cmp.id && i.id != s->hbr.id && !opt_is_const_inst(f, i))
            return false;
    }
    if (!s->cmp.id || ir_layout_inst_block(f, s->cmp).id != s->h.id ||
        ir_inst_op(f, s->cmp) != IR_OP_ICMP || ir_uses_count(us, c) != 1)
        return false;
    IrInstData *cd = ir_inst(f, s->cmp);
    IrPred p = (IrPred)cd->pred;
    IrValue a = ir_inst_arg(f, s->cmp, 0), n = ir_inst_arg(f, s->cmp, 1);
    if (!ir_type_is_int(cd->ty))
        return false;
    /* i on the left */
    IrValueData *ad = ir_value(f, a);
    if (!(ad->kind == IR_VAL_PARAM && ad->def == s->h.id)) {
        IrValue t = a;
        a = n;
        n = t;
        switch (p) {
        case IR_PRED_SGT: p = IR_PRED_SLT; break;
        case IR_PRED_UGT: p = IR_PRED_ULT; break;
        case IR_PRED_SLE: p = IR_PRED_SGE; break;
        case IR_PRED_ULE: p = IR_PRED_UGE; break;
        default: return false;
        }
        ad = ir_value(f, a);
        if (!(ad->kind == IR_VAL_PARAM && ad->def == s->h.id))
            return false;
    }
    /* continue <=> i < n */
    if (!s->body_on_true) {
        if (p == IR_PRED_SGE)
            p = IR_PRED_SLT;
        else if (p == IR_PRED_UGE)
            p = IR_PRED_ULT;
        else
            return false;
    }
    if ((p != IR_PRED_SLT && p != IR_PRED_ULT) || !opt_counted_outside(f, s, n))
        return false;
    s->sgn = p == IR_PRED_SLT;
    s->iv = ad->index;
    s->n = n;
    return true;
}

/* B's branch back, its use of H, and i's step. */
static bool
body_ok(IrFunc *f, OptCounted *s)
{
    s->bbr = ir_layout_terminator(f, s->b);
    if (!s->bbr.id || ir_inst_op(f, s->bbr) != IR_OP_BR ||
        ir_target(f, s->bbr, 0)->block.id != s->h.id)
        return false;
    IR_FOR_INSTS(f, s->b, i) {
        IrInstData *d = ir_inst(f, i);
        for (uint32_t k = 0; k < d->nargs; k++) {
            IrInst ai = opt_def_inst(f, ir_inst_arg(f, i, k));
            if (ai.id && ir_layout_inst_block(f, ai).id == s->h.id &&
                !opt_is_const_inst(f, ai))
                return false;
        }
    }
    IrTarget *bt = ir_target(f, s->bbr, 0);
    if (bt->nargs != s->np)
        return false;
    IrValue iv = ir_block_param(f, s->h, s->iv);
    IrInst inc = opt_def_inst(f, f->vpool.data[bt->args + s->iv]);
    if (!inc.id || ir_inst_op(f, inc) != IR_OP_IADD ||
        ir_layout_inst_block(f, inc).id != s->b.id)
        return false;
    IrValue x = ir_inst_arg(f, inc, 0), y = ir_inst_arg(f, inc, 1);
    if (y.id == iv.id) {
        IrValue t = x;
        x = y;
        y = t;
    }
    return x.id == iv.id && opt_const_bits(f, y, &s->step) && s->step;
}

static bool
counted_loop(IrFunc *f, const OptLoops *ls, const OptLoop *lp,
             const OptPreds *p, const IrUses *us, OptCounted *s)
{
    if (lp->nblocks != 2)
        return false;
    memset(s, 0, sizeof *s);
    s->h = lp->header;
    IrBlock o = ls->blocks[lp->first];
    s->b = o.id == s->h.id ? ls->blocks[lp->first + 1] : o;
    s->np = ir_block(f, s->h)->nparams;
    /* the preheader edge: the header's one edge from outside, a br */
    for (uint32_t e = p->start[s->h.id]; e < p->start[s->h.id + 1]; e++) {
        IrBlock src = ir_layout_inst_block(f, p->e[e].inst);
        if (src.id == s->h.id || src.id == s->b.id)
            continue;
        if (s->pre.id)
            return false;
        s->pre = p->e[e].inst;
    }
    if (!s->pre.id || ir_inst_op(f, s->pre) != IR_OP_BR)
        return false;
    return header_ok(f, s, us) && opt_npreds(p, s->b) == 1 && body_ok(f, s);
}

uint32_t
opt_counted_loops(OptCtx *ctx, IrFunc *f,
                  void (*fn)(void *user, OptCountedWalk *w), void *user)
{
    if (!ir_layout_entry(f).id)
        return 0;
    OptAM *am = opt_am(ctx, f);
    Arena a = {0};
    uint32_t made;
    const OptLoops *ls = opt_am_loops_preheaded(am, &a, &made);
    if (ls->n) {
        OptCountedWalk w = {.f = f, .a = &a};
        const OptPreds *p = opt_am_preds(am);
        const IrUses *us = opt_am_uses(am);
        w.us = us;
        w.inloop = arena_alloc(&a, (ir_num_blocks(f) + 1) * sizeof *w.inloop);
        w.nmap = ir_num_values(f);
        w.map = arena_alloc(&a, (w.nmap + 1) * sizeof *w.map);
        /* Two-block loops hold no other loop and share no block, so
         * rewriting one changes no other's blocks, and the uses it adds
         * are of values the others do not look at: the analyses and
         * the uses from the start serve every loop. */
        for (uint32_t k = 0; k < ls->n; k++) {
            const OptLoop *lp = &ls->loops[k];
            if (lp->nblocks != 2)
                continue;
            w.stamp++;
            for (uint32_t j = 0; j < lp->nblocks; j++)
                w.inloop[ls->blocks[lp->first + j].id] = w.stamp;
            if (!counted_loop(f, ls, lp, p, us, &w.s))
                continue;
            fn(user, &w);
            /* a later loop may use this one's values as invariants */
            opt_map_forget_block(f, w.map, w.nmap, w.s.h);
            opt_map_forget_block(f, w.map, w.nmap, w.s.b);
        }
    }
    arena_free(&a);
    return made;
}
