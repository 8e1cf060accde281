/*
 * live.c - liveness and live intervals on MIR.
 *
 * Positions: every block has a label position, then two per
 * instruction: uses (and early defs) happen at the even position p,
 * defs at p+1, so a value read for the last time by an instruction may
 * share a register with the value it defines.
 *
 * Variables are the virtual registers and the spill slots (frame
 * objects of kind MF_SPILL: a load is a use, a store a def), so spill
 * slots whose lifetimes do not overlap can share storage.  Liveness is
 * computed per variable by walking backwards from its upward-exposed
 * uses to its definitions (as in SSA liveness by path exploration, which
 * also works for the copies of SSA destruction), so the work and memory
 * are proportional to the live ranges, never blocks x variables; a
 * loop the variable is live throughout (live into its header, killed
 * nowhere in it) counts as a few spans, not its blocks (liveloop.c).  A
 * vreg's interval is a sorted list of ranges (lifetime holes where it is
 * dead, as in Wimmer's linear scan); spill slots and very large
 * functions use the hull of the live positions (one range, as Poletto
 * and Sarkar).  Physical registers are only live inside blocks (ABI
 * copies sit next to their call or return), and get exact ranges;
 * calls add a one-position range to every caller-saved register.
 */
#include "cg.h"

#include <string.h>

static bool
is_use(uint8_t r)
{
    return r == MIR_R_USE || r == MIR_R_USEDEF || r == MIR_R_SCRATCH;
}

static bool
is_def(uint8_t r)
{
    return r == MIR_R_DEF || r == MIR_R_USEDEF || r == MIR_R_EDEF ||
           r == MIR_R_SCRATCH;
}

/* Variable index of a spill slot, or UINT32_MAX. */
static uint32_t
mem_var(MirFunc *f, const MirOpnd *o)
{
    if (o->kind == MO_MEM && o->base == MB_FRAME &&
        f->frame.data[o->obj].kind == MF_SPILL)
        return mir_num_regs(f) + o->obj;
    return UINT32_MAX;
}

typedef struct {
    uint32_t v;
    uint32_t pos;
    bool def, use, kill;
} Acc;

/* The variable accesses of instruction i, in the order defs then uses. */
static uint32_t
accesses(MirFunc *f, uint32_t i, uint32_t p, Acc *acc, uint32_t max)
{
    MirInst *in = mir_inst(f, i);
    uint32_t n = 0;
    for (uint32_t j = 0; j < in->nopnds && n + 3 < max; j++) {
        MirOpnd *o = mir_opnd(f, i, j);
        if (o->kind == MO_REG && o->reg) {
            if (is_def(o->role))
                acc[n++] = (Acc){o->reg,
                    o->role == MIR_R_EDEF || o->role == MIR_R_SCRATCH ? p
                                                                      : p + 1,
                    true, false, o->role != MIR_R_USEDEF};
            if (is_use(o->role))
                acc[n++] = (Acc){o->reg,
                    o->role == MIR_R_SCRATCH ? p + 1 : p, false, true, false};
        } else if (o->kind == MO_MEM) {
            if (o->base == MB_REG && o->reg)
                acc[n++] = (Acc){o->reg, p, false, true, false};
            if (o->index)
                acc[n++] = (Acc){o->index, p, false, true, false};
            uint32_t sv = mem_var(f, o);
            if (sv != UINT32_MAX && o->role != MIR_R_ADDR) {
                if (is_def(o->role))
                    acc[n++] = (Acc){sv, p + 1, true, false,
                                     o->role != MIR_R_USEDEF};
                if (is_use(o->role))
                    acc[n++] = (Acc){sv, p, false, true, false};
            }
        }
    }
    return n;
}

typedef struct {
    uint32_t var, block;
} Ref;
typedef VEC(uint32_t) Vec_u32;
typedef VEC(uint64_t) Vec_u64;

/* A liveness event of a vreg, for its ranges: entering a block live,
 * a use (or a def that keeps the value), a killing def, leaving a block
 * live.  Its key orders a variable's events by position, then kind. */
enum { EV_IN, EV_USE, EV_DEF, EV_OUT };
typedef struct {
    uint32_t var;
    uint64_t key;           /* pos << 2 | kind */
} Ev;

