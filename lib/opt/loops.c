/*
 * loops.c - natural loops.
 *
 * A back edge is an edge b -> h where h dominates b; the loop of header
 * h is h plus every block that reaches one of its back-edge sources
 * without passing through h (Aho, Sethi and Ullman).  Loops sharing a
 * header are one loop.  Loops are listed innermost first (an inner
 * loop's body is a strict subset of its outer loop's, so sorting by size
 * gives a valid order).  The cost is the sum of the loop sizes, that is
 * the function size times the nesting depth.
 *
 * Nesting comes from a walk of the loops outermost first: the parent of
 * a loop is the innermost loop seen so far that holds its header.  A
 * loop's preheader is reported when it exists: a block outside the loop
 * ending in `br` to the header, the header's only incoming edge from
 * outside.  opt_loops_preheaders creates the missing ones.
 */
#include "optutil.h"

#include <stdlib.h>
#include <string.h>

static int
by_size(const void *a, const void *b)
{
    const OptLoop *x = a, *y = b;
    if (x->nblocks != y->nblocks)
        return x->nblocks < y->nblocks ? -1 : 1;
    return x->header.id < y->header.id ? -1 : x->header.id > y->header.id;
}

void
opt_loops_compute(IrFunc *f, const IrCfg *c, const IrDomTree *d,
                  OptLoops *l, Arena *a)
{
    uint32_t nb = ir_num_blocks(f);
    memset(l, 0, sizeof *l);
    uint32_t *stamp = arena_alloc(a, (nb + 1) * sizeof *stamp);
    uint32_t *wl = arena_alloc(a, (nb + 1) * sizeof *wl);
    VEC(OptLoop) loops = {0};
    VEC(IrBlock) pool = {0};
    for (uint32_t r = 0; r < c->nrpo; r++) {
        IrBlock h = c->rpo[r];
        bool header = false;
        for (uint32_t e = c->pred_start[h.id]; e < c->pred_start[h.id + 1];
             e++) {
            IrBlock p = c->preds[e];
            if (ir_cfg_reachable(c, p) && ir_dom_dominates(d, c, h, p))
                header = true;
        }
        if (!header)
            continue;
        uint32_t id = loops.len + 1, n = 0, first = pool.len;
        stamp[h.id] = id;
        VEC_PUSH(pool, h);
        for (uint32_t e = c->pred_start[h.id]; e < c->pred_start[h.id + 1];
             e++) {
            IrBlock p = c->preds[e];
            if (ir_cfg_reachable(c, p) && ir_dom_dominates(d, c, h, p) &&
                stamp[p.id] != id) {
                stamp[p.id] = id;
                wl[n++] = p.id;
                VEC_PUSH(pool, p);
            }
        }
        while (n) {
            IrBlock b = {wl[--n]};
            for (uint32_t e = c->pred_start[b.id];
                 e < c->pred_start[b.id + 1]; e++) {
                IrBlock p = c->preds[e];
                if (!ir_cfg_reachable(c, p) || stamp[p.id] == id)
                    continue;
                stamp[p.id] = id;
                wl[n++] = p.id;
                VEC_PUSH(pool, p);
            }
        }
        OptLoop lp = {h, first, pool.len - first};
        VEC_PUSH(loops, lp);
    }
    l->n = loops.len;
    l->loops = arena_alloc(a, (loops.len + 1) * sizeof *l->loops);
    if (loops.len)
        memcpy(l->loops, loops.data, loops.len * sizeof *l->loops);
    l->blocks = arena_alloc(a, (pool.len + 1) * sizeof *l->blocks);
    if (pool.len)
        memcpy(l->blocks, pool.data, pool.len * sizeof *l->blocks);
    qsort(l->loops, l->n, sizeof *l->loops, by_size);
    VEC_FREE(loops);
    VEC_FREE(pool);

    /* Natural loops are disjoint or nested, so outermost first works. */
    l->nblocks = nb;
    l->innermost = arena_alloc(a, (nb + 1) * sizeof *l->innermost);
    for (uint32_t k = l->n; k-- > 0;) {
        OptLoop *lp = &l->loops[k];
        lp->parent = l->innermost[lp->header.id];
        lp->depth = lp->parent ? l->loops[lp->parent - 1].depth + 1 : 1;
        for (uint32_t j = 0; j < lp->nblocks; j++)
            l->innermost[l->blocks[lp->first + j].id] = k + 1;
    }
    /* Preheaders; 'stamp' marks the blocks of loop k with k + 1. */
    memset(stamp, 0, (nb + 1) * sizeof *stamp);
    for (uint32_t k = 0; k < l->n; k++) {
        OptLoop *lp = &l->loops[k];
        for (uint32_t j = 0; j < lp->nblocks; j++)
            stamp[l->blocks[lp->first + j].id] = k + 1;
        IrBlock h = lp->header, ph = {0};
        uint32_t nout = 0;
        for (uint32_t e = c->pred_start[h.id]; e < c->pred_start[h.id + 1];
             e++) {
            if (stamp[c->preds[e].id] != k + 1) {
                ph = c->preds[e];
                nout++;
            }
        }
        IrInst t = nout == 1 ? ir_layout_terminator(f, ph) : (IrInst){0};
        if (t.id && ir_inst_op(f, t) == IR_OP_BR)
            lp->preheader = ph;
    }
}

