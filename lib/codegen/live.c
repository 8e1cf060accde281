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
 * are proportional to the live ranges, never blocks x variables.  A
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

static int
cmp_pair(const void *a, const void *b)
{
    const uint32_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

typedef struct {
    uint32_t var, block;
} Ref;

/* A liveness event of a vreg, for its ranges: entering a block live,
 * a use (or a def that keeps the value), a killing def, leaving a block
 * live.  Sorted by variable, position, then kind. */
enum { EV_IN, EV_USE, EV_DEF, EV_OUT };
typedef struct {
    uint32_t var, pos;
    uint8_t kind;
} Ev;

static int
cmp_ev(const void *a, const void *b)
{
    const Ev *x = a, *y = b;
    if (x->var != y->var)
        return x->var < y->var ? -1 : 1;
    if (x->pos != y->pos)
        return x->pos < y->pos ? -1 : 1;
    return x->kind < y->kind ? -1 : x->kind > y->kind;
}

static int
cmp_ref(const void *a, const void *b)
{
    const Ref *x = a, *y = b;
    if (x->var != y->var)
        return x->var < y->var ? -1 : 1;
    return x->block < y->block ? -1 : x->block > y->block;
}

static void
widen(CgLive *l, uint32_t v, uint32_t p)
{
    if (l->start[v] > p)
        l->start[v] = p;
    if (l->end[v] < p)
        l->end[v] = p;
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

    /* Predecessors (CSR), upward-exposed uses and defs per block.  A
     * stamp per variable (the last block that defined it) finds the
     * uses not preceded by a def in their block. */
    uint32_t *npred = xcalloc(nb + 1, sizeof *npred);
    VEC(uint32_t) edges = {0};      /* (from, to) pairs */
    VEC(Ref) ue = {0}, defs = {0};
    VEC(Ev) ev = {0};
    uint32_t *defd = xcalloc(nvars, sizeof *defd);
    Acc acc[64];
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
                if (v < nregs)
                    VEC_PUSH(ev, ((Ev){v, acc[a].pos,
                        acc[a].def && acc[a].kill ? EV_DEF : EV_USE}));
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
    if (ue.len)
        qsort(ue.data, ue.len, sizeof *ue.data, cmp_ref);
    if (defs.len)
        qsort(defs.data, defs.len, sizeof *defs.data, cmp_ref);

    /* For each variable, walk backwards from its upward-exposed uses
     * to the blocks that define it: the blocks it is live into and out
     * of widen its interval.  Work is proportional to the size of the
     * live ranges (stamps avoid clearing per variable). */
    uint32_t *kill = xcalloc(nb, sizeof *kill);
    uint32_t *in = xcalloc(nb, sizeof *in);
    uint32_t *out = xcalloc(nb, sizeof *out);
    uint32_t *work = xmalloc((nb + 1) * sizeof *work);
    uint32_t di = 0;
    for (uint32_t ui = 0; ui < ue.len;) {
        uint32_t v = ue.data[ui].var, stamp = v + 1, nw = 0;
        while (di < defs.len && defs.data[di].var < v)
            di++;
        for (; di < defs.len && defs.data[di].var == v; di++)
            kill[defs.data[di].block] = stamp;
        for (; ui < ue.len && ue.data[ui].var == v; ui++) {
            uint32_t b = ue.data[ui].block;
            if (in[b] != stamp) {
                in[b] = stamp;
                work[nw++] = b;
            }
        }
        while (nw) {
            uint32_t b = work[--nw];
            widen(l, v, bstart[b]);
            if (v < nregs)
                VEC_PUSH(ev, ((Ev){v, bstart[b], EV_IN}));
            for (uint32_t q = npred[b]; q < npred[b + 1]; q++) {
                uint32_t pb = preds[q];
                if (out[pb] != stamp) {
                    out[pb] = stamp;
                    widen(l, v, bend[pb]);
                    if (v < nregs)
                        VEC_PUSH(ev, ((Ev){v, bend[pb], EV_OUT}));
                }
                if (kill[pb] != stamp && in[pb] != stamp) {
                    in[pb] = stamp;
                    work[nw++] = pb;
                }
            }
        }
    }

    /* Ranges of each vreg: the hull minus the holes where it is dead.
     * Scanning intervals with holes costs up to the number of inactive
     * intervals per step, so huge functions (more than CG_HOLES_MAX
     * vregs) get the hull as their only range: linear, less precise. */
    bool holes = nregs - MIR_VREG0 <= CG_HOLES_MAX;
    if (ev.len && holes)
        qsort(ev.data, ev.len, sizeof *ev.data, cmp_ev);
    l->rstart = xcalloc(nregs + 1, sizeof *l->rstart);
    VEC(uint32_t) rg = {0};
    if (!holes) {
        ev.len = 0;
        for (uint32_t v = MIR_VREG0; v < nregs; v++) {
            if (l->start[v] == UINT32_MAX)
                continue;
            VEC_PUSH(rg, l->start[v]);
            VEC_PUSH(rg, l->end[v]);
            l->rstart[v + 1] = 1;
        }
    }
    for (uint32_t e = 0; e < ev.len;) {
        uint32_t v = ev.data[e].var, first = rg.len / 2;
        bool open = false;
        uint32_t lo = 0, hi = 0;
        for (; e < ev.len && ev.data[e].var == v; e++) {
            Ev x = ev.data[e];
            if (open && (x.kind == EV_IN || x.kind == EV_DEF)) {
                if (rg.len / 2 > first && rg.data[rg.len - 1] + 1 >= lo) {
                    if (rg.data[rg.len - 1] < hi)
                        rg.data[rg.len - 1] = hi;
                } else {
                    VEC_PUSH(rg, lo);
                    VEC_PUSH(rg, hi);
                }
                open = false;
            }
            if (!open) {
                lo = hi = x.pos;
                open = true;
            }
            if (hi < x.pos)
                hi = x.pos;
        }
        if (open) {
            if (rg.len / 2 > first && rg.data[rg.len - 1] + 1 >= lo) {
                if (rg.data[rg.len - 1] < hi)
                    rg.data[rg.len - 1] = hi;
            } else {
                VEC_PUSH(rg, lo);
                VEC_PUSH(rg, hi);
            }
        }
        l->rstart[v + 1] = rg.len / 2 - first;
    }
    for (uint32_t v = 0; v < nregs; v++)
        l->rstart[v + 1] += l->rstart[v];
    l->ranges = rg.data;
    VEC_FREE(ev);

    /* Physical registers: exact ranges inside each block. */
    uint32_t pend[MIR_NPREG];
    uint64_t alloc_mask = 0;
    for (int c = 0; c < MIR_NCLS; c++)
        for (const uint8_t *r = ri->order[c]; *r; r++)
            alloc_mask |= (uint64_t)1 << *r;
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t r = 0; r < MIR_NPREG; r++)
            pend[r] = UINT32_MAX;
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
            if (pend[r] == UINT32_MAX)
                continue;
            VEC_PUSH(l->fixed[r], bstart[b]);
            VEC_PUSH(l->fixed[r], pend[r]);
        }
    }
    for (uint32_t r = 0; r < MIR_NPREG; r++) {
        uint32_t *d = l->fixed[r].data, n = l->fixed[r].len / 2, mx = 0;
        if (!n)
            continue;
        qsort(d, n, 2 * sizeof(uint32_t), cmp_pair);
        for (uint32_t k = 0; k < n; k++) {  /* ends become prefix max */
            if (d[2 * k + 1] > mx)
                mx = d[2 * k + 1];
            d[2 * k + 1] = mx;
        }
    }
    VEC_FREE(edges), VEC_FREE(ue), VEC_FREE(defs);
    free(npred), free(preds), free(fill), free(defd);
    free(kill), free(in), free(out), free(work);
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