static uint64_t
ev_key(uint32_t pos, unsigned kind)
{
    return (uint64_t)pos << 2 | kind;
}

/* Sorts n keys.  A variable's own accesses arrive in position order
 * (only the accesses of one instruction may be out of order), so short
 * or nearly sorted runs take the insertion sort; the block-boundary
 * events of a long live range arrive in walk order and take an LSD
 * radix sort over the bytes the keys use: linear either way. */
static void
sort_keys(uint64_t *a, uint32_t n, uint64_t *tmp)
{
    uint32_t inv = 0;
    for (uint32_t k = 1; k < n; k++)
        inv += a[k - 1] > a[k];
    if (!inv)
        return;
    if (n <= 32 || inv <= 4) {
        for (uint32_t k = 1; k < n; k++) {
            uint64_t x = a[k];
            uint32_t j = k;
            for (; j > 0 && a[j - 1] > x; j--)
                a[j] = a[j - 1];
            a[j] = x;
        }
        return;
    }
    uint64_t mx = 0;
    for (uint32_t k = 0; k < n; k++)
        mx |= a[k];
    for (unsigned sh = 0; sh < 64 && mx >> sh; sh += 8) {
        uint32_t cnt[257] = {0};
        for (uint32_t k = 0; k < n; k++)
            cnt[(a[k] >> sh & 255) + 1]++;
        for (int d = 0; d < 256; d++)
            cnt[d + 1] += cnt[d];
        for (uint32_t k = 0; k < n; k++)
            tmp[cnt[a[k] >> sh & 255]++] = a[k];
        memcpy(a, tmp, n * sizeof *a);
    }
}

/* Groups n elements of the given size, each starting with a uint32_t
 * variable, by variable (a counting sort, stable: each variable's
 * elements keep their order).  Returns the grouped copy; (*startp)[v]
 * to (*startp)[v + 1] are variable v's. */
static void *
group_by_var(const void *data, uint32_t n, size_t size, uint32_t nvars,
             uint32_t **startp)
{
    uint32_t *start = xcalloc(nvars + 1, sizeof *start);
    const char *src = data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t v;
        memcpy(&v, src + k * size, sizeof v);
        start[v + 1]++;
    }
    for (uint32_t v = 0; v < nvars; v++)
        start[v + 1] += start[v];
    uint32_t *fill = xmalloc((nvars + 1) * sizeof *fill);
    memcpy(fill, start, (nvars + 1) * sizeof *fill);
    char *dst = xmalloc(n ? n * size : 1);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t v;
        memcpy(&v, src + k * size, sizeof v);
        char *to = dst + fill[v]++ * size;
        /* The callers' elements are 8 or 16 bytes: a copy of a constant
         * size is two moves, where one of size bytes was a libc call
         * per element. */
        if (size == 8)
            memcpy(to, src + k * size, 8);
        else if (size == 16)
            memcpy(to, src + k * size, 16);
        else
            memcpy(to, src + k * size, size);
    }
    free(fill);
    *startp = start;
    return dst;
}

/* Appends the range [lo,hi] to rg, merged into the last one of the
 * variable (whose first range is first) when they touch. */
static void
push_range(Vec_u32 *rg, uint32_t first, uint32_t lo, uint32_t hi)
{
    if (rg->len / 2 > first && rg->data[rg->len - 1] + 1 >= lo) {
        if (rg->data[rg->len - 1] < hi)
            rg->data[rg->len - 1] = hi;
    } else {
        VEC_PUSH(*rg, lo);
        VEC_PUSH(*rg, hi);
    }
}

/* Appends [lo,hi] after the spans (lo << 32 | hi, sorted) that start
 * no later, so the ranges go in sorted by start. */
static void
push_after_spans(Vec_u32 *rg, uint32_t first, uint32_t lo, uint32_t hi,
                 const uint64_t *span, uint32_t nspan, uint32_t *s)
{
    for (; *s < nspan && span[*s] >> 32 <= lo; (*s)++)
        push_range(rg, first, (uint32_t)(span[*s] >> 32),
                   (uint32_t)span[*s]);
    push_range(rg, first, lo, hi);
}