uint32_t
opt_loops_preheaders(IrFunc *f, const OptLoops *l, Arena *a)
{
    uint32_t nb = ir_num_blocks(f), made = 0;
    uint32_t *in = arena_alloc(a, (nb + 1) * sizeof *in);
    OptPreds p;
    opt_preds_compute(f, &p, a);
    VEC(OptEdge) outside = {0};
    VEC(IrValue) args = {0};
    for (uint32_t k = 0; k < l->n; k++) {
        const OptLoop *lp = &l->loops[k];
        for (uint32_t j = 0; j < lp->nblocks; j++)
            in[l->blocks[lp->first + j].id] = k + 1;
        IrBlock h = lp->header;
        outside.len = 0;
        for (uint32_t e = p.start[h.id]; e < p.start[h.id + 1]; e++) {
            IrBlock src = ir_layout_inst_block(f, p.e[e].inst);
            if (src.id && in[src.id] != k + 1)
                VEC_PUSH(outside, p.e[e]);
        }
        if (outside.len == 1 &&
            ir_inst_op(f, outside.data[0].inst) == IR_OP_BR)
            continue;       /* already has one */
        if (!outside.len)
            continue;       /* unreachable header: nothing to do */
        IrBlock ph = opt_block_before(f, h);
        args.len = 0;
        uint32_t np = ir_block(f, h)->nparams;
        if (outside.len == 1) {
            IrTarget *tg = ir_target(f, outside.data[0].inst,
                                     outside.data[0].tidx);
            for (uint32_t j = 0; j < tg->nargs; j++)
                VEC_PUSH(args, f->vpool.data[tg->args + j]);
        } else {
            for (uint32_t j = 0; j < np; j++) {
                IrType t = ir_value_type(f, ir_block_param(f, h, j));
                VEC_PUSH(args, ir_block_add_param(f, ph, t, 0));
            }
        }
        for (uint32_t e = 0; e < outside.len; e++) {
            IrInst i = outside.data[e].inst;
            uint32_t t = outside.data[e].tidx;
            if (outside.len == 1)
                ir_target_set_args(f, i, t, NULL, 0);
            ir_target(f, i, t)->block = ph;
        }
        IrBuilder b;
        ir_builder_at_end(&b, f, ph);
        ir_build_br(&b, h, args.data, args.len);
        made++;
        /* ph lies in every loop enclosing this one: the caller
         * recomputes the loops. */
    }
    VEC_FREE(outside);
    VEC_FREE(args);
    return made;
}

const OptLoops *
opt_am_loops_preheaded(OptAM *am, Arena *a, uint32_t *made)
{
    const OptLoops *ls = opt_am_loops(am);
    *made = ls->n ? opt_loops_preheaders(opt_am_func(am), ls, a) : 0;
    if (*made) {
        opt_am_changed(am, OPT_PRESERVE_NONE);
        ls = opt_am_loops(am);
    }
    return ls;
}
