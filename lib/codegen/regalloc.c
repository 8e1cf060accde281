/*
 * regalloc.c - linear-scan register allocation over live intervals with
 * lifetime holes (Poletto and Sarkar, TOPLAS 1999; Wimmer and
 * Moessenboeck, CC 2005, without interval splitting), with fixed-register
 * constraints, copy hints and iterated spilling.
 *
 * 1. Liveness gives each vreg its ranges (live.c) and each physreg the
 *    exact ranges where the code uses it (ABI copies, div, shifts, call
 *    clobbers).  A vreg may take a physreg only if none of those ranges
 *    intersects its own: this is how every fixed constraint and call
 *    clobber is honoured without special cases.
 * 2. Intervals are scanned by start; 'active' ones cover the current
 *    position, 'inactive' ones are in a hole, and a register is free for
 *    the current interval if no active interval holds it and no inactive
 *    one holding it intersects it.  A loop variable and the value copied
 *    into it at the back edge usually share a register this way.  Free
 *    registers are tried in this order: the registers of the vreg's
 *    copy partners (the other sides of its copies, so a copy disappears:
 *    coalescing), then of their partners, then the target's order
 *    (caller-saved first, so callee-saved registers are only used, and
 *    saved, when something lives across a call).  An interval holding
 *    the same value as v does not block v's register: v's only
 *    definition copies it and it is not redefined while v lives.
 * 3. With no free register, the register whose occupants end last is
 *    freed by spilling them, unless the current interval ends later
 *    still: then it is spilled.  Spilled vregs defined once by a
 *    constant instruction (MIR_OPF_REMAT) are rematerialised before each
 *    use; others get a spill slot, with a reload into a fresh short vreg
 *    before each run of instructions that use it and a store after each
 *    run that defines it.  The new vregs cannot be spilled and live for a
 *    few instructions, so allocation is redone and converges in a few
 *    rounds.
 * 4. Spill slots are variables of the liveness too; slots whose
 *    intervals do not overlap share one frame object.
 * Two-address instructions are prepared by isel (copy, then a use+def
 * operand), so the copy is the only thing to coalesce.
 */
#include "cg.h"

#include <string.h>

typedef struct {
    MirFunc *f;
    CgScratch *sc;          /* where every table below lives */
    CgLive live;
    uint32_t *order;        /* vregs sorted by interval start */
    uint32_t norder;
    /* The intervals holding each register: a list from held[r] through
     * hnext (0 ends it).  Whether one is active (covers the scan's
     * position) or inactive (in a hole) is found when it is visited, and
     * those that ended are dropped then. */
    uint32_t held[MIR_NPREG], *hnext;
    uint32_t pos;           /* the scan's position */
    bool *spilled;
    uint32_t nspilled;
    uint64_t allocatable;
    /* copy partners: for vreg v < npart, part[pstart[v] .. pstart[v+1]) */
    uint32_t *pstart, *part;
    uint32_t npart;
    /* Same values (per round): csrc[v] is the vreg v copies when a
     * whole-register copy is v's only definition, else 0 (the defs of
     * each vreg are the liveness's: CgLive.dhead). */
    uint32_t *csrc;
    /* The register-to-register moves, in code order, and their blocks
     * (moveblk): rewrite only adds reloads, stores (a memory operand)
     * and rematerialisations (never moves) and drops rematerialised
     * defs (never moves either), so the list found before the first
     * round holds in every round. */
    uint32_t *moves, *moveblk, nmoves;
    /* Per vreg, its first range that may end at or after the scan's
     * position (which never decreases), from its first range (0). */
    uint32_t *rcur;
} Ra;


/* The fixed ranges of r are sorted by start, and live.c replaced each
 * end by the maximum end so far, so one binary search answers. */
