/*
 * liveloop.c - the loops of a MIR function, for liveness.
 *
 * The loop of a header h is h and the blocks that reach one of its
 * latches (blocks with an edge back to h) without passing h; only h is
 * entered from outside, and every block of it reaches h inside it.  So
 * a variable live into h and not killed in the loop is live into and
 * out of every block of the loop: its liveness there is the loop's
 * blocks as laid out, a few contiguous chunks (as Wimmer and Franz add
 * [loop begin, loop end] for values live at a loop header), which the
 * liveness walk takes without visiting the blocks.  Without it a value
 * live across D nested loops costs D block visits, and D such values
 * D^2.
 *
 * Found as Tarjan's loop nesting forest is: a depth-first search
 * numbers the blocks; back edges go to an ancestor; headers are
 * processed from the last numbered to the first (inner loops first),
 * each walking backwards from its latches, where a loop already found
 * stands for all its blocks (a union-find points each block at its
 * outermost loop so far).  A walk that meets a block the header is not
 * an ancestor of (an irreducible region) gives no loop.  Each block's
 * predecessors are scanned about once, so the work is near linear; a
 * budget bounds the walks that fail.  A loop whose blocks fall into
 * more than MAXCHUNK runs of the layout is not taken whole (nor are the
 * loops around it): its chunks would cost more than they save.
 */
#include "cg.h"

#include <string.h>

enum { MAXCHUNK = 8 };

static uint32_t
uf_find(uint32_t *uf, uint32_t b)
{
    uint32_t r = b;
    while (uf[r] != r)
        r = uf[r];
    while (uf[b] != r) {
        uint32_t next = uf[b];
        uf[b] = r;
        b = next;
    }
    return r;
}

/* Depth-first preorder from block 1 (0: unreached) and the last
 * number in each block's subtree. */
static void
dfs(uint32_t nb, const uint32_t *nsucc, const uint32_t *succ,
    uint32_t *pre, uint32_t *last, CgScratch *sc)
{
    CgScratchMark m = cg_scratch_mark(sc);
    uint32_t *stack = cg_scratch_alloc(sc, nb * sizeof *stack);
    uint32_t *next = cg_scratch_alloc(sc, nb * sizeof *next);
    uint32_t sp = 0, n = 0;
    if (nb > 1) {
        pre[1] = ++n;
        next[1] = nsucc[1];
        stack[sp++] = 1;
    }
    while (sp) {
        uint32_t b = stack[sp - 1];
        if (next[b] == nsucc[b + 1]) {
            last[b] = n;
            sp--;
            continue;
        }
        uint32_t s = succ[next[b]++];
        if (!pre[s]) {
            pre[s] = ++n;
            next[s] = nsucc[s];
            stack[sp++] = s;
        }
    }
    cg_scratch_release(sc, m);
}

static int
cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Appends loop h's chunks: its own blocks and its inner loops' chunks,
 * merged where they touch.  False (no chunks) past MAXCHUNK. */
static bool
make_chunks(CgLoops *lp, uint32_t h, const uint32_t *own, uint32_t nown,
            const uint32_t *kids, uint32_t nkids, CgScratch *sc)
{
    CgScratchMark m = cg_scratch_mark(sc);
    uint64_t *all = cg_scratch_alloc(sc, (nown + nkids * MAXCHUNK) *
                                         sizeof *all);
    uint32_t n = 0;
    for (uint32_t k = 0; k < nown; k++)
        all[n++] = (uint64_t)own[k] << 32 | own[k];
    for (uint32_t k = 0; k < nkids; k++) {
        uint32_t x = kids[k];
        if (!lp->nchunk[x]) {
            cg_scratch_release(sc, m);
            return false;
        }
        for (uint32_t j = 0; j < lp->nchunk[x]; j++) {
            const uint32_t *c = &lp->chunks[2 * (lp->chunk[x] + j)];
            all[n++] = (uint64_t)c[0] << 32 | c[1];
        }
    }
    qsort(all, n, sizeof *all, cmp_u64);
    uint32_t c[2 * MAXCHUNK], nc = 0;
    bool ok = true;
    for (uint32_t k = 0; k < n && ok; k++) {
        uint32_t lo = (uint32_t)(all[k] >> 32), hi = (uint32_t)all[k];
        if (nc && c[2 * nc - 1] + 1 >= lo) {
            if (c[2 * nc - 1] < hi)
                c[2 * nc - 1] = hi;
        } else if (nc == MAXCHUNK) {
            ok = false;
        } else {
            c[2 * nc] = lo, c[2 * nc + 1] = hi;
            nc++;
        }
    }
    cg_scratch_release(sc, m);
    if (!ok)
        return false;
    lp->chunk[h] = lp->nchunks;
    lp->nchunk[h] = nc;
    memcpy(lp->chunks + 2 * lp->nchunks, c, 2 * nc * sizeof *c);
    lp->nchunks += nc;
    return true;
}

