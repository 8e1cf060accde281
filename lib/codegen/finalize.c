/*
 * finalize.c - the last decisions on allocated MIR, so that emission
 * only spells (text) or encodes (objects) what is there:
 *
 *   1. frame addresses: frame objects and the argument areas become
 *      base register + displacement (objects and incoming arguments
 *      from the frame pointer, outgoing arguments and the alloca top
 *      from the stack pointer);
 *   2. loop alignment marks, on the blocks some later block (or the
 *      block itself) branches back to, above -O0;
 *   3. the target's post-allocation peepholes;
 *   4. the target's prologue (f->prologue) and its epilogue in place of
 *      every return, CFI rows included;
 *   5. branch layout: a jump to the next non-empty block is dropped,
 *      and `jcc T; jmp F` with T next becomes `j!cc F`; the blocks
 *      that had instructions are marked placed (a block left empty
 *      keeps its label);
 *   6. for fixed-width targets, conditional branches out of reach
 *      become the inverted branch over a jump (branchrange.c), so text
 *      and objects agree on every offset.
 *
 * Peepholes come before steps 4 and 5: they may look through a jump
 * that layout would drop, and see the function as allocated.  Linear in the size of the function.
 */
#include "cg.h"

static void
resolve_frame(MirFunc *f)
{
    const Target *t = f->target;
    for (uint32_t k = 0; k < f->opnds.len; k++) {
        MirOpnd *o = &f->opnds.data[k];
        if (o->kind != MO_MEM)
            continue;
        int64_t d = o->imm;
        switch (o->base) {
        case MB_FRAME:
            d += f->frame.data[o->obj].offset;
            o->reg = t->reg_fp;
            break;
        case MB_INARG:
            d += t->inarg_off;
            o->reg = t->reg_fp;
            break;
        case MB_OUTARG:
            o->reg = t->reg_sp;
            break;
        case MB_DYNTOP:
            d += (int64_t)f->outarg_size;
            o->reg = t->reg_sp;
            break;
        default:
            continue;
        }
        o->base = MB_REG;
        o->index = 0;
        o->scale = 1;
        o->imm = d;
        o->obj = 0;
        o->ref = 1;         /* these were spelled with their displacement */
    }
}

bool
cg_invert_branch(const Target *t, MirInst *in)
{
    if (t->invert_branch)
        return t->invert_branch(in);
    if (in->op != t->op_jcc)
        return false;
    in->cond ^= 1;
    return true;
}

int
cg_branch_opnd(MirFunc *f, uint32_t i)
{
    MirInst *in = mir_inst(f, i), probe = *in;
    if (in->op != f->target->op_jmp && !cg_invert_branch(f->target, &probe))
        return -1;
    for (int k = 0; k < in->nopnds; k++)
        if (mir_opnd(f, i, k)->kind == MO_BLOCK)
            return k;
    return -1;
}

/* The target operand of the first branch of block b at or after
 * position *k (which moves past it), or NULL. */
static MirOpnd *
next_branch(MirFunc *f, uint32_t b, uint32_t *k)
{
    MirBlock *bl = &f->blocks.data[b];
    while (*k < bl->insts.len) {
        uint32_t i = bl->insts.data[(*k)++];
        int o = cg_branch_opnd(f, i);
        if (o >= 0)
            return mir_opnd(f, i, o);
    }
    return NULL;
}

/* The block a branch to block b ends up in: b, or what b jumps to when
 * it holds nothing but a jump (an edge block whose copies the allocator
 * coalesced away), followed a few steps. */
static uint32_t
final_target(MirFunc *f, uint32_t b)
{
    for (int n = 0; n < 8; n++) {
        MirBlock *bl = &f->blocks.data[b];
        if (bl->insts.len != 1 ||
            mir_inst(f, bl->insts.data[0])->op != f->target->op_jmp)
            break;
        uint32_t to = mir_opnd(f, bl->insts.data[0], 0)->obj;
        if (to == b)
            break;
        b = to;
    }
    return b;
}

/* Branches go straight to the final target; a block that is only a jump
 * and that nothing reaches any more (no branch, no fall-through) is
 * dropped.  Linear: a bounded walk per branch. */