/* The ranges of one vreg from its sorted event keys: the hull minus
 * the holes where it is dead (a range opens at a block entry or a
 * killing def), joined with its spans: the loops it is live throughout
 * (whose blocks have no events of their own, or a range opening at
 * each).  Returns how many ranges it appended. */
static uint32_t
build_ranges(Vec_u32 *rg, const uint64_t *key, uint32_t n,
             const uint64_t *span, uint32_t nspan)
{
    uint32_t first = rg->len / 2, lo = 0, hi = 0, s = 0;
    bool open = false;
    for (uint32_t e = 0; e < n; e++) {
        uint32_t pos = (uint32_t)(key[e] >> 2);
        unsigned kind = key[e] & 3;
        if (open && (kind == EV_IN || kind == EV_DEF)) {
            push_after_spans(rg, first, lo, hi, span, nspan, &s);
            open = false;
        }
        if (!open) {
            lo = hi = pos;
            open = true;
        }
        if (hi < pos)
            hi = pos;
    }
    if (open)
        push_after_spans(rg, first, lo, hi, span, nspan, &s);
    for (; s < nspan; s++)
        push_range(rg, first, (uint32_t)(span[s] >> 32), (uint32_t)span[s]);
    return rg->len / 2 - first;
}

static void
widen(CgLive *l, uint32_t v, uint32_t p)
{
    if (l->start[v] > p)
        l->start[v] = p;
    if (l->end[v] < p)
        l->end[v] = p;
}

/* Reverses the [lo,hi] pairs d[from..to) (pair indices). */
static void
reverse_pairs(uint32_t *d, uint32_t from, uint32_t to)
{
    for (; from + 1 < to; from++, to--) {
        uint32_t a = d[2 * from], b = d[2 * from + 1];
        d[2 * from] = d[2 * (to - 1)], d[2 * from + 1] = d[2 * (to - 1) + 1];
        d[2 * (to - 1)] = a, d[2 * (to - 1) + 1] = b;
    }
}

/* Whether one of the n def blocks d (ascending) lies in loop h's
 * chunks. */
static bool
killed_in(const CgLoops *lp, const Ref *d, uint32_t n, uint32_t h)
{
    const uint32_t *c = &lp->chunks.data[2 * lp->chunk[h]];
    for (uint32_t k = 0; k < lp->nchunk[h]; k++) {
        uint32_t a = 0, z = n;      /* the first def block >= c[2k] */
        while (a < z) {
            uint32_t m = a + (z - a) / 2;
            if (d[m].block < c[2 * k])
                a = m + 1;
            else
                z = m;
        }
        if (a < n && d[a].block <= c[2 * k + 1])
            return true;
    }
    return false;
}

/* Variable v is live in and out of every block of loop h: widens its
 * interval and adds the loop's chunks to its spans. */
static void
take_loop(CgLive *l, const CgLoops *lp, uint32_t v, uint32_t h,
          const uint32_t *bstart, const uint32_t *bend, Vec_u64 *spans)
{
    const uint32_t *c = &lp->chunks.data[2 * lp->chunk[h]];
    for (uint32_t k = 0; k < lp->nchunk[h]; k++) {
        uint32_t lo = bstart[c[2 * k]], hi = bend[c[2 * k + 1]];
        widen(l, v, lo);
        widen(l, v, hi);
        if (spans)
            VEC_PUSH(*spans, (uint64_t)lo << 32 | hi);
    }
}

/* Whether block pb, a predecessor of block b, lies in a loop the walk
 * took whole (cov[header] == stamp).  The loops containing pb are
 * climbed only up to the first that also contains b: those are walked
 * anyway, and the climb stays as short as the loops the edge leaves. */
static bool
covered(const CgLoops *lp, const uint32_t *cov, uint32_t stamp,
        uint32_t pb, uint32_t b)
{
    for (uint32_t h = lp->inner[pb]; h; h = lp->outer[h]) {
        if (cov[h] == stamp)
            return true;
        if (cg_loops_in(lp, b, h))
            return false;
    }
    return false;
}

