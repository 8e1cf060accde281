/*
 * peep.c - rewrites of a selected x86-64 function that need all of it.
 *
 * Zero extension of a value already zero-extended: an instruction that
 * writes a 32-bit register clears bits 32..63 (Intel SDM vol. 1, 3.4.1.1),
 * so `movl %eax, %eax` after `addl`, `leal`, `movl` (a load), `movzbl`,
 * ... only copies.  When every definition of the source vreg is such an
 * instruction, the zero extension (MOVZX 4 -> 8, spelled movl) becomes a
 * plain 64-bit MOV, which the register allocator can coalesce away.  It
 * shows wherever an i32 is widened: `zext i64, i32` of an i32 result (an
 * unsigned index), and aggregates packed into an eightbyte.
 */
#include "x64.h"

/* Whether instruction in, defining a GP register, leaves bits 32..63
 * clear. */
static bool
zero_ext_def(MirFunc *f, uint32_t i)
{
    const MirInst *in = mir_inst(f, i);
    switch (in->op) {
    case X64_MOVZX:
        return true;            /* movzb/movzw/movl: always */
    case X64_MOV: case X64_MOVI: case X64_LEA: case X64_MOVSX:
    case X64_ADD: case X64_SUB: case X64_AND: case X64_OR: case X64_XOR:
    case X64_IMUL: case X64_NEG: case X64_NOT: case X64_CMOV:
    case X64_MOVXG:
        return in->size == 4;
    case X64_SHL: case X64_SHR: case X64_SAR:
        /* by a non-zero constant: whether a shift by %cl = 0 writes its
         * destination is best not relied on */
        return in->size == 4 && in->nopnds &&
               mir_opnd(f, i, 0)->kind == MO_IMM &&
               (mir_opnd(f, i, 0)->imm & 31);
    default:
        return false;
    }
}

void
x64_post_isel(CgCtx *c, MirFunc *f)
{
    (void)c;
    uint32_t nr = mir_num_regs(f);
    /* per vreg: 1 = defined, every definition zero-extends; 2 = not */
    uint8_t *st = xcalloc(nr + 1, 1);
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        bool z = zero_ext_def(f, i);
        for (uint32_t k = 0; k < in->nopnds; k++) {
            MirOpnd *o = mir_opnd(f, i, k);
            if (o->kind != MO_REG || !mir_is_vreg(o->reg) || o->reg >= nr)
                continue;
            if (o->role == MIR_R_DEF || o->role == MIR_R_USEDEF ||
                o->role == MIR_R_EDEF || o->role == MIR_R_SCRATCH)
                st[o->reg] = z && st[o->reg] != 2 ? 1 : 2;
        }
    }
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        if (in->op != X64_MOVZX || in->size != 8 || in->size2 != 4 ||
            in->nopnds != 2)
            continue;
        MirOpnd *src = mir_opnd(f, i, 0);
        if (src->kind != MO_REG || !mir_is_vreg(src->reg) ||
            src->reg >= nr || st[src->reg] != 1)
            continue;
        in->op = X64_MOV;
        in->size2 = 0;
        src->size = 8;
    }
    free(st);
}