void
cg_loops_find(uint32_t nb, const uint32_t *npred, const uint32_t *preds,
              CgLoops *lp, CgScratch *sc)
{
    memset(lp, 0, sizeof *lp);
    /* the eight per-block tables, zeroed at once */
    uint32_t *t = cg_scratch_zalloc(sc, 8 * (size_t)nb * sizeof *t);
    lp->inner = t, lp->outer = t + nb, lp->lpre = t + 2 * (size_t)nb;
    lp->llast = t + 3 * (size_t)nb, lp->chunk = t + 4 * (size_t)nb;
    lp->nchunk = t + 5 * (size_t)nb, lp->pre = t + 6 * (size_t)nb;
    lp->last = t + 7 * (size_t)nb;

    /* successors, for the search; the tables stay until the caller
     * releases its scratch */
    uint32_t *nsucc = cg_scratch_zalloc(sc, (nb + 1) * sizeof *nsucc);
    uint32_t *succ = cg_scratch_alloc(sc, (npred[nb] + 1) * sizeof *succ);
    for (uint32_t q = 0; q < npred[nb]; q++)
        nsucc[preds[q] + 1]++;
    for (uint32_t b = 0; b < nb; b++)
        nsucc[b + 1] += nsucc[b];
    uint32_t *fill = cg_scratch_alloc(sc, (nb + 1) * sizeof *fill);
    memcpy(fill, nsucc, (nb + 1) * sizeof *fill);
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t q = npred[b]; q < npred[b + 1]; q++)
            succ[fill[preds[q]]++] = b;
    dfs(nb, nsucc, succ, lp->pre, lp->last, sc);

    /* blocks by preorder number */
    uint32_t *byno = cg_scratch_zalloc(sc, (nb + 1) * sizeof *byno);
    for (uint32_t b = 1; b < nb; b++)
        if (lp->pre[b])
            byno[lp->pre[b]] = b;
    uint32_t *uf = cg_scratch_alloc(sc, nb * sizeof *uf);
    uint32_t *mark = cg_scratch_zalloc(sc, nb * sizeof *mark);
    uint32_t *work = cg_scratch_alloc(sc, nb * sizeof *work);
    uint32_t *seen = cg_scratch_alloc(sc, nb * sizeof *seen);
    bool *isloop = cg_scratch_zalloc(sc, nb * sizeof *isloop);
    for (uint32_t b = 0; b < nb; b++)
        uf[b] = b;
    uint64_t budget = 16 * (uint64_t)(npred[nb] + nb);
    for (uint32_t no = nb; no-- > 1 && budget;) {
        uint32_t h = byno[no], nw = 0, ns = 0;
        if (!h)
            continue;
        bool ok = true;
        for (uint32_t q = npred[h]; q < npred[h + 1]; q++) {
            uint32_t pb = preds[q];
            if (!cg_loops_desc(lp, pb, h) || pb == h)
                continue;       /* an entry, or a self-loop */
            uint32_t r = uf_find(uf, pb);
            if (mark[r] != h) {
                mark[r] = h;
                work[nw++] = r;
            }
        }
        bool back = nw > 0;
        for (uint32_t q = npred[h]; q < npred[h + 1]; q++)
            back |= preds[q] == h;
        while (ok && nw) {
            uint32_t x = work[--nw];
            seen[ns++] = x;
            /* a loop found already (x) is entered only at its header,
             * whose predecessors stand for all of its blocks' */
            for (uint32_t q = npred[x]; q < npred[x + 1]; q++) {
                uint32_t y = preds[q];
                if (!budget) {
                    ok = false;     /* the rest of the body is unknown */
                    break;
                }
                budget--;
                if (y == h)
                    continue;
                uint32_t r = uf_find(uf, y);
                if (!cg_loops_desc(lp, r, h)) {
                    ok = false;     /* entered not at h */
                    break;
                }
                if (r != x && mark[r] != h) {
                    mark[r] = h;
                    work[nw++] = r;
                }
            }
        }
        if (!ok || !back)
            continue;
        isloop[h] = true;
        for (uint32_t k = 0; k < ns; k++) {
            uf[seen[k]] = h;
            lp->outer[seen[k]] = h;
        }
    }
    /* outer[] links each block to the loop that took it first, its
     * innermost; a header is its own innermost loop */
    for (uint32_t b = 1; b < nb; b++)
        lp->inner[b] = isloop[b] ? b : lp->outer[b];

    /* the loop forest in preorder (lpre, llast: a header's subtree),
     * and each loop's chunks, children before parents */
    uint32_t *nkid = cg_scratch_zalloc(sc, (nb + 1) * sizeof *nkid);
    uint32_t nloops = 0;
    for (uint32_t b = 1; b < nb; b++) { /* blocks and loops under one */
        nkid[(isloop[b] ? lp->outer[b] : lp->inner[b]) + 1]++;
        nloops += isloop[b];
    }
    for (uint32_t b = 0; b < nb; b++)
        nkid[b + 1] += nkid[b];
    uint32_t *kid = cg_scratch_alloc(sc, (nb + 1) * sizeof *kid);
    lp->chunks = cg_scratch_alloc(sc, 2 * MAXCHUNK * (size_t)nloops *
                                      sizeof *lp->chunks);
    memcpy(fill, nkid, (nb + 1) * sizeof *fill);
    for (uint32_t b = 1; b < nb; b++) {
        uint32_t p = isloop[b] ? lp->outer[b] : lp->inner[b];
        kid[fill[p]++] = b;
    }
    /* children of loop h: kid[nkid[h] .. fill[h]) (0: the top level) */
    uint32_t fno = 0, sp = 0;
    uint32_t *stack = work, *at = seen;
    stack[sp++] = 0;
    at[0] = nkid[0];
    while (sp) {
        uint32_t h = stack[sp - 1];
        if (at[sp - 1] < fill[h]) {
            uint32_t x = kid[at[sp - 1]++];
            if (isloop[x]) {
                lp->lpre[x] = ++fno;
                stack[sp] = x;
                at[sp++] = nkid[x];
            }
            continue;
        }
        sp--;
        if (!h)
            continue;
        lp->llast[h] = fno;
        /* its own blocks and its inner loops */
        uint32_t nown = 0, *own = mark, *kids = byno, nk = 0;
        own[nown++] = h;
        for (uint32_t k = nkid[h]; k < fill[h]; k++)
            if (isloop[kid[k]])
                kids[nk++] = kid[k];
            else
                own[nown++] = kid[k];
        make_chunks(lp, h, own, nown, kids, nk, sc);
    }
}
