/*
 * liveness.c - live-in and live-out sets of SSA values per block, by
 * path exploration from the uses, one value at a time (Appel's
 * "Modern Compiler Implementation", 19.6; Boissinot et al., "Computing
 * Liveness Sets for SSA-Form Programs", 2011, algorithm 4).
 *
 * For a use of v in block U that v's defining block D does not precede
 * within U, v is live into U; from a block where v is live on entry, it
 * is live out of every predecessor, and live into each of those that is
 * not D, and so on up.  A block's parameters are defined at its entry;
 * an argument of a branch is used at the end of its block (live out of
 * it, as a phi operand is on the incoming edge).  Stamps by value stop
 * the walk at blocks already marked, so the cost is linear in the uses
 * plus the size of the sets, with no bit vectors of every value.
 * Values are visited by increasing id, so a counting sort by block gives
 * sorted sets.
 */
#include "optutil.h"

#include <string.h>

typedef struct {
    uint32_t b, v;
} Pair;

typedef VEC(Pair) PairVec;

typedef struct {
    const IrCfg *c;
    uint32_t *inmark, *outmark;     /* block id -> value id marked */
    uint32_t *wl;
    uint32_t nwl;
    PairVec in, out;
} Live;

static void
mark_out(Live *lv, uint32_t b, uint32_t v)
{
    if (lv->outmark[b] != v) {
        lv->outmark[b] = v;
        VEC_PUSH(lv->out, ((Pair){b, v}));
    }
}

/* v is live into b (b is not v's defining block): propagate upwards. */
static void
mark_in(Live *lv, uint32_t b, uint32_t v, uint32_t def)
{
    if (lv->inmark[b] == v)
        return;
    lv->inmark[b] = v;
    VEC_PUSH(lv->in, ((Pair){b, v}));
    lv->wl[lv->nwl++] = b;
    while (lv->nwl) {
        uint32_t x = lv->wl[--lv->nwl];
        const IrCfg *c = lv->c;
        for (uint32_t e = c->pred_start[x]; e < c->pred_start[x + 1]; e++) {
            uint32_t p = c->preds[e].id;
            mark_out(lv, p, v);
            if (p == def || lv->inmark[p] == v)
                continue;
            lv->inmark[p] = v;
            VEC_PUSH(lv->in, ((Pair){p, v}));
            lv->wl[lv->nwl++] = p;
        }
    }
}

/* CSR by block from pairs in value order. */
static void
to_csr(const PairVec *pv, uint32_t nb, uint32_t **start, IrValue **vals,
       Arena *a)
{
    uint32_t *s = arena_alloc(a, (nb + 2) * sizeof *s);
    for (uint32_t k = 0; k < pv->len; k++)
        s[pv->data[k].b + 2]++;
    for (uint32_t x = 2; x < nb + 2; x++)
        s[x] += s[x - 1];
    IrValue *v = arena_alloc(a, (pv->len + 1) * sizeof *v);
    for (uint32_t k = 0; k < pv->len; k++)
        v[s[pv->data[k].b + 1]++] = (IrValue){pv->data[k].v};
    *start = s;
    *vals = v;
}

void
opt_liveness_compute(IrFunc *f, const IrCfg *c, OptLiveness *l, Arena *a)
{
    uint32_t nb = c->nblocks, nv = ir_num_values(f);
    memset(l, 0, sizeof *l);
    l->nblocks = nb;
    l->nvalues = nv;
    Live lv = {c, arena_alloc(a, (nb + 1) * sizeof(uint32_t)),
               arena_alloc(a, (nb + 1) * sizeof(uint32_t)),
               arena_alloc(a, (nb + 1) * sizeof(uint32_t)), 0, {0}, {0}};
    IrUses u;
    ir_uses_compute(f, &u);
    for (uint32_t v = 1; v < nv; v++) {
        if (u.start[v] == u.start[v + 1])
            continue;
        uint32_t def = opt_def_block(f, (IrValue){v}).id;
        for (uint32_t k = u.start[v]; k < u.start[v + 1]; k++) {
            IrInst i = u.uses[k].inst;
            const IrInstData *d = ir_inst(f, i);
            uint32_t ub = ir_layout_inst_block(f, i).id;
            uint32_t slot = u.uses[k].slot;
            bool operand = slot >= d->args && slot < d->args + d->nargs;
            if (!operand)
                mark_out(&lv, ub, v);
            if (ub != def)
                mark_in(&lv, ub, v, def);
        }
    }
    ir_uses_free(&u);
    to_csr(&lv.in, nb, &l->in_start, &l->in, a);
    to_csr(&lv.out, nb, &l->out_start, &l->out, a);
    VEC_FREE(lv.in);
    VEC_FREE(lv.out);
}

static bool
member(const uint32_t *start, const IrValue *vals, uint32_t nb, IrBlock b,
       IrValue v)
{
    if (b.id >= nb)
        return false;
    uint32_t lo = start[b.id], hi = start[b.id + 1];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (vals[mid].id == v.id)
            return true;
        if (vals[mid].id < v.id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

bool
opt_live_in(const OptLiveness *l, IrBlock b, IrValue v)
{
    return member(l->in_start, l->in, l->nblocks, b, v);
}

bool
opt_live_out(const OptLiveness *l, IrBlock b, IrValue v)
{
    return member(l->out_start, l->out, l->nblocks, b, v);
}
