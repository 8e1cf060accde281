/*
 * peep.c - rewrites of a selected AArch64 function that need all of it
 * (Target.post_isel, above -O0): wide constants out of loops (konst.c),
 * then zero extensions of values already zero-extended become copies
 * (lib/codegen/zext.c).  Every instruction that writes a w register
 * clears bits 32..63 (Arm ARM, B1.2.1), and ldrb/ldrh/ldr w, uxtb/uxth
 * and materialized constants clear what is above their bytes; so a
 * uxtb, uxth or `mov w, w` of such a value only copies.  isel already
 * skips the extensions it can see in the IR (zero_upper); this catches
 * those across block parameters and in packed aggregates (abi.c).
 */
#include "a64.h"

/* How many low bytes of the GP register instruction i defines may be
 * non-zero: 1 or 2 after uxtb/uxth and narrow loads, 4 after any
 * 32-bit write, else 8. */
static unsigned
zext_width(MirFunc *f, uint32_t i)
{
    const MirInst *in = mir_inst(f, i);
    switch (in->op) {
    case A64_UXT:
        return in->size2;
    case A64_LDR:
        return in->size;
    case A64_MOVI: {
        /* a constant: the bytes its value needs */
        uint64_t v = (uint64_t)mir_opnd(f, i, 0)->imm;
        if (in->size == 4)
            v &= 0xffffffffu;
        return v < 0x100 ? 1 : v < 0x10000 ? 2 : v >> 32 == 0 ? 4 : 8;
    }
    case A64_CSET:
        return 1;
    case A64_MOV: case A64_ADD: case A64_SUB: case A64_ADDI: case A64_SUBI:
    case A64_AND: case A64_ORR: case A64_EOR: case A64_ANDI: case A64_ORRI:
    case A64_EORI: case A64_MUL: case A64_SDIV: case A64_UDIV:
    case A64_SXT: case A64_LSLI: case A64_LSRI: case A64_FMOVFG:
        return in->size == 4 ? 4 : 8;
    default:
        return 8;
    }
}

void
a64_post_isel(CgCtx *c, MirFunc *f)
{
    a64_hoist_consts(c, f);
    cg_zext_elide(f, zext_width, A64_UXT);
}
