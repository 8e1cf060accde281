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

/* A def takes effect after its instruction's uses (position + 1), but
 * an early def or a scratch at them. */
static bool
late_def(uint8_t r)
{
    return r != MIR_R_EDEF && r != MIR_R_SCRATCH;
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

/* Notes that instruction i defines vreg v by a register operand, at
 * its position + late (CgLive.dhead). */
static void
note_def(CgLive *l, CgVecU32 *dl, uint32_t v, uint32_t i, bool late)
{
    VEC_RESERVE_RAW(*dl, dl->len + 2);
    dl->data[dl->len] = i << 1 | late;
    dl->data[dl->len + 1] = l->dhead[v];
    l->dhead[v] = dl->len / 2;
    l->ndef[v]++;
    dl->len += 2;
}

static void
widen(CgLive *l, uint32_t v, uint32_t p)
{
    if (l->start[v] > p)
        l->start[v] = p;
    if (l->end[v] < p)
        l->end[v] = p;
}

/* The first walk's state at an instruction (see cg_live_compute). */
typedef struct {
    CgLive *l;
    uint32_t *local;
    uint32_t p, lo;         /* the instruction's position, its block's */
    bool phys;              /* it calls or accesses a physical register */
} Walk;

/* Appends access a of the instruction at w->p to acc[*n]: the hull of
 * its variable, and whether that is still local (the use must follow
 * the one def in its block; a use by the defining instruction itself
 * is upward exposed, as in the second walk). */
static inline void
put(Walk *w, Acc *acc, uint32_t *n, Acc a)
{
    acc[(*n)++] = a;
    uint32_t v = a.v;
    if (v < MIR_VREG0) {
        w->phys = true;
        return;
    }
    widen(w->l, v, a.pos);
    uint32_t lv = w->local[v];
    if (a.use && (lv - 1 >= w->p || lv - 1 < w->lo))
        lv = UINT32_MAX;
    if (a.def && a.kill)
        lv = lv ? UINT32_MAX : w->p + 1;
    w->local[v] = lv;
}

/* The variable accesses of instruction i, in the order defs then uses;
 * its block operands are appended to edges as (b, target) pairs and
 * its register defs of vregs to l's lists of defs (all of them: an
 * instruction with more operands than the accesses take has its
 * accesses cut short, not its defs). */
static uint32_t
accesses(MirFunc *f, uint32_t i, Walk *w, Acc *acc, uint32_t max,
         CgVecU32 *edges, uint32_t b, CgVecU32 *dl)
{
    /* operands and their count read once: the stores to acc could
     * alias them for the compiler */
    uint32_t no = mir_inst(f, i)->nopnds, n = 0, p = w->p;
    const MirOpnd *ops = no ? mir_opnd(f, i, 0) : NULL;
    for (uint32_t j = 0; j < no; j++) {
        const MirOpnd *o = &ops[j];
        if (o->kind == MO_BLOCK) {
            VEC_PUSH(*edges, b);
            VEC_PUSH(*edges, o->obj);
            continue;
        }
        if (o->kind == MO_REG && mir_is_vreg(o->reg) && is_def(o->role))
            note_def(w->l, dl, o->reg, i, late_def(o->role));
        if (n + 3 >= max)
            continue;           /* the accesses are cut short here */
        if (o->kind == MO_REG && o->reg) {
            if (is_def(o->role))
                put(w, acc, &n, (Acc){o->reg, p + late_def(o->role), true,
                                      false, o->role != MIR_R_USEDEF});
            if (is_use(o->role))
                put(w, acc, &n, (Acc){o->reg,
                    o->role == MIR_R_SCRATCH ? p + 1 : p, false, true, false});
        } else if (o->kind == MO_MEM) {
            if (o->base == MB_REG && o->reg)
                put(w, acc, &n, (Acc){o->reg, p, false, true, false});
            if (o->index)
                put(w, acc, &n, (Acc){o->index, p, false, true, false});
            uint32_t sv = mem_var(f, o);
            if (sv != UINT32_MAX && o->role != MIR_R_ADDR) {
                if (is_def(o->role))
                    put(w, acc, &n, (Acc){sv, p + 1, true, false,
                                          o->role != MIR_R_USEDEF});
                if (is_use(o->role))
                    put(w, acc, &n, (Acc){sv, p, false, true, false});
            }
        }
    }
    return n;
}

typedef struct {
    uint32_t var, block;
} Ref;
typedef CgVecU32 Vec_u32;
typedef CgVecU64 Vec_u64;

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
             uint32_t **startp, CgScratch *sc)
{
    /* counts at start[v], summed into ends, then filled from the back
     * down to the starts */
    uint32_t *start = cg_scratch_zalloc(sc, (nvars + 1) * sizeof *start);
    const char *src = data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t v;
        memcpy(&v, src + k * size, sizeof v);
        start[v]++;
    }
    for (uint32_t v = 1; v < nvars; v++)
        start[v] += start[v - 1];
    start[nvars] = n;
    char *dst = cg_scratch_alloc(sc, n * size);
    for (uint32_t k = n; k-- > 0;) {
        uint32_t v;
        memcpy(&v, src + k * size, sizeof v);
        char *to = dst + --start[v] * size;
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

/* Whether one of the n def blocks d (ascending) lies in loop h's
 * chunks. */
static bool
killed_in(const CgLoops *lp, const Ref *d, uint32_t n, uint32_t h)
{
    const uint32_t *c = &lp->chunks[2 * lp->chunk[h]];
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
    const uint32_t *c = &lp->chunks[2 * lp->chunk[h]];
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

/* Reverses the (reg, lo, hi) triples t[from..to) (triple indices). */
static void
reverse_triples(uint32_t *t, uint32_t from, uint32_t to)
{
    for (; from + 1 < to; from++, to--)
        for (int k = 0; k < 3; k++) {
            uint32_t x = t[3 * from + k];
            t[3 * from + k] = t[3 * (to - 1) + k];
            t[3 * (to - 1) + k] = x;
        }
}

/* The exact ranges of the physical registers (CgLive.fixed), from the
 * accesses of each instruction (acc[aoff[x] .. aoff[x + 1]) of the x-th
 * instruction in layout order).  Only the instructions that access a
 * physical register or call are walked (the others add nothing): block
 * b's are the (x, instruction) pairs fx[2 * fxb[b] .. 2 * fxb[b + 1]). */
static void
fixed_ranges(MirFunc *f, CgLive *l, const Acc *acc, const uint32_t *aoff,
             const uint32_t *fx, const uint32_t *fxb, const uint32_t *bstart,
             CgScratch *sc)
{
    const MirRegInfo *ri = f->target->regs;
    uint32_t nb = f->blocks.len;
    uint32_t pend[MIR_NPREG];
    uint64_t alloc_mask = 0;
    for (int c = 0; c < MIR_NCLS; c++)
        for (const uint8_t *r = ri->order[c]; *r; r++)
            alloc_mask |= (uint64_t)1 << *r;
    /* Walking each block backwards, a register's pairs come out by
     * decreasing start: the block's triples are reversed in place, so
     * after a stable grouping by register each register's pairs are
     * sorted by start but where blocks overlap.  pmask: the registers
     * with a pending use (pend) to be closed by a def. */
    Vec_u32 *t = &sc->fixed;
    t->len = 0;
    for (uint32_t b = 1; b < nb; b++) {
        uint32_t first = t->len / 3;
        uint64_t pmask = 0;
        for (uint32_t k = fxb[b + 1]; k-- > fxb[b];) {
            uint32_t y = fx[2 * k], i = fx[2 * k + 1];
            uint32_t ip = l->pos[i];
            const Acc *a0 = acc + aoff[y], *a1 = acc + aoff[y + 1];
            VEC_RESERVE_RAW(*t, t->len + 3 * (MIR_NPREG + (a1 - a0)));
            if (f->target->ops[mir_inst(f, i)->op].flags & MIR_OPF_CALL) {
                for (uint32_t r = 1; r < ri->nregs; r++) {
                    if (!(ri->caller_saved >> r & 1))
                        continue;
                    uint32_t *e = t->data + t->len;
                    e[0] = r, e[1] = ip + 1;
                    e[2] = pmask >> r & 1 ? pend[r] : ip + 1;
                    t->len += 3;
                    pmask &= ~((uint64_t)1 << r);
                }
            }
            for (const Acc *a = a0; a < a1; a++) {
                uint32_t v = a->v;
                if (!a->def || v >= MIR_NPREG || !(alloc_mask >> v & 1))
                    continue;
                uint32_t hi = pmask >> v & 1 ? pend[v] : a->pos;
                if (hi < a->pos)
                    hi = a->pos;
                uint32_t *e = t->data + t->len;
                e[0] = v, e[1] = a->pos, e[2] = hi;
                t->len += 3;
                pmask &= ~((uint64_t)1 << v);
            }
            for (const Acc *a = a0; a < a1; a++) {
                uint32_t v = a->v;
                if (a->use && v < MIR_NPREG && (alloc_mask >> v & 1) &&
                    !(pmask >> v & 1)) {
                    pend[v] = a->pos;
                    pmask |= (uint64_t)1 << v;
                }
            }
        }
        VEC_RESERVE_RAW(*t, t->len + 3 * MIR_NPREG);
        for (; pmask; pmask &= pmask - 1) {
            uint32_t r = (uint32_t)__builtin_ctzll(pmask);
            uint32_t *e = t->data + t->len;
            e[0] = r, e[1] = bstart[b], e[2] = pend[r];
            t->len += 3;
        }
        reverse_triples(t->data, first, t->len / 3);
    }
    /* group by register into pairs, in the triples' own buffer */
    uint32_t n = t->len / 3, *fs = l->fstart;
    uint32_t *cp = cg_scratch_alloc(sc, t->len * sizeof *cp);
    memcpy(cp, t->data, t->len * sizeof *cp);
    memset(fs, 0, sizeof l->fstart);
    uint64_t present = 0;       /* the registers with ranges */
    for (uint32_t k = 0; k < n; k++) {
        fs[cp[3 * k] + 1]++;
        present |= (uint64_t)1 << cp[3 * k];
    }
    for (uint32_t r = 0; r < MIR_NPREG; r++)
        fs[r + 1] += fs[r];
    uint32_t at[MIR_NPREG];
    memcpy(at, fs, sizeof at);
    uint32_t *d = t->data;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t r = cp[3 * k], j = at[r]++;
        d[2 * j] = cp[3 * k + 1], d[2 * j + 1] = cp[3 * k + 2];
    }
    l->fixed = d;
    for (; present; present &= present - 1) {
        uint32_t r = (uint32_t)__builtin_ctzll(present);
        uint32_t *p = d + 2 * fs[r], m = fs[r + 1] - fs[r], mx = 0;
        for (uint32_t k = 1; k < m; k++) {  /* a stable insertion sort */
            uint32_t lo = p[2 * k], hi = p[2 * k + 1], j = k;
            for (; j > 0 && p[2 * (j - 1)] > lo; j--)
                p[2 * j] = p[2 * (j - 1)], p[2 * j + 1] = p[2 * (j - 1) + 1];
            p[2 * j] = lo, p[2 * j + 1] = hi;
        }
        for (uint32_t k = 0; k < m; k++) {  /* ends become prefix max */
            if (p[2 * k + 1] > mx)
                mx = p[2 * k + 1];
            p[2 * k + 1] = mx;
        }
    }
}

void
cg_live_compute(MirFunc *f, CgLive *l, CgScratch *sc)
{
    uint32_t nregs = mir_num_regs(f);
    uint32_t nvars = nregs + f->frame.len, nb = f->blocks.len;
    memset(l, 0, sizeof *l);
    l->nvars = nvars;
    l->start = cg_scratch_alloc(sc, nvars * sizeof *l->start);
    l->end = cg_scratch_zalloc(sc, nvars * sizeof *l->end);
    l->pos = cg_scratch_zalloc(sc, f->insts.len * sizeof *l->pos);
    l->rstart = cg_scratch_zalloc(sc, (nregs + 1) * sizeof *l->rstart);
    l->dhead = cg_scratch_zalloc(sc, nregs * sizeof *l->dhead);
    l->ndef = cg_scratch_zalloc(sc, nregs * sizeof *l->ndef);
    CgVecU32 *dl = &sc->defs;
    dl->len = 0;
    VEC_RESERVE_RAW(*dl, 2 * (size_t)f->opnds.len + 2);
    dl->len = 2;                /* entry 0 ends the lists */
    for (uint32_t v = 0; v < nvars; v++)
        l->start[v] = UINT32_MAX;
    CgScratchMark mark = cg_scratch_mark(sc);

    /* Positions, the hulls, which variables are local (put), and the
     * accesses of every instruction once (the second walk and the
     * physical registers' walk read them again): acc[aoff[x] ..
     * aoff[x + 1]) are those of the x-th instruction in layout order.
     * An operand makes at most four accesses, so 4 per operand of the
     * function is room enough unless the blocks list an instruction
     * twice; then the array is moved to a bigger one. */
    uint32_t *bstart = cg_scratch_zalloc(sc, nb * sizeof *bstart);
    uint32_t *bend = cg_scratch_zalloc(sc, nb * sizeof *bend);
    size_t nins = 0, maxacc = 4 * (size_t)f->opnds.len + 64;
    for (uint32_t b = 1; b < nb; b++)
        nins += f->blocks.data[b].insts.len;
    uint32_t *aoff = cg_scratch_alloc(sc, (nins + 1) * sizeof *aoff);
    /* A variable killed once, by an instruction at position p of block
     * b, and otherwise only read after it in b (most temporaries) is
     * live exactly from its def to its last use: local[v] = p + 1, its
     * interval is its hull and the walk below has nothing to do for it.
     * 0: not accessed yet; UINT32_MAX: any other variable. */
    uint32_t *local = cg_scratch_zalloc(sc, nvars * sizeof *local);
    /* the instructions the physical registers' walk needs (see
     * fixed_ranges), and the first instruction (x) of each block */
    uint32_t *fx = cg_scratch_alloc(sc, 2 * (nins + 1) * sizeof *fx);
    uint32_t *fxb = cg_scratch_alloc(sc, (nb + 2) * sizeof *fxb);
    uint32_t *xb = cg_scratch_alloc(sc, (nb + 2) * sizeof *xb);
    Acc *acc = cg_scratch_alloc(sc, maxacc * sizeof *acc);
    Vec_u32 *edges = &sc->edges;    /* (from, to) pairs */
    uint32_t p = 0, x = 0, na = 0, nfx = 0;
    edges->len = 0;
    fxb[0] = fxb[1] = xb[0] = xb[1] = 0;
    Walk w = {.l = l, .local = local};
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        bstart[b] = w.lo = p;
        p += 2;
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            l->pos[i] = p;
            if (na + 64 > maxacc) {
                Acc *a2 = cg_scratch_alloc(sc, 2 * maxacc * sizeof *a2);
                acc = memcpy(a2, acc, na * sizeof *acc);
                maxacc *= 2;
            }
            aoff[x++] = na;
            w.p = p;
            w.phys = f->target->ops[mir_inst(f, i)->op].flags & MIR_OPF_CALL;
            na += accesses(f, i, &w, acc + na, 64, edges, b, dl);
            if (w.phys) {
                fx[2 * nfx] = x - 1;
                fx[2 * nfx++ + 1] = i;
            }
            p += 2;
        }
        bend[b] = p - 1;
        fxb[b + 1] = nfx;
        xb[b + 1] = x;
    }
    aoff[x] = na;
    l->npos = p;

    /* Scanning intervals with holes costs up to the number of inactive
     * intervals per step, so huge functions (more than CG_HOLES_MAX
     * vregs) get the hull as their only range: linear, less precise. */
    bool holes = nregs - MIR_VREG0 <= CG_HOLES_MAX;

    /* Predecessors (CSR), upward-exposed uses and defs per block, and
     * the vregs' own events (when they get holes).  A stamp per
     * variable (the last block that defined it) finds the uses not
     * preceded by a def in their block. */
    uint32_t *npred = cg_scratch_zalloc(sc, (nb + 1) * sizeof *npred);
    Ref *ue = cg_scratch_alloc(sc, na * sizeof *ue);
    Ref *defs = cg_scratch_alloc(sc, na * sizeof *defs);
    Ev *ev = cg_scratch_alloc(sc, (holes ? na : 0) * sizeof *ev);
    uint32_t nue = 0, ndefs = 0, nev = 0, ng = 0;
    /* The other variables are few: they are numbered densely, in
     * order, so that grouping by variable costs what they have. */
    uint32_t *gid = cg_scratch_alloc(sc, nvars * sizeof *gid);
    for (uint32_t v = MIR_VREG0; v < nvars; v++)
        if (local[v] == UINT32_MAX)
            gid[v] = ng++;
    uint32_t *defd = cg_scratch_zalloc(sc, (ng + 1) * sizeof *defd);
    for (uint32_t b = 1; b < nb; b++) {
        /* defd[gid[v]]: the position of the instruction that first
         * killed v, so v is killed earlier in block b if it lies
         * between the block's label (lo) and the accessing instruction
         * (a->pos rounded down to even): then a use of v is not upward
         * exposed (a use by the killing instruction itself is) */
        const Acc *a1 = acc + aoff[xb[b + 1]];
        uint32_t lo = bstart[b];
        for (const Acc *a = acc + aoff[xb[b]]; a < a1; a++) {
            uint32_t v = a->v;
            if (v < MIR_VREG0 || local[v] != UINT32_MAX)
                continue;
            bool kill = a->def && a->kill;
            uint32_t g = gid[v], ip = a->pos & ~1u, d = defd[g];
            if (v < nregs && holes)
                ev[nev++] = (Ev){g, ev_key(a->pos, kill ? EV_DEF : EV_USE)};
            if (a->use && (d <= lo || d >= ip))
                ue[nue++] = (Ref){g, b};
            if (kill && d <= lo) {
                defd[g] = ip;
                defs[ndefs++] = (Ref){g, b};
            }
        }
    }
    uint32_t ne = edges->len;
    for (uint32_t e = 0; e < ne; e += 2)
        npred[edges->data[e + 1] + 1]++;
    for (uint32_t b = 0; b < nb; b++)
        npred[b + 1] += npred[b];
    uint32_t *preds = cg_scratch_alloc(sc, (ne / 2 + 1) * sizeof *preds);
    uint32_t *fill = cg_scratch_zalloc(sc, nb * sizeof *fill);
    for (uint32_t e = 0; e < ne; e += 2) {
        uint32_t to = edges->data[e + 1];
        preds[npred[to] + fill[to]++] = edges->data[e];
    }
    uint32_t *uestart, *defstart, *evstart;
    Ref *uev = group_by_var(ue, nue, sizeof *ue, ng, &uestart, sc);
    Ref *defv = group_by_var(defs, ndefs, sizeof *defs, ng, &defstart, sc);
    Ev *evv = group_by_var(ev, nev, sizeof *ev, ng, &evstart, sc);

    /* For each variable, walk backwards from its upward-exposed uses
     * to the blocks that define it: the blocks it is live into and out
     * of widen its interval and, for a vreg with holes, are events of
     * its ranges, sorted and turned into ranges before the next
     * variable, so the memory held is one variable's events, not the
     * sum of all live ranges (a value live across D nested loops has
     * O(D) block events; D such values would need O(D^2) at once).
     * Stamps avoid clearing per variable. */
    CgLoops lp;
    cg_loops_find(nb, npred, preds, &lp, sc);
    uint32_t *cov = cg_scratch_zalloc(sc, nb * sizeof *cov);
    uint32_t *kill = cg_scratch_zalloc(sc, nb * sizeof *kill);
    uint32_t *in = cg_scratch_zalloc(sc, nb * sizeof *in);
    uint32_t *out = cg_scratch_zalloc(sc, nb * sizeof *out);
    uint32_t *work = cg_scratch_alloc(sc, (nb + 1) * sizeof *work);
    Vec_u64 *keys = &sc->keys, *tmp = &sc->tmp, *spans = &sc->spans;
    Vec_u32 *rg = &sc->ranges;
    rg->len = 0;
    VEC_RESERVE_RAW(*rg, 2 * nregs + 16);
    for (uint32_t v = MIR_VREG0; v < nvars; v++) {
        if (local[v] != UINT32_MAX) {   /* local, or never accessed */
            if (local[v] && v < nregs) {
                VEC_PUSH(*rg, l->start[v]);
                VEC_PUSH(*rg, l->end[v]);
                l->rstart[v + 1] = 1;
            }
            continue;
        }
        uint32_t stamp = v + 1, nw = 0, g = gid[v];
        bool evs = v < nregs && holes;
        keys->len = spans->len = 0;
        for (uint32_t d = defstart[g]; d < defstart[g + 1]; d++)
            kill[defv[d].block] = stamp;
        for (uint32_t u = uestart[g]; u < uestart[g + 1]; u++) {
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
                VEC_PUSH(*keys, ev_key(bstart[b], EV_IN));
            /* live into a loop header and not killed in the loop: live
             * throughout it, and only its entries are walked on */
            bool whole = lp.inner[b] == b && lp.nchunk[b] &&
                         !killed_in(&lp, defv + defstart[g],
                                    defstart[g + 1] - defstart[g], b);
            if (whole) {
                cov[b] = stamp;
                take_loop(l, &lp, v, b, bstart, bend, evs ? spans : NULL);
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
                        VEC_PUSH(*keys, ev_key(bend[pb], EV_OUT));
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
                VEC_PUSH(*rg, l->start[v]);
                VEC_PUSH(*rg, l->end[v]);
                l->rstart[v + 1] = 1;
            }
            continue;
        }
        uint32_t ne0 = evstart[g], ne1 = evstart[g + 1];
        if (!keys->len && ne0 == ne1)
            continue;       /* never live (dead code removed): no range */
        VEC_RESERVE_RAW(*keys, keys->len + (ne1 - ne0));
        for (uint32_t e = ne0; e < ne1; e++)
            keys->data[keys->len++] = evv[e].key;
        VEC_RESERVE_RAW(*tmp, keys->len > spans->len ? keys->len
                                                     : spans->len);
        if (keys->len > 1)
            sort_keys(keys->data, keys->len, tmp->data);
        if (spans->len > 1)
            sort_keys(spans->data, spans->len, tmp->data);
        l->rstart[v + 1] = build_ranges(rg, keys->data, keys->len,
                                        spans->data, spans->len);
    }
    for (uint32_t v = 0; v < nregs; v++)
        l->rstart[v + 1] += l->rstart[v];
    l->ranges = rg->data;
    l->dlink = dl->data;

    fixed_ranges(f, l, acc, aoff, fx, fxb, bstart, sc);
    cg_scratch_release(sc, mark);
}
