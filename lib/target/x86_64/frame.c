/*
 * frame.c - the x86-64 frame as MIR (Target prologue/epilogue hooks)
 * and the post-allocation peepholes (post_ra).
 *
 * Prologue: push %rbp; mov %rsp, %rbp; sub $frame, %rsp; callee-saved
 * registers stored below the saved %rbp (the frame layout keeps 8 bytes
 * each there, lowest register first).  Epilogue: the registers
 * reloaded, leave, ret.  The CFI rows say where the CFA and the saved
 * registers are after each step, so debuggers unwind from any
 * instruction; the epilogue's rules are remembered and restored around
 * it because code may follow a return.
 */
#include "x64.h"

static uint32_t
cfi(MirFunc *f, MirCfiKind kind, int64_t off, uint32_t reg)
{
    MirOpnd o[2] = {mir_imm(off), mir_reg(reg, 8)};
    uint32_t i = mir_make(f, X64_CFI, 8, o, 2);
    mir_inst(f, i)->cond = (uint8_t)kind;
    return i;
}

static uint32_t
inst2(MirFunc *f, uint16_t op, MirOpnd a, MirOpnd b)
{
    MirOpnd o[2] = {a, b};
    return mir_make(f, op, 8, o, 2);
}

void
x64_prologue(CgCtx *c, MirFunc *f)
{
    MirInstVec *p = &f->prologue;
    MirOpnd bp = mir_reg(RBP, 8);
    VEC_PUSH(*p, mir_make(f, X64_PUSH, 8, &bp, 1));
    VEC_PUSH(*p, cfi(f, MIR_CFI_DEF_CFA_OFFSET, 16, 0));
    VEC_PUSH(*p, cfi(f, MIR_CFI_OFFSET, -16, RBP));
    VEC_PUSH(*p, inst2(f, X64_MOV, mir_reg(RSP, 8), bp));
    VEC_PUSH(*p, cfi(f, MIR_CFI_DEF_CFA_REGISTER, 0, RBP));
    if (f->frame_size) {
        MirOpnd k = mir_imm(f->frame_size);
        VEC_PUSH(*p, mir_make(f, X64_SUBSP, 8, &k, 1));
    }
    int64_t off = 0;
    for (uint32_t r = 1; r < X64_NREGS; r++) {
        if (!(f->used_callee_saved >> r & 1))
            continue;
        off -= 8;
        VEC_PUSH(*p, inst2(f, X64_MOV, mir_reg(r, 8),
                           mir_mem(MB_REG, RBP, off, 8)));
        VEC_PUSH(*p, cfi(f, MIR_CFI_OFFSET, off - 16, r));
    }
    (void)c;
}

void
x64_epilogue(CgCtx *c, MirFunc *f, uint32_t ret, MirInstVec *out)
{
    VEC_PUSH(*out, cfi(f, MIR_CFI_REMEMBER, 0, 0));
    int64_t off = 0;
    for (uint32_t r = 1; r < X64_NREGS; r++) {
        if (!(f->used_callee_saved >> r & 1))
            continue;
        off -= 8;
        VEC_PUSH(*out, inst2(f, X64_MOV, mir_mem(MB_REG, RBP, off, 8),
                             mir_reg(r, 8)));
    }
    VEC_PUSH(*out, mir_make(f, X64_LEAVE, 8, NULL, 0));
    VEC_PUSH(*out, cfi(f, MIR_CFI_DEF_CFA, 8, RSP));
    VEC_PUSH(*out, ret);
    VEC_PUSH(*out, cfi(f, MIR_CFI_RESTORE_STATE, 0, 0));
    (void)c;
}

/* Whether the flags are dead after instruction k of block b: written
 * (or clobbered by a call, or dropped by ret) before anything reads
 * them, looking on through an unconditional jump once and at most
 * SCAN instructions (so that the pass stays linear).  Not knowing
 * counts as live. */
static bool
flags_dead_after(MirFunc *f, uint32_t b, uint32_t k)
{
    enum { SCAN = 32 };
    uint32_t seen = 0;
    for (int hop = 0; hop < 2; hop++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t j = k; j < bl->insts.len && seen++ < SCAN; j++) {
            uint32_t i = bl->insts.data[j];
            MirInst *in = mir_inst(f, i);
            uint16_t fl = x64_ops[in->op].flags;
            if (fl & MIR_OPF_RFLAGS)
                return false;
            if ((fl & (MIR_OPF_FLAGS | MIR_OPF_CALL)) || in->op == X64_RET)
                return true;
            if (in->op == X64_JMP) {
                if (!in->nopnds || mir_opnd(f, i, 0)->kind != MO_BLOCK)
                    return false;
                b = mir_opnd(f, i, 0)->obj;
                k = 0;
                break;
            }
        }
        if (k)
            return false;
    }
    return false;
}

/* Above -O0, `mov $0, r` becomes `xor r, r` (2 or 3 bytes instead of 5,
 * and the zeroing idiom the CPU handles at renaming) where the flags it
 * writes are dead.  The candidates are found first and rewritten after,
 * so each is judged on the function as allocated. */
void
x64_post_ra(CgCtx *c, MirFunc *f)
{
    if (c->opt->optlevel == 0)
        return;
    MirInstVec zero = {0};
    for (uint32_t b = 1; b < f->blocks.len; b++) {
        MirBlock *bl = &f->blocks.data[b];
        for (uint32_t k = 0; k < bl->insts.len; k++) {
            uint32_t i = bl->insts.data[k];
            MirInst *in = mir_inst(f, i);
            if (in->op == X64_MOVI && in->size >= 4 &&
                mir_opnd(f, i, 0)->imm == 0 &&
                mir_opnd(f, i, 1)->kind == MO_REG &&
                flags_dead_after(f, b, k + 1))
                VEC_PUSH(zero, i);
        }
    }
    for (uint32_t k = 0; k < zero.len; k++) {
        uint32_t i = zero.data[k];
        MirInst *in = mir_inst(f, i);
        MirOpnd *d = mir_opnd(f, i, 1);
        in->op = X64_XOR;
        in->size = 4;
        *mir_opnd(f, i, 0) = mir_reg(d->reg, 4);
        mir_opnd(f, i, 0)->role = MIR_R_USE;
        mir_opnd(f, i, 0)->cls = MIR_GP;
        d->role = MIR_R_USEDEF;
    }
    VEC_FREE(zero);
}
