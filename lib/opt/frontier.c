/*
 * frontier.c - dominance frontiers, by the method of Cooper, Harvey and
 * Kennedy ("A Simple, Fast Dominance Algorithm", figure 5): for each
 * reachable block b, walk up the dominator tree from each reachable
 * predecessor until idom(b), adding b to the frontier of every block
 * passed.
 *
 * A walk stops early at a block whose frontier already holds b: the
 * walk that put b there went on to idom(b) already.  So every step adds
 * one frontier entry and the cost is linear in the size of the result
 * (which can itself be quadratic in the number of blocks, as for any
 * explicit frontier).  Blocks are visited in reverse post-order, so the
 * lists are deterministic.
 */
#include "optutil.h"

#include <string.h>

typedef struct {
    uint32_t of, b;     /* b is in DF(of) */
} Pair;

void
opt_domfrontier_compute(IrFunc *f, const IrCfg *c, const IrDomTree *d,
                        OptDomFrontier *df, Arena *a)
{
    (void)f;
    uint32_t nb = c->nblocks;
    memset(df, 0, sizeof *df);
    df->nblocks = nb;
    df->start = arena_alloc(a, (nb + 2) * sizeof *df->start);
    /* last[x] = b + 1 when b was added to DF(x) most recently. */
    uint32_t *last = arena_alloc(a, (nb + 1) * sizeof *last);
    VEC(Pair) pairs = {0};
    for (uint32_t r = 0; r < c->nrpo; r++) {
        /* A block with one predecessor needs no test: that one is its
         * immediate dominator and the walk ends at once. */
        IrBlock b = c->rpo[r];
        uint32_t stop = d->idom[b.id].id;
        for (uint32_t e = c->pred_start[b.id]; e < c->pred_start[b.id + 1];
             e++) {
            IrBlock p = c->preds[e];
            if (!ir_cfg_reachable(c, p))
                continue;
            for (uint32_t x = p.id; x && x != stop && last[x] != b.id + 1;
                 x = d->idom[x].id) {
                last[x] = b.id + 1;
                VEC_PUSH(pairs, ((Pair){x, b.id}));
            }
        }
    }
    /* Counting sort by owner keeps each list in discovery order. */
    for (uint32_t k = 0; k < pairs.len; k++)
        df->start[pairs.data[k].of + 2]++;
    for (uint32_t x = 2; x < nb + 2; x++)
        df->start[x] += df->start[x - 1];
    df->blocks = arena_alloc(a, (pairs.len + 1) * sizeof *df->blocks);
    for (uint32_t k = 0; k < pairs.len; k++)
        df->blocks[df->start[pairs.data[k].of + 1]++] =
            (IrBlock){pairs.data[k].b};
    VEC_FREE(pairs);
}