static bool
fixed_conflict(const CgLive *l, uint32_t r, uint32_t s, uint32_t e)
{
    const uint32_t *p = l->fixed + 2 * l->fstart[r];
    uint32_t lo = 0, hi = l->fstart[r + 1] - l->fstart[r];
    while (lo < hi) {       /* lo = number of ranges starting <= e */
        uint32_t mid = (lo + hi) / 2;
        if (p[2 * mid] <= e)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo && p[2 * (lo - 1) + 1] >= s;
}

/* Lists the vregs with an interval in ra->order by start, ties by
 * vreg: a counting sort, since starts are dense positions below npos
 * (a comparison sort here was a tenth of the allocator's time). */
static void
order_by_start(Ra *ra, uint32_t nr)
{
    const CgLive *l = &ra->live;
    if (l->npos >= UINT32_MAX - 1)
        CG_BUG("register allocation: %u positions", l->npos);
    CgScratchMark m = cg_scratch_mark(ra->sc);
    uint32_t *cnt = cg_scratch_zalloc(ra->sc, (l->npos + 1) * sizeof *cnt);
    uint32_t n = 0;
    for (uint32_t v = MIR_VREG0; v < nr; v++)
        if (l->start[v] != UINT32_MAX) {
            if (l->start[v] >= l->npos)
                CG_BUG("register allocation: v%u starts at %u of %u", v,
                       l->start[v], l->npos);
            cnt[l->start[v] + 1]++;
            n++;
        }
    for (uint32_t p = 0; p < l->npos; p++)
        cnt[p + 1] += cnt[p];
    for (uint32_t v = MIR_VREG0; v < nr; v++)
        if (l->start[v] != UINT32_MAX)
            ra->order[cnt[l->start[v]]++] = v;
    ra->norder = n;
    cg_scratch_release(ra->sc, m);
}

/* Whether v's ranges contain position p. */
static bool
covers(const CgLive *l, uint32_t v, uint32_t p)
{
    const uint32_t *r = l->ranges + 2 * l->rstart[v];
    uint32_t lo = 0, hi = l->rstart[v + 1] - l->rstart[v];
    while (lo < hi) {       /* first range ending at or after p */
        uint32_t mid = (lo + hi) / 2;
        if (r[2 * mid + 1] < p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < l->rstart[v + 1] - l->rstart[v] && r[2 * lo] <= p;
}

/* Whether x, an interval the scan has passed, covers the scan's
 * position p: its cursor moves past the ranges ending before p, so
 * each range is passed once over the whole scan (a binary search per
 * step was most of the scan on large functions). */
static bool
covers_at(Ra *ra, uint32_t x, uint32_t p)
{
    const CgLive *l = &ra->live;
    const uint32_t *r = l->ranges + 2 * l->rstart[x];
    uint32_t n = l->rstart[x + 1] - l->rstart[x], k = ra->rcur[x];
    while (k < n && r[2 * k + 1] < p)
        k++;
    ra->rcur[x] = k;
    return k < n && r[2 * k] <= p;
}

/* Whether the intervals of a (one the scan has passed) and b (the
 * current one) intersect.  a's ranges before its cursor end before the
 * scan's position, where b starts. */
static bool
intersect(const Ra *ra, uint32_t a, uint32_t b)
{
    const CgLive *l = &ra->live;
    const uint32_t *x = l->ranges + 2 * (l->rstart[a] + ra->rcur[a]);
    const uint32_t *y = l->ranges + 2 * l->rstart[b];
    const uint32_t *xe = l->ranges + 2 * l->rstart[a + 1];
    const uint32_t *ye = l->ranges + 2 * l->rstart[b + 1];
    while (x < xe && y < ye) {
        if (x[1] < y[0])
            x += 2;
        else if (y[1] < x[0])
            y += 2;
        else
            return true;
    }
    return false;
}

static bool
fixed_conflict_v(const CgLive *l, uint32_t r, uint32_t v)
{
    /* none of r's fixed ranges within v's hull: the first starts
     * after it, or the last end (the maximum) is before it */
    uint32_t n = l->fstart[r + 1] - l->fstart[r];
    const uint32_t *p = l->fixed + 2 * l->fstart[r];
    if (!n || p[0] > l->end[v] || p[2 * n - 1] < l->start[v])
        return false;
    for (uint32_t k = l->rstart[v]; k < l->rstart[v + 1]; k++)
        if (fixed_conflict(l, r, l->ranges[2 * k], l->ranges[2 * k + 1]))
            return true;
    return false;
}

/* Whether v holds the value of x wherever v is live: v's only
 * definition copies x, and nothing defines x while v is live.  Then v
 * may share x's register and the copy disappears, though both live on
 * (`i64 j = zext i` of a loop counter that is incremented later: the
 * copy that peep.c leaves of the zext).  Chaitin's rule that a copy's
 * source does not interfere with its destination, checked over the
 * ranges since the MIR is not SSA. */
enum { SAMEDEFS = 16 };

static bool
same_value(Ra *ra, uint32_t v, uint32_t x)
{
    if (ra->csrc[v] != x)
        return false;
    const CgLive *l = &ra->live;
    if (l->ndef[x] > SAMEDEFS)  /* a bound on the work per question */
        return false;
    for (uint32_t k = l->dhead[x]; k; k = l->dlink[2 * k + 1]) {
        uint32_t e = l->dlink[2 * k];
        if (covers(l, v, l->pos[e >> 1] + (e & 1)))
            return false;
    }
    return true;
}

/* The next interval of register r's list at link *lk that has not
 * ended before the scan's position (0 at the end of the list); the
 * ended ones are unlinked, for good: the position only grows.  *active:
 * whether it covers the position (else it is in a hole). */
static uint32_t
held_next(Ra *ra, uint32_t *lk, bool *active)
{
    while (*lk) {
        uint32_t x = *lk;
        if (ra->live.end[x] < ra->pos) {
            *lk = ra->hnext[x];
            continue;
        }
        *active = covers_at(ra, x, ra->pos);
        return x;
    }
    return 0;
}

/* Whether interval x, holding a register at the scan's position (active
 * if it covers it), blocks that register for v: an active one always,
 * one in a hole if it meets v again; not if it holds v's value. */
static bool
blocks(Ra *ra, uint32_t x, bool active, uint32_t v)
{
    return (active || intersect(ra, x, v)) && !same_value(ra, v, x);
}

/* Whether register r is free over all of v's ranges. */
static bool
reg_ok(Ra *ra, uint32_t r, uint32_t v)
{
    bool active;
    for (uint32_t *lk = &ra->held[r], x; (x = held_next(ra, lk, &active));
         lk = &ra->hnext[x])
        if (blocks(ra, x, active, v))
            return false;
    return !fixed_conflict_v(&ra->live, r, v);
}

static void
spill(Ra *ra, uint32_t v)
{
    mir_vreg(ra->f, v)->reg = 0;
    if (!ra->spilled[v]) {
        ra->spilled[v] = true;
        ra->nspilled++;
    }
}

/* The register of x: a physreg itself, a vreg's assignment (0 if none
 * yet). */
static uint32_t
reg_of(Ra *ra, uint32_t x)
{
    return mir_is_vreg(x) ? mir_vreg(ra->f, x)->reg : x;
}

static bool
hint_ok(Ra *ra, uint32_t v, uint32_t h)
{
    const MirRegInfo *ri = ra->f->target->regs;
    return h && h < MIR_NPREG && (ra->allocatable >> h & 1) &&
           ri->cls[h] == mir_vreg(ra->f, v)->cls && reg_ok(ra, h, v);
}

/* A register that makes one of v's copies disappear: a copy partner's,
 * else that of a partner of a partner not allocated yet (a block
 * parameter's other incoming value: i' = i + 1 copied into p, p copied
 * into i at the back edge; i has its register when i' comes).  At most
 * HINTS tries, so each choice costs a constant. */
enum { HINTS = 16 };

static uint32_t
hint_pick(Ra *ra, uint32_t v)
{
    if (v >= ra->npart)
        return 0;
    uint32_t tries = 0;
    for (uint32_t k = ra->pstart[v]; k < ra->pstart[v + 1] && tries < HINTS;
         k++, tries++)
        if (hint_ok(ra, v, reg_of(ra, ra->part[k])))
            return reg_of(ra, ra->part[k]);
    for (uint32_t k = ra->pstart[v]; k < ra->pstart[v + 1]; k++) {
        uint32_t x = ra->part[k];
        if (!mir_is_vreg(x) || reg_of(ra, x) || x >= ra->npart)
            continue;
        for (uint32_t j = ra->pstart[x]; j < ra->pstart[x + 1]; j++) {
            if (tries++ >= HINTS)
                return 0;
            if (ra->part[j] != v && hint_ok(ra, v, reg_of(ra, ra->part[j])))
                return reg_of(ra, ra->part[j]);
        }
    }
    return 0;
}

/* Linear scan over intervals with holes (Wimmer and Moessenboeck,
 * "Optimized interval splitting in a linear scan register allocator",
 * without the splitting): 'active' intervals cover the current
 * position, 'inactive' ones are in a hole there.  They are kept by
 * register (Ra.held), so a question about one register visits only
 * the intervals holding it, not all of them: which are active and
 * which inactive at a step only matters for the register asked about
 * (what the scan decides does not depend on any order among them). */
static void
scan(Ra *ra)
{
    MirFunc *f = ra->f;
    const MirRegInfo *ri = f->target->regs;
    CgLive *l = &ra->live;
    for (uint32_t q = 0; q < ra->norder; q++) {
        uint32_t v = ra->order[q];
        MirVreg *vr = mir_vreg(f, v);
        ra->pos = l->start[v];
        uint32_t pick = hint_pick(ra, v);
        for (const uint8_t *r = ri->order[vr->cls]; *r && !pick; r++)
            if (reg_ok(ra, *r, v))
                pick = *r;
        if (!pick) {
            /* free the register whose blockers end last, or spill the
             * current interval if it ends later still */
            uint32_t best = 0, bend = 0;
            for (const uint8_t *r = ri->order[vr->cls]; *r; r++) {
                if (fixed_conflict_v(l, *r, v))
                    continue;
                uint32_t e = 0;
                bool ok = true, active;
                for (uint32_t *lk = &ra->held[*r], x;
                     (x = held_next(ra, lk, &active)); lk = &ra->hnext[x]) {
                    if (!active && !intersect(ra, x, v))
                        continue;
                    if (mir_vreg(f, x)->nospill)
                        ok = false;
                    if (l->end[x] > e)
                        e = l->end[x];
                }
                if (ok && (!best || e > bend)) {
                    best = *r;
                    bend = e;
                }
            }
            if (!vr->nospill && (!best || bend <= l->end[v])) {
                spill(ra, v);
                continue;
            }
            if (!best)
                CG_BUG("register allocation failed for %%v%u",
                       v - MIR_VREG0);
            pick = best;
            bool active;
            for (uint32_t *lk = &ra->held[pick], x;
                 (x = held_next(ra, lk, &active));) {
                if (active || intersect(ra, x, v)) {
                    spill(ra, x);
                    *lk = ra->hnext[x];
                } else {
                    lk = &ra->hnext[x];
                }
            }
        }
        vr->reg = pick;
        ra->hnext[v] = ra->held[pick];
        ra->held[pick] = v;
    }
}

/* ---------------------------------------------------------------- spill */

/* The row storing (reload: loading) a register of class cls to (from)
 * its spill slot. */
static uint16_t
spill_op(const Target *t, uint8_t cls, bool reload)
{
    uint16_t op = reload ? t->op_reload[cls] : t->op_spill[cls];
    return op ? op : t->op_move[cls];
}

static void
rewrite(Ra *ra)
{
    MirFunc *f = ra->f;
    uint32_t nr = mir_num_regs(f);
    /* one defining instruction if any; UINT32_MAX for several */
    CgScratchMark m = cg_scratch_mark(ra->sc);
    uint32_t *def = cg_scratch_zalloc(ra->sc, nr * sizeof *def);
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        for (uint32_t j = 0; j < in->nopnds; j++) {
            MirOpnd *o = mir_opnd(f, i, j);
            if (o->kind == MO_REG && ra->spilled[o->reg] &&
                (o->role == MIR_R_DEF || o->role == MIR_R_USEDEF ||
                 o->role == MIR_R_EDEF))
                def[o->reg] = def[o->reg] ? UINT32_MAX : i;
        }
    }
    for (uint32_t v = MIR_VREG0; v < nr; v++) {
        if (!ra->spilled[v])
            continue;
        uint32_t d = def[v];
        bool remat = d && d != UINT32_MAX &&
            (f->target->ops[mir_inst(f, d)->op].flags & MIR_OPF_REMAT);
        if (remat) {
            mir_inst(f, d)->flags |= MIR_IF_DEAD;
            def[v] = d;
        } else {
            def[v] = 0;
            if (!mir_vreg(f, v)->spill)
                mir_vreg(f, v)->spill = mir_frame_new(f, MF_SPILL, 8, 8);
        }
    }
    /* A run of consecutive instructions mentioning a spilled vreg (a
     * two-address copy and its operation) shares one temporary: one
     * reload before the run, one store after it. */
    uint32_t *tmp = cg_scratch_zalloc(ra->sc, nr * sizeof *tmp);
    bool *dirty = cg_scratch_zalloc(ra->sc, nr * sizeof *dirty);
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        VEC(uint32_t) out = {0};
        uint32_t pend[16], npend = 0;
        for (uint32_t k = 0; k <= bl->insts.len; k++) {
            uint32_t i = k < bl->insts.len ? bl->insts.data[k] : 0;
            if (i && (mir_inst(f, i)->flags & MIR_IF_DEAD))
                continue;
            MirInst in = i ? *mir_inst(f, i) : (MirInst){0};
            uint32_t seen[8], nseen = 0;
            for (uint32_t j = 0; j < in.nopnds; j++) {
                MirOpnd o = *mir_opnd(f, i, j);
                uint32_t regs[2] = {0, 0};
                if (o.kind == MO_REG)
                    regs[0] = o.reg;
                if (o.kind == MO_MEM) {
                    regs[0] = o.base == MB_REG ? o.reg : 0;
                    regs[1] = o.index;
                }
                for (int q = 0; q < 2; q++) {
                    uint32_t v = regs[q];
                    if (v >= MIR_VREG0 && v < nr && ra->spilled[v] &&
                        nseen < 8) {
                        bool dup = false;
                        for (uint32_t z = 0; z < nseen; z++)
                            dup |= seen[z] == v;
                        if (!dup)
                            seen[nseen++] = v;
                    }
                }
            }
            /* end the runs of vregs this instruction does not mention */
            for (uint32_t q = 0; q < npend;) {
                uint32_t v = pend[q];
                bool keep = false;
                for (uint32_t z = 0; z < nseen; z++)
                    keep |= seen[z] == v;
                if (keep) {
                    q++;
                    continue;
                }
                if (dirty[v]) {
                    uint32_t ni = mir_make(f, spill_op(f->target,
                        mir_vreg(f, v)->cls, false), 8,
                        (MirOpnd[]){mir_reg(tmp[v], 8),
                        mir_mem(MB_FRAME, mir_vreg(f, v)->spill, 0, 8)}, 2);
                    VEC_PUSH(out, ni);
                }
                tmp[v] = 0;
                dirty[v] = false;
                pend[q] = pend[--npend];
            }
            if (!i)
                break;
            for (uint32_t sv = 0; sv < nseen; sv++) {
                uint32_t v = seen[sv];
                bool use = false, dfn = false;
                for (uint32_t z = 0; z < in.nopnds; z++) {
                    MirOpnd *x = mir_opnd(f, i, z);
                    if (x->kind == MO_MEM && ((x->base == MB_REG &&
                        x->reg == v) || x->index == v))
                        use = true;
                    if (x->kind == MO_REG && x->reg == v) {
                        use |= x->role == MIR_R_USE ||
                               x->role == MIR_R_USEDEF ||
                               x->role == MIR_R_SCRATCH;
                        dfn |= x->role == MIR_R_DEF ||
                               x->role == MIR_R_USEDEF ||
                               x->role == MIR_R_EDEF ||
                               x->role == MIR_R_SCRATCH;
                    }
                }
                uint8_t cls = mir_vreg(f, v)->cls;
                uint32_t t = tmp[v];
                if (!t) {
                    t = mir_vreg_new(f, cls);
                    mir_vreg(f, t)->nospill = 1;
                    tmp[v] = t;
                    if (npend < 16)
                        pend[npend++] = v;
                    if (use && def[v]) {
                        /* rematerialise: copy the defining instruction */
                        MirInst dd = *mir_inst(f, def[v]);
                        MirOpnd ops[4];
                        uint32_t no = 0;
                        for (uint32_t z = 0; z < dd.nopnds && no < 4; z++) {
                            MirOpnd x = *mir_opnd(f, def[v], z);
                            if (x.kind == MO_REG && x.reg == v)
                                x.reg = t;
                            ops[no++] = x;
                        }
                        uint32_t ni = mir_make(f, dd.op, dd.size, ops, no);
                        mir_inst(f, ni)->cond = dd.cond;
                        mir_inst(f, ni)->size2 = dd.size2;
                        mir_inst(f, ni)->flags = MIR_IF_REMAT;
                        VEC_PUSH(out, ni);
                    } else if (use) {
                        uint32_t ni = mir_make(f, spill_op(f->target, cls,
                            true), 8, (MirOpnd[]){
                            mir_mem(MB_FRAME, mir_vreg(f, v)->spill, 0, 8),
                            mir_reg(t, 8)}, 2);
                        mir_inst(f, ni)->flags = MIR_IF_REMAT;
                        VEC_PUSH(out, ni);
                    }
                }
                if (dfn && !def[v])
                    dirty[v] = true;
                for (uint32_t z = 0; z < in.nopnds; z++) {
                    MirOpnd *x = mir_opnd(f, i, z);
                    if (x->kind == MO_REG && x->reg == v)
                        x->reg = t;
                    if (x->kind == MO_MEM && x->base == MB_REG && x->reg == v)
                        x->reg = t;
                    if (x->kind == MO_MEM && x->index == v)
                        x->index = t;
                }
            }
            /* branches and returns mention no vreg, so every run ends
             * before the end of its block */
            VEC_PUSH(out, i);
        }
        VEC_FREE(bl->insts);
        bl->insts.data = out.data;
        bl->insts.len = out.len;
        bl->insts.cap = out.cap;
    }
    cg_scratch_release(ra->sc, m);
}

/* Fills csrc (see Ra) from this round's code. */
static void
find_copies(Ra *ra)
{
    MirFunc *f = ra->f;
    const CgLive *l = &ra->live;
    uint32_t n = mir_num_regs(f);
    ra->csrc = cg_scratch_zalloc(ra->sc, (n + 1) * sizeof *ra->csrc);
    for (uint32_t k = 0; k < ra->nmoves; k++) {
        uint32_t i = ra->moves[k];
        /* a whole-register copy: 64-bit on GPRs (movl clears the upper
         * half, which peep.c relies on) */
        MirOpnd *s = mir_opnd(f, i, 0), *d = mir_opnd(f, i, 1);
        if (mir_is_vreg(s->reg) && mir_is_vreg(d->reg) &&
            s->reg != d->reg &&
            mir_vreg(f, s->reg)->cls == mir_vreg(f, d->reg)->cls &&
            (mir_vreg(f, d->reg)->cls != MIR_GP || mir_inst(f, i)->size == 8))
            ra->csrc[d->reg] = s->reg;
    }
    /* only a vreg defined once holds its copy's value throughout */
    for (uint32_t x = MIR_VREG0; x < n; x++)
        if (ra->csrc[x] && l->ndef[x] != 1)
            ra->csrc[x] = 0;
}

/* The register-to-register moves (Ra.moves), and the copy partners of
 * each vreg: the other side of each register copy, in code order
 * (counted, then filled: CSR). */
static void
set_hints(Ra *ra)
{
    MirFunc *f = ra->f;
    uint32_t n = mir_num_regs(f), nins = 0;
    for (uint32_t b = 1; b < f->blocks.len; b++)
        nins += f->blocks.data[b].insts.len;
    ra->moves = cg_scratch_alloc(ra->sc, (nins + 1) * sizeof *ra->moves);
    ra->moveblk = cg_scratch_alloc(ra->sc, (nins + 1) * sizeof *ra->moveblk);
    ra->nmoves = 0;
    ra->npart = n;
    ra->pstart = cg_scratch_zalloc(ra->sc, (n + 2) * sizeof *ra->pstart);
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            if (!(f->target->ops[mir_inst(f, i)->op].flags & MIR_OPF_MOVE))
                continue;
            MirOpnd *s = mir_opnd(f, i, 0), *d = mir_opnd(f, i, 1);
            if (s->kind != MO_REG || d->kind != MO_REG)
                continue;
            ra->moveblk[ra->nmoves] = b;
            ra->moves[ra->nmoves++] = i;
            if (s->reg == d->reg)
                continue;
            if (mir_is_vreg(d->reg))
                ra->pstart[d->reg + 1]++;
            if (mir_is_vreg(s->reg))
                ra->pstart[s->reg + 1]++;
        }
    }
    ra->part = cg_scratch_alloc(ra->sc,
        (csr_counted(ra->pstart, n) + 1) * sizeof *ra->part);
    for (uint32_t k = 0; k < ra->nmoves; k++) {
        uint32_t i = ra->moves[k];
        uint32_t s = mir_opnd(f, i, 0)->reg, d = mir_opnd(f, i, 1)->reg;
        if (s == d)
            continue;
        if (mir_is_vreg(d))
            ra->part[ra->pstart[d]++] = s;
        if (mir_is_vreg(s))
            ra->part[ra->pstart[s]++] = d;
    }
    csr_filled(ra->pstart, n);
}

