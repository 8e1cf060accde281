/*
 * konst.c - wide constants out of loops (Target.post_isel, above -O0).
 *
 * A 64-bit constant that is not a short movz/movn costs three or four
 * instructions (movz + movk...; a hash multiplier, a bit mask).  isel
 * makes one at each use, so one in a loop costs that on every iteration,
 * where x86-64's movabs costs one.  Like clang, such constants are made
 * once, ahead of the entry block's first branch (what comes before it
 * dominates every block), and one vreg serves every use of the same
 * value.  The allocator may still rematerialize them (MOVI is REMAT)
 * where registers run short.
 *
 * Loops are found as laid out: a branch from block b back to block h <= b
 * closes one, and the blocks h..b count as in it.  That can take in a
 * block that is not in the loop, which only makes its constant early,
 * and can miss a loop laid out around its entry, which only keeps the
 * constant where it was.  Linear in the size of the function.
 */
#include "a64.h"

#include <string.h>

/* The instructions movz/movn + movk need for constant k of 'size'
 * bytes (as frame.c's expansion writes them). */
static unsigned
movi_cost(int64_t k, uint8_t size)
{
    unsigned nch = size == 8 ? 4 : 2, zeros = 0, ones = 0;
    uint64_t v = size == 8 ? (uint64_t)k : (uint64_t)k & 0xffffffffu;
    for (unsigned q = 0; q < nch; q++) {
        uint64_t ch = v >> (16 * q) & 0xffff;
        zeros += ch == 0;
        ones += ch == 0xffff;
    }
    unsigned skip = zeros > ones ? zeros : ones;
    return skip >= nch ? 1 : nch - skip;
}

/* The index in b's list of its first branch: what comes before it
 * runs whenever the block is entered.  (A block's branches are not all
 * at its end: frem's expansion branches to blocks of its own from the
 * middle of one.)  A compare's flags pass over a movz or movk. */
static uint32_t
first_branch(MirFunc *f, MirBlock *b)
{
    uint32_t n = 0;
    while (n < b->insts.len &&
           !(f->target->ops[mir_inst(f, b->insts.data[n])->op].flags &
             (MIR_OPF_BRANCH | MIR_OPF_TERM)))
        n++;
    return n;
}

/* At most HSIZE / 2 constants are made early: past a few dozen they
 * would only compete for registers. */
enum { HSIZE = 64 };

static uint32_t
hash_k(int64_t v, uint8_t size)
{
    uint64_t x = (uint64_t)v * 0x9E3779B97F4A7C15u ^ size;
    return (uint32_t)(x >> 40);
}

void
a64_post_isel(CgCtx *c, MirFunc *f)
{
    uint32_t nb = f->blocks.len, nr = mir_num_regs(f);
    uint32_t entry = c->blockmap[ir_layout_entry(c->irf).id];
    /* in_loop[b]: some branch from a block at or after b goes back to
     * a block at or before it; lo is the lowest such target seen from
     * the blocks after b, walking down */
    uint8_t *in_loop = xcalloc(nb + 1, 1);
    uint32_t lo = UINT32_MAX;
    for (uint32_t b = nb; b-- > 1;) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            if (!(f->target->ops[mir_inst(f, i)->op].flags & MIR_OPF_BRANCH))
                continue;
            for (uint32_t o = 0; o < mir_inst(f, i)->nopnds; o++) {
                const MirOpnd *x = mir_opnd(f, i, o);
                if (x->kind == MO_BLOCK && x->obj <= b && x->obj < lo)
                    lo = x->obj;
            }
        }
        in_loop[b] = lo <= b;
    }
    /* defs per vreg: only a constant's sole definition moves */
    uint8_t *ndef = xcalloc(nr + 1, 1);
    for (uint32_t i = 1; i < f->insts.len; i++)
        for (uint32_t k = 0; k < mir_inst(f, i)->nopnds; k++) {
            const MirOpnd *x = mir_opnd(f, i, k);
            if (x->kind == MO_REG && mir_is_vreg(x->reg) && x->reg < nr &&
                x->role >= MIR_R_DEF && x->role != MIR_R_ADDR &&
                ndef[x->reg] < 2)
                ndef[x->reg]++;
        }
    uint32_t *ren = NULL;       /* vreg -> the hoisted vreg it becomes */
    uint32_t *tab = NULL;       /* hoisted MOVIs by value (open hashing) */
    MirInstVec moved = {0};
    for (uint32_t b = 1; b < nb; b++) {
        if (!in_loop[b] || b == entry)
            continue;
        MirBlock *bl = &f->blocks.data[b];
        uint32_t w = 0;
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            MirInst *in = mir_inst(f, i);
            uint32_t d = in->op == A64_MOVI ? mir_opnd(f, i, 1)->reg : 0;
            int64_t v = d ? mir_opnd(f, i, 0)->imm : 0;
            if (!d || !mir_is_vreg(d) || ndef[d] != 1 ||
                movi_cost(v, in->size) < 3) {
                bl->insts.data[w++] = i;
                continue;
            }
            if (!ren) {
                ren = xcalloc(nr + 1, sizeof *ren);
                tab = xcalloc(HSIZE, sizeof *tab);
            }
            /* one vreg per value: an earlier hoisted copy serves */
            uint32_t h = hash_k(v, in->size) & (HSIZE - 1), same = 0;
            while (tab[h] && !same) {
                uint32_t j = tab[h];
                if (mir_opnd(f, j, 0)->imm == v &&
                    mir_inst(f, j)->size == in->size)
                    same = mir_opnd(f, j, 1)->reg;
                h = (h + 1) & (HSIZE - 1);
            }
            if (same) {
                ren[d] = same;
            } else if (moved.len < HSIZE / 2) {
                tab[h] = i;
                VEC_PUSH(moved, i);
            } else {
                bl->insts.data[w++] = i;    /* enough are made early */
            }
        }
        bl->insts.len = w;
    }
    if (moved.len) {
        MirBlock *e = &f->blocks.data[entry];
        uint32_t at = first_branch(f, e), n = e->insts.len;
        for (uint32_t m = 0; m < moved.len; m++)
            VEC_PUSH(e->insts, 0);
        memmove(e->insts.data + at + moved.len, e->insts.data + at,
                (n - at) * sizeof *e->insts.data);
        memcpy(e->insts.data + at, moved.data,
               moved.len * sizeof *moved.data);
        for (uint32_t i = 1; i < f->insts.len; i++)
            for (uint32_t k = 0; k < mir_inst(f, i)->nopnds; k++) {
                MirOpnd *x = mir_opnd(f, i, k);
                if ((x->kind == MO_REG || x->kind == MO_MEM) &&
                    mir_is_vreg(x->reg) && x->reg < nr && ren[x->reg])
                    x->reg = ren[x->reg];
                if (x->kind == MO_MEM && mir_is_vreg(x->index) &&
                    x->index < nr && ren[x->index])
                    x->index = ren[x->index];
            }
    }
    VEC_FREE(moved);
    free(ren);
    free(tab);
    free(ndef);
    free(in_loop);
}