void
cg_live_compute(MirFunc *f, CgLive *l)
{
    const MirRegInfo *ri = f->target->regs;
    uint32_t nregs = mir_num_regs(f);
    uint32_t nvars = nregs + f->frame.len, nb = f->blocks.len;
    memset(l, 0, sizeof *l);
    l->nvars = nvars;
    l->start = xmalloc(nvars * sizeof *l->start);
    l->end = xcalloc(nvars, sizeof *l->end);
    l->pos = xcalloc(f->insts.len, sizeof *l->pos);
    for (uint32_t v = 0; v < nvars; v++)
        l->start[v] = UINT32_MAX;

    uint32_t *bstart = xcalloc(nb, sizeof *bstart);
    uint32_t *bend = xcalloc(nb, sizeof *bend);
    uint32_t p = 0;
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        bstart[b] = p;
        p += 2;
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            l->pos[bl->insts.data[k]] = p;
            p += 2;
        }
        bend[b] = p - 1;
    }
    l->npos = p;

    /* Scanning intervals with holes costs up to the number of inactive
     * intervals per step, so huge functions (more than CG_HOLES_MAX
     * vregs) get the hull as their only range: linear, less precise. */
    bool holes = nregs - MIR_VREG0 <= CG_HOLES_MAX;

    /* Predecessors (CSR), upward-exposed uses and defs per block, and
     * the vregs' own events (when they get holes).  A stamp per
     * variable (the last block that defined it) finds the uses not
     * preceded by a def in their block. */
    uint32_t *npred = xcalloc(nb + 1, sizeof *npred);
    VEC(uint32_t) edges = {0};      /* (from, to) pairs */
    VEC(Ref) ue = {0}, defs = {0};
    VEC(Ev) ev = {0};
    uint32_t *defd = xcalloc(nvars, sizeof *defd);
    Acc acc[64];
    /* Most operands make one access: sized once, these rarely grow
     * (growing them by doubling in every function was most of this
     * pass's allocator time). */
    VEC_RESERVE_RAW(ue, f->opnds.len + 16);
    VEC_RESERVE_RAW(defs, f->opnds.len + 16);
    if (holes)
        VEC_RESERVE_RAW(ev, f->opnds.len + 16);
    VEC_RESERVE_RAW(edges, 4 * nb + 16);
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            uint32_t n = accesses(f, i, l->pos[i], acc, 64);
            for (uint32_t a = 0; a < n; a++) {
                uint32_t v = acc[a].v;
                if (v < MIR_VREG0)
                    continue;
                widen(l, v, acc[a].pos);
                if (v < nregs && holes)
                    VEC_PUSH(ev, ((Ev){v, ev_key(acc[a].pos,
                        acc[a].def && acc[a].kill ? EV_DEF : EV_USE)}));
                if (acc[a].use && defd[v] != b)
                    VEC_PUSH(ue, ((Ref){v, b}));
            }
            for (uint32_t a = 0; a < n; a++) {
                uint32_t v = acc[a].v;
                if (v >= MIR_VREG0 && acc[a].def && acc[a].kill &&
                    defd[v] != b) {
                    defd[v] = b;
                    VEC_PUSH(defs, ((Ref){v, b}));
                }
            }
            MirInst *mi = mir_inst(f, i);
            for (uint32_t j = 0; j < mi->nopnds; j++) {
                MirOpnd *o = mir_opnd(f, i, j);
                if (o->kind == MO_BLOCK) {
                    VEC_PUSH(edges, b);
                    VEC_PUSH(edges, o->obj);
                    npred[o->obj + 1]++;
                }
            }
        }
    }
    for (uint32_t b = 0; b < nb; b++)
        npred[b + 1] += npred[b];
    uint32_t *preds = xmalloc((edges.len / 2 + 1) * sizeof *preds);
    uint32_t *fill = xcalloc(nb, sizeof *fill);
    for (uint32_t e = 0; e < edges.len; e += 2) {
        uint32_t to = edges.data[e + 1];
        preds[npred[to] + fill[to]++] = edges.data[e];
    }
    uint32_t *uestart, *defstart, *evstart;
    Ref *uev = group_by_var(ue.data, ue.len, sizeof *ue.data, nvars,
                            &uestart);
    Ref *defv = group_by_var(defs.data, defs.len, sizeof *defs.data, nvars,
                             &defstart);
    Ev *evv = group_by_var(ev.data, ev.len, sizeof *ev.data, nvars,
                           &evstart);
    VEC_FREE(ue), VEC_FREE(defs), VEC_FREE(ev);

    /* For each variable, walk backwards from its upward-exposed uses
     * to the blocks that define it: the blocks it is live into and out
     * of widen its interval and, for a vreg with holes, are events of
     * its ranges, sorted and turned into ranges before the next
     * variable, so the memory held is one variable's events, not the
     * sum of all live ranges (a value live across D nested loops has
     * O(D) block events; D such values would need O(D^2) at once).
     * Stamps avoid clearing per variable. */
    CgLoops lp;
    cg_loops_find(nb, npred, preds, &lp);
    uint32_t *cov = xcalloc(nb, sizeof *cov);
    uint32_t *kill = xcalloc(nb, sizeof *kill);
    uint32_t *in = xcalloc(nb, sizeof *in);
    uint32_t *out = xcalloc(nb, sizeof *out);
    uint32_t *work = xmalloc((nb + 1) * sizeof *work);
    Vec_u64 keys = {0}, tmp = {0}, spans = {0};
    Vec_u32 rg = {0};
    VEC_RESERVE_RAW(rg, 2 * nregs + 16);
    l->rstart = xcalloc(nregs + 1, sizeof *l->rstart);
    for (uint32_t v = MIR_VREG0; v < nvars; v++) {
        uint32_t stamp = v + 1, nw = 0;
        bool evs = v < nregs && holes;
        keys.len = spans.len = 0;
        for (uint32_t d = defstart[v]; d < defstart[v + 1]; d++)
            kill[defv[d].block] = stamp;
        for (uint32_t u = uestart[v]; u < uestart[v + 1]; u++) {
            uint32_t b = uev[u].block;
            if (in[b] != stamp) {
                in[b] = stamp;
                work[nw++] = b;
            }
        }
        while (nw) {
            uint32_t b = work[--nw];
            widen(l, v, bstart[b]);
            if (evs)
                VEC_PUSH(keys, ev_key(bstart[b], EV_IN));
            /* live into a loop header and not killed in the loop: live
             * throughout it, and only its entries are walked on */
            bool whole = lp.inner[b] == b && lp.nchunk[b] &&
                         !killed_in(&lp, defv + defstart[v],
                                    defstart[v + 1] - defstart[v], b);
            if (whole) {
                cov[b] = stamp;
                take_loop(l, &lp, v, b, bstart, bend, evs ? &spans : NULL);
            }
            for (uint32_t q = npred[b]; q < npred[b + 1]; q++) {
                uint32_t pb = preds[q];
                if (whole && cg_loops_desc(&lp, pb, b))
                    continue;       /* a latch */
                /* a block of a loop taken whole has no events: an exit
                 * event alone would extend the range before it */
                if (covered(&lp, cov, stamp, pb, b))
                    continue;
                if (out[pb] != stamp) {
                    out[pb] = stamp;
                    widen(l, v, bend[pb]);
                    if (evs)
                        VEC_PUSH(keys, ev_key(bend[pb], EV_OUT));
                }
                if (kill[pb] != stamp && in[pb] != stamp) {
                    in[pb] = stamp;
                    work[nw++] = pb;
                }
            }
        }
        if (v >= nregs)
            continue;
        if (!holes) {
            if (l->start[v] != UINT32_MAX) {
                VEC_PUSH(rg, l->start[v]);
                VEC_PUSH(rg, l->end[v]);
                l->rstart[v + 1] = 1;
            }
            continue;
        }
        for (uint32_t e = evstart[v]; e < evstart[v + 1]; e++)
            VEC_PUSH(keys, evv[e].key);
        if (keys.len > tmp.cap) {
            tmp.len = 0;
            VEC_RESERVE(tmp, keys.len);
        }
        sort_keys(keys.data, keys.len, tmp.data);
        if (spans.len > tmp.cap) {
            tmp.len = 0;
            VEC_RESERVE(tmp, spans.len);
        }
        sort_keys(spans.data, spans.len, tmp.data);
        l->rstart[v + 1] = build_ranges(&rg, keys.data, keys.len,
                                        spans.data, spans.len);
    }
    for (uint32_t v = 0; v < nregs; v++)
        l->rstart[v + 1] += l->rstart[v];
    l->ranges = rg.data;
    VEC_FREE(keys), VEC_FREE(tmp), VEC_FREE(spans);
    free(uev), free(defv), free(evv);
    free(uestart), free(defstart), free(evstart);

    /* Physical registers: exact ranges inside each block, found walking
     * it backwards, so each block's pairs come out by decreasing start
     * and are reversed in place: the pairs of a register end up sorted
     * by start without a sort. */
    uint32_t pend[MIR_NPREG], blen[MIR_NPREG];
    uint64_t alloc_mask = 0;
    for (int c = 0; c < MIR_NCLS; c++)
        for (const uint8_t *r = ri->order[c]; *r; r++)
            alloc_mask |= (uint64_t)1 << *r;
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t r = 0; r < MIR_NPREG; r++) {
            pend[r] = UINT32_MAX;
            blen[r] = l->fixed[r].len / 2;
        }
        for (uint32_t k = bl->insts.len; k-- > 0;) {
            uint32_t i = bl->insts.data[k];
            uint32_t ip = l->pos[i];
            uint32_t n = accesses(f, i, ip, acc, 64);
            if (f->target->ops[mir_inst(f, i)->op].flags & MIR_OPF_CALL) {
                for (uint32_t r = 1; r < ri->nregs; r++) {
                    if (!(ri->caller_saved >> r & 1))
                        continue;
                    uint32_t hi = pend[r] != UINT32_MAX ? pend[r] : ip + 1;
                    VEC_PUSH(l->fixed[r], ip + 1);
                    VEC_PUSH(l->fixed[r], hi);
                    pend[r] = UINT32_MAX;
                }
            }
            for (uint32_t a = 0; a < n; a++) {
                uint32_t v = acc[a].v;
                if (!acc[a].def || v >= MIR_NPREG || !(alloc_mask >> v & 1))
                    continue;
                uint32_t hi = pend[v] != UINT32_MAX ? pend[v] : acc[a].pos;
                if (hi < acc[a].pos)
                    hi = acc[a].pos;
                VEC_PUSH(l->fixed[v], acc[a].pos);
                VEC_PUSH(l->fixed[v], hi);
                pend[v] = UINT32_MAX;
            }
            for (uint32_t a = 0; a < n; a++) {
                uint32_t v = acc[a].v;
                if (acc[a].use && v < MIR_NPREG && (alloc_mask >> v & 1) &&
                    pend[v] == UINT32_MAX)
                    pend[v] = acc[a].pos;
            }
        }
        for (uint32_t r = 0; r < MIR_NPREG; r++) {
            if (pend[r] != UINT32_MAX) {
                VEC_PUSH(l->fixed[r], bstart[b]);
                VEC_PUSH(l->fixed[r], pend[r]);
            }
            reverse_pairs(l->fixed[r].data, blen[r], l->fixed[r].len / 2);
        }
    }
    for (uint32_t r = 0; r < MIR_NPREG; r++) {
        uint32_t *d = l->fixed[r].data, n = l->fixed[r].len / 2, mx = 0;
        for (uint32_t k = 1; k < n; k++) {  /* a stable insertion sort */
            uint32_t lo = d[2 * k], hi = d[2 * k + 1], j = k;
            for (; j > 0 && d[2 * (j - 1)] > lo; j--)
                d[2 * j] = d[2 * (j - 1)], d[2 * j + 1] = d[2 * (j - 1) + 1];
            d[2 * j] = lo, d[2 * j + 1] = hi;
        }
        for (uint32_t k = 0; k < n; k++) {  /* ends become prefix max */
            if (d[2 * k + 1] > mx)
                mx = d[2 * k + 1];
            d[2 * k + 1] = mx;
        }
    }
    VEC_FREE(edges);
    free(npred), free(preds), free(fill), free(defd);
    free(kill), free(in), free(out), free(work), free(cov);
    cg_loops_free(&lp);
    free(bstart), free(bend);
}

void
cg_live_free(CgLive *l)
{
    free(l->start), free(l->end), free(l->pos);
    free(l->rstart), free(l->ranges);
    for (uint32_t r = 0; r < MIR_NPREG; r++)
        VEC_FREE(l->fixed[r]);
}
