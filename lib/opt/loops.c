/*
 * loops.c - natural loops.
 *
 * A back edge is an edge b -> h where h dominates b; the loop of header
 * h is h plus every block that reaches one of its back-edge sources
 * without passing through h (Aho, Sethi and Ullman).  Loops sharing a
 * header are one loop.
 *
 * The walk is linear (up to the inverse Ackermann of a union-find), as
 * in Havlak's and LLVM's loop info: headers are taken inner first
 * (reverse post-order: an inner header is dominated by its outer one),
 * and the backward walk from a loop's back-edge sources, on reaching a
 * block already in a loop, jumps to the outermost loop found so far
 * around it, makes that loop a child of the current one and goes on from
 * its header's predecessors.  So every block is claimed once, by its
 * innermost loop, and every loop is crossed once, by its parent.  A
 * deep nest thus costs its size, not its size times its depth (issue
 * 21: 12,000 nested loops took 3.2 GB when each loop listed its blocks).
 *
 * Loops are then listed smallest first (an inner loop is smaller than
 * its outer one, so inner come first) and their blocks laid out along
 * the tree (optutil.h), so each loop is one range of one array.  A
 * loop's preheader is reported when it exists: a block outside the loop
 * ending in `br` to the header, the header's only incoming edge from
 * outside.  opt_loops_preheaders creates the missing ones.
 */
#include "optutil.h"

#include <stdlib.h>
#include <string.h>

/* Per loop while computing, indexed by discovery number (1-based). */
typedef struct {
    IrBlock header;
    uint32_t parent;    /* discovery number of the enclosing loop */
    uint32_t up;        /* union-find link towards the outermost known */
    uint32_t nown, nblocks;
    uint32_t rank;      /* final index + 1 */
    uint32_t next;      /* layout cursor */
} Found;

/* The outermost loop found so far around loop x (path halving). */
static uint32_t
outermost(Found *fd, uint32_t x)
{
    while (fd[x].up) {
        if (fd[fd[x].up].up)
            fd[x].up = fd[fd[x].up].up;
        x = fd[x].up;
    }
    return x;
}

static bool
is_header(const IrCfg *c, const IrDomTree *d, IrBlock h)
{
    for (uint32_t e = c->pred_start[h.id]; e < c->pred_start[h.id + 1]; e++)
        if (ir_cfg_reachable(c, c->preds[e]) &&
            ir_dom_dominates(d, c, h, c->preds[e]))
            return true;
    return false;
}

/* Pushes b's reachable predecessors onto wl. */
static uint32_t
push_preds(const IrCfg *c, IrBlock b, uint32_t *wl, uint32_t n)
{
    for (uint32_t e = c->pred_start[b.id]; e < c->pred_start[b.id + 1]; e++)
        if (ir_cfg_reachable(c, c->preds[e]))
            wl[n++] = c->preds[e].id;
    return n;
}

static int
by_size(const void *a, const void *b)
{
    const Found *x = *(Found *const *)a, *y = *(Found *const *)b;
    if (x->nblocks != y->nblocks)
        return x->nblocks < y->nblocks ? -1 : 1;
    return x->header.id < y->header.id ? -1 : x->header.id > y->header.id;
}