/* Spill slots with disjoint intervals share one frame object: a linear
 * scan over the slot intervals by start, with a min-heap of occupied
 * representatives by end and a stack of free ones. */
static int
cmp_slot(const void *a, const void *b, void *ctx)
{
    const uint32_t *st = ctx;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (st[x] != st[y])
        return st[x] < st[y] ? -1 : 1;
    return x < y ? -1 : x > y;
}

static void
share_spill_slots(MirFunc *f, CgLive *l, CgScratch *sc)
{
    uint32_t nr = mir_num_regs(f), n = 0;
    uint32_t *objs = cg_scratch_alloc(sc, f->frame.len * sizeof *objs);
    for (uint32_t k = 1; k < f->frame.len; k++)
        if (f->frame.data[k].kind == MF_SPILL &&
            l->start[nr + k] != UINT32_MAX)
            objs[n++] = k;
    qsort_r(objs, n, sizeof *objs, cmp_slot, l->start + nr);
    uint32_t *heap = cg_scratch_alloc(sc, (n + 1) * sizeof *heap);
    uint32_t *rend = cg_scratch_zalloc(sc, f->frame.len * sizeof *rend);
    uint32_t *freed = cg_scratch_alloc(sc, (n + 1) * sizeof *freed);
    uint32_t nh = 0, nf = 0;
    bool shared = false;
    for (uint32_t a = 0; a < n; a++) {
        uint32_t o = objs[a], s = l->start[nr + o];
        while (nh && rend[heap[0]] < s) {
            freed[nf++] = heap[0];
            heap[0] = heap[--nh];
            for (uint32_t i = 0;;) {        /* sift down */
                uint32_t c = 2 * i + 1, m = i;
                if (c < nh && rend[heap[c]] < rend[heap[m]])
                    m = c;
                if (c + 1 < nh && rend[heap[c + 1]] < rend[heap[m]])
                    m = c + 1;
                if (m == i)
                    break;
                uint32_t t = heap[i];
                heap[i] = heap[m];
                heap[m] = t;
                i = m;
            }
        }
        uint32_t r = nf ? freed[--nf] : o;
        if (r != o) {
            f->frame.data[o].share = (int32_t)r;
            shared = true;
        }
        rend[r] = l->end[nr + o];
        uint32_t i = nh++;                  /* sift up */
        heap[i] = r;
        while (i && rend[heap[(i - 1) / 2]] > rend[heap[i]]) {
            uint32_t t = heap[i];
            heap[i] = heap[(i - 1) / 2];
            heap[(i - 1) / 2] = t;
            i = (i - 1) / 2;
        }
    }
    for (uint32_t i = 1; shared && i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        for (uint32_t j = 0; j < in->nopnds; j++) {
            MirOpnd *o = mir_opnd(f, i, j);
            if (o->kind == MO_MEM && o->base == MB_FRAME &&
                f->frame.data[o->obj].share >= 0)
                o->obj = (uint32_t)f->frame.data[o->obj].share;
        }
    }
}

