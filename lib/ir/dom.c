/*
 * dom.c - the dominator tree, by the iterative algorithm of Cooper,
 * Harvey and Kennedy ("A Simple, Fast Dominance Algorithm", 2001) over
 * the reverse post-order of ir_cfg_compute, working on RPO indices.
 *
 * Each block's reachable predecessors are visited in decreasing RPO
 * order (a bucket fill, no sort).  That keeps 'intersect' short on the
 * shapes that make the textbook version quadratic: a chain of condbrs
 * that all reach one exit block, or many 'continue' edges into a loop
 * header, each walk one step instead of the whole chain.
 *
 * The tree is then numbered by an iterative DFS (pre and post numbers),
 * so ir_dom_dominates is two comparisons.  Unreachable blocks have no
 * immediate dominator and number 0; spec F8 makes every block dominate
 * them.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

#define UNDEF UINT32_MAX

/* Nearest common ancestor of RPO indices a and b in the partial tree. */
static uint32_t
intersect(const uint32_t *doms, uint32_t a, uint32_t b)
{
    while (a != b) {
        while (a > b)
            a = doms[a];
        while (b > a)
            b = doms[b];
    }
    return a;
}

void
ir_dom_compute(IrFunc *f, const IrCfg *c, IrDomTree *d)
{
    (void)f;
    uint32_t nb = c->nblocks, n = c->nrpo;
    memset(d, 0, sizeof *d);
    d->nblocks = nb;
    d->idom = xcalloc(nb ? nb : 1, sizeof *d->idom);
    d->pre = xcalloc(nb ? nb : 1, sizeof *d->pre);
    d->post = xcalloc(nb ? nb : 1, sizeof *d->post);
    d->child_start = xcalloc(nb + 1, sizeof *d->child_start);
    d->children = xmalloc((size_t)(n ? n : 1) * sizeof *d->children);
    if (n == 0)
        return;

    /* Reachable predecessors of each RPO index, in decreasing order. */
    uint32_t *pstart = xcalloc(n + 1, sizeof *pstart);
    for (uint32_t u = 0; u < n; u++) {
        IrBlock b = c->rpo[u];
        for (uint32_t e = c->succ_start[b.id]; e < c->succ_start[b.id + 1];
             e++)
            pstart[c->rpo_index[c->succs[e].id] + 1]++;
    }
    for (uint32_t i = 1; i <= n; i++)
        pstart[i] += pstart[i - 1];
    uint32_t *cur = xmalloc((size_t)n * sizeof *cur);
    memcpy(cur, pstart, (size_t)n * sizeof *cur);
    uint32_t *pp = xmalloc((size_t)(pstart[n] ? pstart[n] : 1) * sizeof *pp);
    for (uint32_t u = n; u-- > 0;) {
        IrBlock b = c->rpo[u];
        for (uint32_t e = c->succ_start[b.id]; e < c->succ_start[b.id + 1];
             e++)
            pp[cur[c->rpo_index[c->succs[e].id]]++] = u;
    }

    uint32_t *doms = xmalloc((size_t)n * sizeof *doms);
    for (uint32_t i = 0; i < n; i++)
        doms[i] = UNDEF;
    doms[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 1; i < n; i++) {
            uint32_t nd = UNDEF;
            for (uint32_t e = pstart[i]; e < pstart[i + 1]; e++) {
                uint32_t p = pp[e];
                if (doms[p] == UNDEF)
                    continue;
                nd = nd == UNDEF ? p : intersect(doms, p, nd);
            }
            if (doms[i] != nd) {
                doms[i] = nd;
                changed = true;
            }
        }
    }

    /* idom and children (in RPO order) by block id. */
    for (uint32_t i = 1; i < n; i++) {
        IrBlock p = c->rpo[doms[i]];
        d->idom[c->rpo[i].id] = p;
        d->child_start[p.id + 1]++;
    }
    for (uint32_t b = 1; b <= nb; b++)
        d->child_start[b] += d->child_start[b - 1];
    free(cur);
    uint32_t *fill = xmalloc((size_t)(nb ? nb : 1) * sizeof *fill);
    memcpy(fill, d->child_start, (size_t)nb * sizeof *fill);
    for (uint32_t i = 1; i < n; i++) {
        IrBlock b = c->rpo[i];
        d->children[fill[d->idom[b.id].id]++] = b;
    }

    /* Pre/post numbers by an iterative DFS of the tree; 'fill' becomes
     * the next-child cursor. */
    memcpy(fill, d->child_start, (size_t)nb * sizeof *fill);
    uint32_t *stack = xmalloc((size_t)n * sizeof *stack);
    uint32_t sp = 0, pre = 0, post = 0;
    uint32_t root = c->rpo[0].id;
    stack[sp++] = root;
    d->pre[root] = ++pre;
    while (sp) {
        uint32_t b = stack[sp - 1];
        if (fill[b] < d->child_start[b + 1]) {
            uint32_t ch = d->children[fill[b]++].id;
            d->pre[ch] = ++pre;
            stack[sp++] = ch;
            continue;
        }
        d->post[b] = ++post;
        sp--;
    }
    free(stack);
    free(fill);
    free(doms);
    free(pp);
    free(pstart);
}

void
ir_dom_free(IrDomTree *d)
{
    free(d->idom);
    free(d->pre);
    free(d->post);
    free(d->child_start);
    free(d->children);
    memset(d, 0, sizeof *d);
}

bool
ir_dom_dominates(const IrDomTree *d, const IrCfg *c, IrBlock a, IrBlock b)
{
    if (!a.id || !b.id || a.id >= d->nblocks || b.id >= d->nblocks)
        return false;
    if (!ir_cfg_reachable(c, b))
        return true;
    if (!ir_cfg_reachable(c, a))
        return false;
    return d->pre[a.id] <= d->pre[b.id] && d->post[b.id] <= d->post[a.id];
}