void
opt_loops_compute(IrFunc *f, const IrCfg *c, const IrDomTree *d,
                  OptLoops *l, Arena *a)
{
    uint32_t nb = ir_num_blocks(f), ne = c->pred_start[nb + 1];
    memset(l, 0, sizeof *l);
    l->nblocks = nb;
    l->innermost = arena_alloc(a, (nb + 1) * sizeof *l->innermost);
    l->pos = arena_alloc(a, (nb + 1) * sizeof *l->pos);
    for (uint32_t b = 0; b <= nb; b++)
        l->pos[b] = UINT32_MAX;
    /* An edge is pushed at most twice: as a back edge of its header,
     * and as an edge into a block claimed or a loop header crossed. */
    uint32_t *wl = xmalloc((2 * (size_t)ne + 1) * sizeof *wl);
    uint32_t *in = l->innermost;    /* discovery numbers until the end */
    VEC(Found) fd = {0};
    VEC_PUSH(fd, (Found){0});
    for (uint32_t r = c->nrpo; r-- > 0;) {
        IrBlock h = c->rpo[r];
        if (!is_header(c, d, h))
            continue;
        uint32_t id = fd.len, n = 0;
        VEC_PUSH(fd, ((Found){.header = h}));
        in[h.id] = id;
        for (uint32_t e = c->pred_start[h.id]; e < c->pred_start[h.id + 1];
             e++) {
            IrBlock p = c->preds[e];
            if (ir_cfg_reachable(c, p) && ir_dom_dominates(d, c, h, p))
                wl[n++] = p.id;
        }
        while (n) {
            IrBlock b = {wl[--n]};
            if (!in[b.id]) {
                in[b.id] = id;
                n = push_preds(c, b, wl, n);
                continue;
            }
            uint32_t s = outermost(fd.data, in[b.id]);
            if (s == id)
                continue;
            fd.data[s].parent = fd.data[s].up = id;
            n = push_preds(c, fd.data[s].header, wl, n);
        }
    }
    free(wl);
    uint32_t nl = fd.len - 1;
    Found *lf = fd.data;
    /* Sizes: children were found before their parents. */
    for (uint32_t r = 0; r < c->nrpo; r++)
        if (in[c->rpo[r].id])
            lf[in[c->rpo[r].id]].nown++;
    for (uint32_t k = 1; k <= nl; k++) {
        lf[k].nblocks += lf[k].nown;
        if (lf[k].parent)
            lf[lf[k].parent].nblocks += lf[k].nblocks;
    }
    Found **order = xmalloc((nl + 1) * sizeof *order);
    for (uint32_t k = 0; k < nl; k++)
        order[k] = &lf[k + 1];
    qsort(order, nl, sizeof *order, by_size);
    for (uint32_t k = 0; k < nl; k++)
        order[k]->rank = k + 1;
    l->n = nl;
    l->loops = arena_alloc(a, (nl + 1) * sizeof *l->loops);
    /* Outermost first (larger after smaller): parents are placed before
     * their children, each child's range after its parent's own blocks
     * and its earlier siblings. */
    uint32_t cursor = 0;
    for (uint32_t k = nl; k-- > 0;) {
        Found *x = order[k];
        OptLoop *lp = &l->loops[k];
        lp->header = x->header;
        lp->nblocks = x->nblocks;
        lp->nown = x->nown;
        if (x->parent) {
            Found *p = &lf[x->parent];
            lp->parent = p->rank;
            lp->depth = l->loops[p->rank - 1].depth + 1;
            lp->first = p->next;
            p->next += x->nblocks;
        } else {
            lp->depth = 1;
            lp->first = cursor;
            cursor += x->nblocks;
        }
        x->next = lp->first + x->nown;
    }
    /* Own blocks in reverse post-order, so the header first. */
    l->blocks = arena_alloc(a, (cursor + 1) * sizeof *l->blocks);
    for (uint32_t k = 0; k < nl; k++)
        order[k]->next = l->loops[k].first;
    for (uint32_t r = 0; r < c->nrpo; r++) {
        IrBlock b = c->rpo[r];
        if (!in[b.id])
            continue;
        Found *x = &lf[in[b.id]];
        l->pos[b.id] = x->next;
        l->blocks[x->next++] = b;
        in[b.id] = x->rank;
    }
    free(order);
    VEC_FREE(fd);
    for (uint32_t k = 0; k < nl; k++) {
        OptLoop *lp = &l->loops[k];
        IrBlock h = lp->header, ph = {0};
        uint32_t nout = 0;
        for (uint32_t e = c->pred_start[h.id]; e < c->pred_start[h.id + 1];
             e++) {
            if (!opt_loop_has(l, lp, c->preds[e])) {
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
    uint32_t made = 0;
    OptPreds p;
    opt_preds_compute(f, &p, a);
    VEC(OptEdge) outside = {0};
    VEC(IrValue) args = {0};
    for (uint32_t k = 0; k < l->n; k++) {
        const OptLoop *lp = &l->loops[k];
        IrBlock h = lp->header;
        outside.len = 0;
        for (uint32_t e = p.start[h.id]; e < p.start[h.id + 1]; e++) {
            IrBlock src = ir_layout_inst_block(f, p.e[e].inst);
            if (src.id && !opt_loop_has(l, lp, src))
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
