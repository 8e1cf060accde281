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
 * slots whose lifetimes do not overlap can share storage.  Block-level
 * liveness is the usual backward dataflow on bit sets, iterated to a
 * fixed point; the interval of a variable is then the hull of its live
 * positions (Poletto and Sarkar: one range, no holes), conservative
 * but simple.  Physical registers are only live inside blocks (ABI
 * copies sit next to their call or return), and get exact ranges;
 * calls add a one-position range to every caller-saved register.
 */
#include "cg.h"

#include <string.h>

typedef uint64_t Word;

static inline void bset(Word *s, uint32_t i) { s[i / 64] |= (Word)1 << (i % 64); }
static inline void bclr(Word *s, uint32_t i) { s[i / 64] &= ~((Word)1 << (i % 64)); }
static inline bool btst(const Word *s, uint32_t i)
{ return s[i / 64] >> (i % 64) & 1; }

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

void
cg_live_compute(MirFunc *f, CgLive *l)
{
    const MirRegInfo *ri = f->target->regs;
    uint32_t nregs = mir_num_regs(f);
    uint32_t nvars = nregs + f->frame.len;
    uint32_t nw = (nvars + 63) / 64, nb = f->blocks.len;
    memset(l, 0, sizeof *l);
    l->nvars = nvars;
    l->start = xmalloc(nvars * sizeof *l->start);
    l->end = xcalloc(nvars, sizeof *l->end);
    l->crosses_call = xcalloc(nvars, sizeof *l->crosses_call);
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

    /* gen/kill per block (physregs are local and left out) */
    Word *gen = xcalloc((size_t)nb * nw, sizeof *gen);
    Word *kill = xcalloc((size_t)nb * nw, sizeof *kill);
    Word *in = xcalloc((size_t)nb * nw, sizeof *in);
    Word *out = xcalloc((size_t)nb * nw, sizeof *out);
    uint32_t *succ = xcalloc((size_t)nb * 3, sizeof *succ);
    Acc acc[64];
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        Word *g = gen + (size_t)b * nw, *kl = kill + (size_t)b * nw;
        uint32_t ns = 0;
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            uint32_t n = accesses(f, i, 0, acc, 64);
            for (uint32_t a = 0; a < n; a++)
                if (acc[a].use && (acc[a].v >= MIR_VREG0) &&
                    !btst(kl, acc[a].v))
                    bset(g, acc[a].v);
            for (uint32_t a = 0; a < n; a++)
                if (acc[a].def && acc[a].kill && acc[a].v >= MIR_VREG0)
                    bset(kl, acc[a].v);
            MirInst *mi = mir_inst(f, i);
            for (uint32_t j = 0; j < mi->nopnds; j++) {
                MirOpnd *o = mir_opnd(f, i, j);
                if (o->kind == MO_BLOCK && ns < 3)
                    succ[b * 3 + ns++] = o->obj;
            }
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t b = nb - 1; b >= 1; b--) {
            Word *o = out + (size_t)b * nw, *i = in + (size_t)b * nw;
            for (uint32_t s = 0; s < 3 && succ[b * 3 + s]; s++) {
                Word *si = in + (size_t)succ[b * 3 + s] * nw;
                for (uint32_t w = 0; w < nw; w++)
                    o[w] |= si[w];
            }
            for (uint32_t w = 0; w < nw; w++) {
                Word x = gen[(size_t)b * nw + w] |
                         (o[w] & ~kill[(size_t)b * nw + w]);
                if (x != i[w]) {
                    i[w] = x;
                    changed = true;
                }
            }
        }
    }

    /* intervals: walk each block backwards */
    Word *live = xcalloc(nw, sizeof *live);
    uint32_t pend[MIR_NPREG];
    uint64_t alloc_mask = 0;
    for (int c = 0; c < MIR_NCLS; c++)
        for (const uint8_t *r = ri->order[c]; *r; r++)
            alloc_mask |= (uint64_t)1 << *r;
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        memcpy(live, out + (size_t)b * nw, nw * sizeof *live);
        for (uint32_t v = 0; v < nvars; v++) {
            if (!(live[v / 64] >> (v % 64) & 1))
                continue;
            if (l->start[v] > bend[b])
                l->start[v] = bend[b];
            if (l->end[v] < bend[b])
                l->end[v] = bend[b];
        }
        for (uint32_t r = 0; r < MIR_NPREG; r++)
            pend[r] = UINT32_MAX;
        for (uint32_t k = bl->insts.len; k-- > 0;) {
            uint32_t i = bl->insts.data[k];
            uint32_t ip = l->pos[i];
            uint32_t n = accesses(f, i, ip, acc, 64);
            bool call = f->target->ops[mir_inst(f, i)->op].flags &
                        MIR_OPF_CALL;
            if (call) {
                for (uint32_t w = 0; w < nw; w++) {
                    Word x = live[w];
                    while (x) {
                        uint32_t v = w * 64 + (uint32_t)__builtin_ctzll(x);
                        x &= x - 1;
                        l->crosses_call[v] = true;
                    }
                }
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
                if (!acc[a].def)
                    continue;
                if (v < MIR_NPREG) {
                    if (!(alloc_mask >> v & 1))
                        continue;
                    uint32_t hi = pend[v] != UINT32_MAX ? pend[v]
                                                        : acc[a].pos;
                    if (hi < acc[a].pos)
                        hi = acc[a].pos;
                    VEC_PUSH(l->fixed[v], acc[a].pos);
                    VEC_PUSH(l->fixed[v], hi);
                    pend[v] = UINT32_MAX;
                    continue;
                }
                if (l->start[v] > acc[a].pos)
                    l->start[v] = acc[a].pos;
                if (l->end[v] < acc[a].pos)
                    l->end[v] = acc[a].pos;
                if (acc[a].kill)
                    bclr(live, v);
            }
            for (uint32_t a = 0; a < n; a++) {
                uint32_t v = acc[a].v;
                if (!acc[a].use)
                    continue;
                if (v < MIR_NPREG) {
                    if ((alloc_mask >> v & 1) && pend[v] == UINT32_MAX)
                        pend[v] = acc[a].pos;
                    continue;
                }
                if (l->start[v] > acc[a].pos)
                    l->start[v] = acc[a].pos;
                if (l->end[v] < acc[a].pos)
                    l->end[v] = acc[a].pos;
                bset(live, v);
            }
        }
        for (uint32_t v = 0; v < nvars; v++)
            if ((live[v / 64] >> (v % 64) & 1) && l->start[v] > bstart[b])
                l->start[v] = bstart[b];
        for (uint32_t r = 0; r < MIR_NPREG; r++) {
            if (pend[r] == UINT32_MAX)
                continue;
            VEC_PUSH(l->fixed[r], bstart[b]);
            VEC_PUSH(l->fixed[r], pend[r]);
        }
    }
    for (uint32_t r = 0; r < MIR_NPREG; r++)
        if (l->fixed[r].len)
        {
            uint32_t *d = l->fixed[r].data, n = l->fixed[r].len / 2, mx = 0;
            qsort(d, n, 2 * sizeof(uint32_t), cmp_pair);
            for (uint32_t k = 0; k < n; k++) {  /* ends become prefix max */
                if (d[2 * k + 1] > mx)
                    mx = d[2 * k + 1];
                d[2 * k + 1] = mx;
            }
        }
    free(live), free(gen), free(kill), free(in), free(out), free(succ);
    free(bstart), free(bend);
}

void
cg_live_free(CgLive *l)
{
    free(l->start), free(l->end), free(l->crosses_call), free(l->pos);
    for (uint32_t r = 0; r < MIR_NPREG; r++)
        VEC_FREE(l->fixed[r]);
}