bool
cg_regalloc(CgCtx *c, MirFunc *f)
{
    Ra ra;
    memset(&ra, 0, sizeof ra);
    ra.f = f;
    if (!c->scratch)
        c->scratch = cg_scratch_new();
    ra.sc = c->scratch;
    CgScratchMark m0 = cg_scratch_mark(ra.sc);
    for (int k = 0; k < MIR_NCLS; k++)
        for (const uint8_t *r = f->target->regs->order[k]; *r; r++)
            ra.allocatable |= (uint64_t)1 << *r;
    set_hints(&ra);
    for (int round = 0;; round++) {
        if (round > 32)
            CG_BUG("register allocation does not converge");
        uint32_t nr = mir_num_regs(f);
        for (uint32_t v = MIR_VREG0; v < nr; v++)
            mir_vreg(f, v)->reg = 0;
        CgScratchMark m = cg_scratch_mark(ra.sc);
        cg_live_compute(f, &ra.live, ra.sc);
        ra.order = cg_scratch_alloc(ra.sc, (nr + 1) * sizeof *ra.order);
        ra.hnext = cg_scratch_alloc(ra.sc, nr * sizeof *ra.hnext);
        memset(ra.held, 0, sizeof ra.held);
        ra.spilled = cg_scratch_zalloc(ra.sc, nr * sizeof *ra.spilled);
        ra.rcur = cg_scratch_zalloc(ra.sc, nr * sizeof *ra.rcur);
        ra.norder = ra.nspilled = 0;
        order_by_start(&ra, nr);
        find_copies(&ra);
        scan(&ra);
        bool done = ra.nspilled == 0;
        if (!done)
            rewrite(&ra);
        else
            share_spill_slots(f, &ra.live, ra.sc);
        cg_scratch_release(ra.sc, m);
        if (done)
            break;
    }
    /* replace vregs by their registers; drop self-copies */
    const MirRegInfo *ri = f->target->regs;
    /* the tables and the callee-saved mask read once: the stores below
     * could alias them for the compiler */
    const MirInst *ins = f->insts.data;
    MirOpnd *opnds = f->opnds.data;
    const MirVreg *vregs = f->vregs.data - MIR_VREG0;
    uint64_t callee = ri->callee_saved, used = f->used_callee_saved;
    for (uint32_t i = 1, ni = f->insts.len; i < ni; i++) {
        MirOpnd *ops = opnds + ins[i].opnds;
        for (uint32_t j = 0, no = ins[i].nopnds; j < no; j++) {
            MirOpnd *o = &ops[j];
            if (o->kind == MO_REG) {
                uint32_t r = o->reg;
                if (mir_is_vreg(r))
                    o->reg = r = vregs[r].reg;
                if (r && (callee >> r & 1) &&
                    (o->role == MIR_R_DEF || o->role == MIR_R_USEDEF ||
                     o->role == MIR_R_EDEF || o->role == MIR_R_SCRATCH))
                    used |= (uint64_t)1 << r;
            } else if (o->kind == MO_MEM) {
                if (o->base == MB_REG && mir_is_vreg(o->reg))
                    o->reg = vregs[o->reg].reg;
                if (mir_is_vreg(o->index))
                    o->index = vregs[o->index].reg;
            }
        }
    }
    f->used_callee_saved = used;
    /* only the moves can be self-copies: they are marked, and the
     * blocks that have one are compacted */
    bool *dirty = cg_scratch_zalloc(ra.sc, f->blocks.len * sizeof *dirty);
    bool *self = cg_scratch_zalloc(ra.sc, f->insts.len * sizeof *self);
    for (uint32_t k = 0; k < ra.nmoves; k++) {
        uint32_t i = ra.moves[k];
        if (mir_opnd(f, i, 0)->reg == mir_opnd(f, i, 1)->reg)
            self[i] = dirty[ra.moveblk[k]] = true;
    }
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (!dirty[b])
            continue;
        uint32_t n = 0;
        for (uint32_t k = 0; k < bl->insts.len; k++)
            if (!self[bl->insts.data[k]])
                bl->insts.data[n++] = bl->insts.data[k];
        bl->insts.len = n;
    }
    cg_scratch_release(ra.sc, m0);
    return true;
}
