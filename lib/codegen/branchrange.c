/*
 * branchrange.c - conditional branches that cannot reach their block,
 * for fixed-width targets (AArch64: b.cond, cbz and cbnz reach +-1 MiB,
 * tbz and tbnz +-32 KiB; b reaches +-128 MiB).  The last step of
 * cg_finalize, so that the text and the object sink see the same
 * instructions: neither relaxes anything.
 *
 *   b.eq far            becomes       b.ne .+8
 *                                     b far
 *
 * The inverted branch's block operand becomes the immediate 8 (two
 * instructions on): the printer spells it `.+8`, the encoder puts it in
 * the offset field, no label or block is made.  Offsets are computed
 * with every alignment mark at its largest padding, an upper bound on
 * any distance; a rewrite makes the code longer, which can push other
 * branches out of reach, so this repeats until nothing changes (at
 * most once per branch: a rewritten branch has no block operand left).
 * Functions short enough for every branch are seen once.
 */
#include "cg.h"

#include <string.h>

/* Function length in bytes (an upper bound, alignment padding at its
 * largest); with 'at', each block's offset too. */
static uint64_t
place(MirFunc *f, uint64_t *at)
{
    const Target *t = f->target;
    uint64_t off = 0;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (bl->align_log2)
            off += bl->align_max;
        if (at)
            at[b] = off;
        for (uint32_t k = 0; k < bl->insts.len; k++)
            if (mir_inst(f, bl->insts.data[k])->op != t->op_cfi)
                off += t->inst_bytes;
    }
    return off;
}

/* The smallest reach of any conditional branch of f (0: none). */
static int64_t
min_reach(MirFunc *f)
{
    const Target *t = f->target;
    int64_t least = 0;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            MirInst *in = mir_inst(f, bl->insts.data[k]);
            int64_t r = in->op == t->op_jmp ? 0 : t->branch_reach(in);
            if (r && (!least || r < least))
                least = r;
        }
    }
    return least;
}

/* Rewrites the branches out of reach once; whether any was. */
static bool
rewrite(MirFunc *f, const uint64_t *at)
{
    const Target *t = f->target;
    bool changed = false;
    uint64_t off = 0;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        off = at[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            MirInst *in = mir_inst(f, i);
            if (in->op == t->op_cfi)
                continue;
            int o = cg_branch_opnd(f, i);
            int64_t reach = o >= 0 && in->op != t->op_jmp
                                ? t->branch_reach(in) : 0;
            if (reach) {
                int64_t d = (int64_t)at[mir_opnd(f, i, o)->obj] -
                            (int64_t)off;
                if (d < -reach || d >= reach) {
                    MirOpnd far = *mir_opnd(f, i, o);
                    cg_invert_branch(t, in);
                    *mir_opnd(f, i, o) = mir_imm(2 * t->inst_bytes);
                    f->loc = in->loc;
                    uint32_t j = mir_make(f, t->op_jmp, 0, &far, 1);
                    /* insert j after i (the vector may move) */
                    VEC_PUSH(bl->insts, 0);
                    memmove(&bl->insts.data[k + 2], &bl->insts.data[k + 1],
                            (bl->insts.len - k - 2) * sizeof(uint32_t));
                    bl->insts.data[k + 1] = j;
                    changed = true;
                }
            }
            off += t->inst_bytes;
        }
    }
    return changed;
}

void
cg_branch_range(MirFunc *f)
{
    int64_t least = min_reach(f);
    if (!least || place(f, NULL) < (uint64_t)least)
        return;
    uint64_t *at = xmalloc((f->blocks.len + 1) * sizeof *at);
    do
        place(f, at);
    while (rewrite(f, at));
    free(at);
}
