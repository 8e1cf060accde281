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
 * Irreducible control flow can still make it quadratic (a pass per
 * block, or long walks): past MAXWORK steps per block and edge, counted
 * within each walk, Semi-NCA finishes the job in O(m log n).
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

/* Nearest common ancestor of RPO indices a and b in the partial tree,
 * or UNDEF once *steps passes budget: one walk can be as long as the
 * function, so the budget is checked within it, not only between blocks
 * (a cycle with 100,000 entries walked 10^10 steps in the first pass). */
static uint32_t
intersect(const uint32_t *doms, uint32_t a, uint32_t b, uint64_t *steps,
          uint64_t budget)
{
    while (a != b) {
        while (a > b) {
            a = doms[a];
            if (++*steps > budget)
                return UNDEF;
        }
        while (b > a) {
            b = doms[b];
            if (++*steps > budget)
                return UNDEF;
        }
    }
    return a;
}

/* Steps of the iterative algorithm, per block and edge, before
 * semi_nca takes over: irreducible control flow can make it need as
 * many passes as there are blocks, or long 'intersect' walks. */
enum { MAXWORK = 8 };

/*
 * The immediate dominators of the RPO indices 0..n-1 (predecessors
 * pp[pstart[i] .. pstart[i+1])) into doms, by Semi-NCA (Georgiadis,
 * "Linear-Time Algorithms for Dominators and Related Problems", 2005,
 * as LLVM's SemiNCAInfo): semidominators by Lengauer and Tarjan's
 * eval with path compression over a DFS tree, then each idom as the
 * nearest common ancestor of its parent and semidominator.
 * O(m log n) on any graph.  Vertices are numbered by DFS preorder.
 */
static void
semi_nca(const IrCfg *c, const uint32_t *pstart, const uint32_t *pp,
         uint32_t *doms)
{
    uint32_t n = c->nrpo;
    uint32_t *num = xmalloc((size_t)n * sizeof *num);     /* rpo -> pre */
    uint32_t *vert = xmalloc((size_t)n * sizeof *vert);   /* pre -> rpo */
    uint32_t *parent = xmalloc((size_t)n * sizeof *parent);
    uint32_t *semi = xmalloc((size_t)n * sizeof *semi);
    uint32_t *label = xmalloc((size_t)n * sizeof *label);
    uint32_t *anc = xmalloc((size_t)n * sizeof *anc);
    uint32_t *idom = xmalloc((size_t)n * sizeof *idom);
    uint32_t *stack = xmalloc((size_t)n * sizeof *stack);
    uint32_t *edge = xmalloc((size_t)n * sizeof *edge);
    for (uint32_t i = 0; i < n; i++)
        num[i] = UNDEF;
    /* iterative DFS from the entry (RPO index 0) */
    uint32_t sp = 0, next = 0;
    num[0] = next;
    vert[next] = 0;
    parent[next++] = 0;
    stack[sp] = 0;
    edge[sp++] = c->succ_start[c->rpo[0].id];
    while (sp) {
        uint32_t u = stack[sp - 1];
        IrBlock b = c->rpo[u];
        if (edge[sp - 1] == c->succ_start[b.id + 1]) {
            sp--;
            continue;
        }
        uint32_t v = c->rpo_index[c->succs[edge[sp - 1]++].id];
        if (num[v] != UNDEF)
            continue;
        num[v] = next;
        vert[next] = v;
        parent[next++] = num[u];
        stack[sp] = v;
        edge[sp++] = c->succ_start[c->rpo[v].id];
    }
    for (uint32_t w = 0; w < n; w++) {
        semi[w] = label[w] = w;
        anc[w] = parent[w];
    }
    /* Vertices above i are linked to their parents: eval(v) is the
     * vertex of least semidominator on v's linked path. */
    for (uint32_t i = n; i-- > 1;) {
        uint32_t r = vert[i];
        for (uint32_t e = pstart[r]; e < pstart[r + 1]; e++) {
            uint32_t v = num[pp[e]];
            if (v > i) {
                sp = 0;
                for (uint32_t x = v; anc[x] > i; x = anc[x])
                    stack[sp++] = x;
                while (sp) {
                    uint32_t y = stack[--sp], a = anc[y];
                    if (a <= i)
                        continue;
                    if (semi[label[a]] < semi[label[y]])
                        label[y] = label[a];
                    anc[y] = anc[a];
                }
                v = semi[label[v]];
            }
            if (v < semi[i])
                semi[i] = v;
        }
    }
    idom[0] = 0;
    for (uint32_t w = 1; w < n; w++) {
        uint32_t d = parent[w];
        while (d > semi[w])
            d = idom[d];
        idom[w] = d;
    }
    for (uint32_t w = 1; w < n; w++)
        doms[vert[w]] = vert[idom[w]];
    doms[0] = 0;
    free(num), free(vert), free(parent), free(semi), free(label);
    free(anc), free(idom), free(stack), free(edge);
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
    uint64_t steps = 0, budget = MAXWORK * ((uint64_t)n + pstart[n]);
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t i = 1; i < n; i++) {
            uint32_t nd = UNDEF;
            /* the budget is checked per edge: one block with n
             * predecessors could walk n steps for each */
            for (uint32_t e = pstart[i]; e < pstart[i + 1] &&
                                         steps <= budget; e++) {
                uint32_t p = pp[e];
                steps++;
                if (doms[p] != UNDEF)
                    nd = nd == UNDEF ? p
                                     : intersect(doms, p, nd, &steps, budget);
            }
            if (steps > budget)
                break;
            if (doms[i] != nd) {
                doms[i] = nd;
                changed = true;
            }
        }
        if (steps > budget) {
            semi_nca(c, pstart, pp, doms);
            break;
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
