/*
 * peep.c - rewrites of a selected x86-64 function that need all of it.
 *
 * Zero extension of a value already zero-extended: an instruction that
 * writes a 32-bit register clears bits 32..63 (Intel SDM vol. 1, 3.4.1.1),
 * so `movl %eax, %eax` after `addl`, `leal`, `movl` (a load), `movzbl`,
 * ... only copies; so does `movzbl %al, %eax` after `movzbl (mem), %eax`.
 * When every definition of the source vreg leaves the bytes above the
 * extension's source width clear, the zero extension becomes a plain
 * 64-bit MOV, which the register allocator can coalesce away.  It shows
 * wherever a narrow value is widened: `zext i64, i32` of an i32 result
 * (an unsigned index), `zext i32, i8` of a loaded byte, and aggregates
 * packed into an eightbyte.
 */
#include "x64.h"

/* How many low bytes of the GP register instruction i defines may be
 * non-zero: 1 or 2 after movzb/movzw, 4 after any 32-bit write, else 8. */
static unsigned
zext_width(MirFunc *f, uint32_t i)
{
    const MirInst *in = mir_inst(f, i);
    switch (in->op) {
    case X64_MOVZX:
        return in->size2;       /* movzb/movzw/movl */
    case X64_MOV: case X64_MOVI: case X64_LEA: case X64_MOVSX:
    case X64_ADD: case X64_SUB: case X64_AND: case X64_OR: case X64_XOR:
    case X64_IMUL: case X64_NEG: case X64_NOT: case X64_CMOV:
    case X64_MOVXG:
        return in->size == 4 ? 4 : 8;
    case X64_SHL: case X64_SHR: case X64_SAR:
        /* by a non-zero constant: whether a shift by %cl = 0 writes its
         * destination is best not relied on */
        return in->size == 4 && in->nopnds &&
               mir_opnd(f, i, 0)->kind == MO_IMM &&
               (mir_opnd(f, i, 0)->imm & 31) ? 4 : 8;
    default:
        return 8;
    }
}

void
x64_post_isel(CgCtx *c, MirFunc *f)
{
    (void)c;
    uint32_t nr = mir_num_regs(f);
    /* per vreg: the widest zext_width of its definitions (0: none) */
    uint8_t *w = xcalloc(nr + 1, 1);
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        unsigned z = zext_width(f, i);
        for (uint32_t k = 0; k < in->nopnds; k++) {
            MirOpnd *o = mir_opnd(f, i, k);
            if (o->kind != MO_REG || !mir_is_vreg(o->reg) || o->reg >= nr)
                continue;
            if ((o->role == MIR_R_DEF || o->role == MIR_R_USEDEF ||
                 o->role == MIR_R_EDEF || o->role == MIR_R_SCRATCH) &&
                z > w[o->reg])
                w[o->reg] = (uint8_t)z;
        }
    }
    for (uint32_t i = 1; i < f->insts.len; i++) {
        MirInst *in = mir_inst(f, i);
        if (in->op != X64_MOVZX || in->nopnds != 2)
            continue;
        MirOpnd *src = mir_opnd(f, i, 0);
        if (src->kind != MO_REG || !mir_is_vreg(src->reg) ||
            src->reg >= nr || !w[src->reg] || w[src->reg] > in->size2)
            continue;
        in->op = X64_MOV;
        in->size = 8;
        in->size2 = 0;
        src->size = 8;
        mir_opnd(f, i, 1)->size = 8;
    }
    free(w);
}
