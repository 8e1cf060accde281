/*
 * taildup.c - tail duplication after register allocation.
 *
 * A block that ends in an unconditional jump to a small block B gets a
 * copy of B's instructions in place of the jump, as LLVM's block
 * placement duplicates tails.  The point is the loop: isel lays a loop
 * out as "header: cmp; jcc exit ... latch: jmp header", two branches
 * per iteration; with the header's test copied into the latch the loop
 * is rotated ("latch: cmp; jcc latch-or-body") and runs one.  Edge blocks
 * that only copy block parameters and jump also absorb their target.
 *
 * Registers are allocated, so a copy means exactly what the original
 * means: the machine state at the jump is the state B starts from.
 * B is copied only when it ends in a jump itself (no return, whose
 * epilogue the emitter writes), has no call, at most MAXDUP instructions
 * before its first branch and MAXEXIT after it (a loop header's exit
 * edge moves, run once).  One pass over the blocks; copies
 * are not duplicated again, so the code grows by a bounded amount per
 * jump.  A jump to the block laid out next is left alone: it costs
 * nothing.  Blocks no jump reaches afterwards are emptied (the emitter
 * skips empty blocks).
 */
#include "cg.h"

/* At most MAXDUP instructions before B's first branch, and MAXEXIT
 * after it: the parameter moves of the edge the branch does not take,
 * run once when the rotated loop exits. */
enum { MAXDUP = 2, MAXEXIT = 4 };

/* Appends a copy of instruction i to block b. */
static void
copy_inst(MirFunc *f, uint32_t b, uint32_t i)
{
    MirInst in = *mir_inst(f, i);
    uint32_t first = f->opnds.len;
    for (uint32_t k = 0; k < in.nopnds; k++) {
        MirOpnd o = *mir_opnd(f, i, k);
        VEC_PUSH(f->opnds, o);
    }
    in.opnds = first;
    VEC_PUSH(f->insts, in);
    VEC_PUSH(f->blocks.data[b].insts, f->insts.len - 1);
}

/* True when block h may be copied: it ends in an unconditional jump,
 * has no call, at most MAXDUP instructions before its first branch and
 * MAXEXIT other non-branch instructions after it. */
static bool
duplicable(MirFunc *f, uint32_t h)
{
    const MirOpInfo *ops = f->target->ops;
    MirBlock *bl = &f->blocks.data[h];
    if (!bl->insts.len)
        return false;
    uint32_t last = bl->insts.data[bl->insts.len - 1];
    uint16_t lf = ops[mir_inst(f, last)->op].flags;
    if ((lf & (MIR_OPF_TERM | MIR_OPF_BRANCH)) !=
        (MIR_OPF_TERM | MIR_OPF_BRANCH))
        return false;
    uint32_t n = 0, limit = MAXDUP;
    for (uint32_t k = 0; k < bl->insts.len; k++) {
        uint16_t fl = ops[mir_inst(f, bl->insts.data[k])->op].flags;
        if (fl & MIR_OPF_CALL)
            return false;
        if (fl & MIR_OPF_BRANCH) {
            if (limit == MAXDUP)
                n = 0, limit = MAXEXIT;
        } else if (++n > limit)
            return false;
    }
    return true;
}

/* Empties the blocks no jump reaches any more: a block whose every
 * predecessor took a copy of it (the loop header of a rotated loop) would
 * otherwise still be emitted.  Blocks end in explicit jumps, so the edges
 * are the block operands. */
static void
drop_unreachable(MirFunc *f)
{
    uint32_t nb = f->blocks.len;
    uint8_t *seen = xcalloc(nb + 1, 1);
    uint32_t *work = xcalloc(nb + 1, sizeof *work);
    uint32_t n = 0;
    if (nb > 1)
        seen[1] = 1, work[n++] = 1;
    while (n) {
        uint32_t b = work[--n];
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            for (uint32_t o = 0; o < mir_inst(f, i)->nopnds; o++) {
                MirOpnd *op = mir_opnd(f, i, o);
                if (op->kind == MO_BLOCK && op->obj < nb && !seen[op->obj])
                    seen[op->obj] = 1, work[n++] = op->obj;
            }
        }
        /* A block that does not end in a terminator falls through. */
        uint32_t last = bl->insts.len ? bl->insts.data[bl->insts.len - 1] : 0;
        if ((!bl->insts.len ||
             !(f->target->ops[mir_inst(f, last)->op].flags & MIR_OPF_TERM)) &&
            b + 1 < nb && !seen[b + 1])
            seen[b + 1] = 1, work[n++] = b + 1;
    }
    for (uint32_t b = 1; b < nb; b++)
        if (!seen[b])
            f->blocks.data[b].insts.len = 0;
    free(seen);
    free(work);
}

void
cg_tail_dup(MirFunc *f)
{
    const MirOpInfo *ops = f->target->ops;
    uint32_t nb = f->blocks.len;
    /* next[b]: the non-empty block laid out after b (0: none); blocks
     * never become empty here */
    uint32_t *next = xcalloc(nb + 1, sizeof *next);
    for (uint32_t b = nb - 1; b >= 1; b--) {
        uint32_t n = b + 1;
        next[b] = n < nb && f->blocks.data[n].insts.len ? n : next[n];
    }
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (!bl->insts.len)
            continue;
        uint32_t j = bl->insts.data[bl->insts.len - 1];
        MirInst *jn = mir_inst(f, j);
        if ((ops[jn->op].flags & (MIR_OPF_TERM | MIR_OPF_BRANCH)) !=
            (MIR_OPF_TERM | MIR_OPF_BRANCH) || jn->nopnds < 1)
            continue;
        MirOpnd *t = mir_opnd(f, j, 0);
        if (t->kind != MO_BLOCK || t->obj == b || t->obj >= nb ||
            t->obj == next[b] || !duplicable(f, t->obj))
            continue;
        uint32_t h = t->obj;
        bl->insts.len--;
        uint32_t n = f->blocks.data[h].insts.len;
        for (uint32_t k = 0; k < n; k++)
            copy_inst(f, b, f->blocks.data[h].insts.data[k]);
    }
    free(next);
    drop_unreachable(f);
}
