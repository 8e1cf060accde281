/*
 * peep.c - rewrites of a selected x86-64 function that need all of it.
 *
 * Zero extension of a value already zero-extended: an instruction that
 * writes a 32-bit register clears bits 32..63 (Intel SDM vol. 1, 3.4.1.1),
 * so `movl %eax, %eax` after `addl`, `leal`, `movl` (a load), `movzbl`,
 * ... only copies; so does `movzbl %al, %eax` after `movzbl (mem), %eax`.
 * When every definition of the source vreg leaves the bytes above the
 * extension's source width clear, the zero extension becomes a plain
 * 64-bit MOV, which the register allocator can coalesce away
 * (lib/codegen/zext.c; this file says what each instruction leaves).
 * It shows wherever a narrow value is widened: `zext i64, i32` of an
 * i32 result (an unsigned index), `zext i32, i8` of a loaded byte, and
 * aggregates packed into an eightbyte.
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
    case X64_MOVI: {
        /* a constant: the bytes its value needs */
        uint64_t v = (uint64_t)mir_opnd(f, i, 0)->imm;
        if (in->size == 4)
            v &= 0xffffffffu;
        return v < 0x100 ? 1 : v < 0x10000 ? 2 : v >> 32 == 0 ? 4 : 8;
    }
    case X64_MOV: case X64_LEA: case X64_MOVSX:
    case X64_ADD: case X64_SUB: case X64_AND: case X64_OR: case X64_XOR:
    case X64_IMUL: case X64_NEG: case X64_NOT: case X64_CMOV:
    case X64_MOVXG:
        return in->size == 4 ? 4 : 8;
    case X64_SHL: case X64_SHR: case X64_SAR: case X64_ROL:
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
    cg_zext_elide(f, zext_width, X64_MOVZX);
}