static void
thread_jumps(MirFunc *f)
{
    uint32_t nb = f->blocks.len;
    uint8_t *hit = xcalloc(nb + 1, 1);
    for (uint32_t b = 1; b < nb; b++) {
        MirOpnd *x;
        for (uint32_t k = 0; (x = next_branch(f, b, &k));) {
            x->obj = final_target(f, x->obj);
            hit[x->obj] = 1;
        }
    }
    bool falls = true;      /* the block before b may fall into it */
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        if (!bl->insts.len)
            continue;
        if (b > 1 && !hit[b] && !falls && final_target(f, b) != b) {
            bl->insts.len = 0;
            continue;
        }
        uint32_t last = bl->insts.data[bl->insts.len - 1];
        falls = !(f->target->ops[mir_inst(f, last)->op].flags &
                  MIR_OPF_TERM);
    }
    free(hit);
}

/* Blocks that a later block (or the block itself) branches to: the tops
 * of loops as laid out. */
static void
mark_loop_tops(MirFunc *f)
{
    const Target *t = f->target;
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirOpnd *x;
        for (uint32_t k = 0; (x = next_branch(f, b, &k));) {
            uint32_t to = x->obj;
            if (to <= b) {
                f->blocks.data[to].align_log2 = t->loop_align_log2;
                f->blocks.data[to].align_max = t->loop_align_max;
            }
        }
    }
}

/* Every return becomes the target's epilogue. */
static void
expand_returns(CgCtx *c, MirFunc *f)
{
    const Target *t = f->target;
    MirInstVec nv = {0};
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        bool any = false;
        for (uint32_t k = 0; k < bl->insts.len && !any; k++)
            any = mir_inst(f, bl->insts.data[k])->op == t->op_ret;
        if (!any)
            continue;
        nv.len = 0;
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            if (mir_inst(f, i)->op == t->op_ret) {
                f->loc = mir_inst(f, i)->loc;   /* the epilogue's line */
                t->epilogue(c, f, i, &nv);
            }
            else
                VEC_PUSH(nv, i);
        }
        MirInstVec old = bl->insts;
        bl->insts = nv;
        nv = old;
    }
    VEC_FREE(nv);
}

static void
layout_branches(MirFunc *f)
{
    const Target *t = f->target;
    /* the next non-empty block after each, found once: a block is only
     * changed after the blocks before it looked past it, and runs of
     * empty blocks (tail duplication leaves them) are not rescanned */
    uint32_t nb = f->blocks.len, *next = xmalloc((nb + 1) * sizeof *next);
    next[nb] = 0;
    for (uint32_t b = nb; b-- > 1;)
        next[b] = b + 1 < nb && f->blocks.data[b + 1].insts.len ? b + 1
                                                              : next[b + 1];
    for (uint32_t b = 1; b < nb; b++) {
        MirBlock *bl = &f->blocks.data[b];
        uint32_t n = bl->insts.len, nx = next[b];
        bl->placed = n > 0;
        if (!n || mir_inst(f, bl->insts.data[n - 1])->op != t->op_jmp)
            continue;
        uint32_t last = bl->insts.data[n - 1];
        uint32_t jc = n >= 2 ? bl->insts.data[n - 2] : 0;
        int o = jc ? cg_branch_opnd(f, jc) : -1;
        if (o >= 0 && mir_inst(f, jc)->op != t->op_jmp &&
            mir_opnd(f, jc, o)->obj == nx &&
            cg_invert_branch(t, mir_inst(f, jc))) {
            *mir_opnd(f, jc, o) = *mir_opnd(f, last, 0);
            bl->insts.len--;
        } else if (mir_opnd(f, last, 0)->obj == nx) {
            bl->insts.len--;
        }
    }
    free(next);
}

void
cg_finalize(CgCtx *c, MirFunc *f)
{
    const Target *t = f->target;
    resolve_frame(f);
    if (c->opt->optlevel > 0)
        thread_jumps(f);
    if (c->opt->optlevel > 0 && t->loop_align_log2)
        mark_loop_tops(f);
    if (t->post_ra)
        t->post_ra(c, f);
    t->prologue(c, f);
    expand_returns(c, f);
    layout_branches(f);
    if (t->branch_reach)
        cg_branch_range(f);
}
