/*
 * div.c - integer division and remainder on x86-64: by a power of two
 * (shifts, with a bias for signed operands), by another constant (a
 * multiplication by a magic number, Granlund and Montgomery), and
 * otherwise div/idiv with their fixed rax/rdx operands.
 */
#include "x64.h"

/*
 * i64 division by a constant: multiplication by a magic number, the
 * high half of the 128-bit product coming from mul/imul in rdx
 * (Hacker's Delight, 2nd ed., figures 10-1 and 10-2; Granlund and
 * Montgomery).  i8-i32 are rewritten in SIR by instcombine; powers of
 * two, 0 and +-1 stay with the generic code (instcombine turns the
 * powers into shifts above -O0).
 */
/* r = k, as an immediate when it fits, else through a register. */
static MirOpnd
imm_or_reg(CgCtx *c, int64_t k)
{
    if (x64_fits32(k))
        return mir_imm(k);
    uint32_t r = x64_newv(c, MIR_GP);
    x64_emit2(c, X64_MOVI, 8, mir_imm(k), x64_reg(r));
    return x64_reg(r);
}

/* The high half of x * m (signed or not) in a fresh vreg. */
static uint32_t
mulhi(CgCtx *c, uint32_t x, uint64_t m, bool sgn)
{
    uint32_t t = x64_newv(c, MIR_GP), h = x64_newv(c, MIR_GP);
    x64_emit2(c, X64_MOVI, 8, mir_imm((int64_t)m), x64_reg(t));
    x64_emit2(c, X64_MOV, 8, x64_reg(x), x64_reg(RAX));
    mir_emit1(c->mf, sgn ? X64_IMUL1 : X64_MUL1, 8, x64_reg(t));
    x64_emit2(c, X64_MOV, 8, x64_reg(RDX), x64_reg(h));
    return h;
}

/* i64 x / d or x % d for a constant d that is not 0, +-1 or a power of
 * two (|d| for signed); false when d is one of those. */
static bool
sel_div_const(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    int64_t dk;
    if (id->ty.id != IR_TY_I64 || !cg_const_of(c, ir_inst_arg(f, i, 1), &dk))
        return false;
    bool sgn = id->op == IR_OP_SDIV || id->op == IR_OP_SREM;
    bool rem = id->op == IR_OP_SREM || id->op == IR_OP_UREM;
    uint64_t d = (uint64_t)dk;
    if (!cg_div_by_magic(dk, sgn))
        return false;
    uint32_t x = x64_R(c, ir_inst_arg(f, i, 0));
    uint32_t q = x64_newv(c, MIR_GP);
    if (!sgn && (d >> 63)) {
        /* the quotient is 0 or 1: x >= d */
        x64_emit2(c, X64_CMP, 8, imm_or_reg(c, dk), x64_reg(x));
        x64_setcc(c, CC_AE, q);
        x64_emitx(c, X64_MOVZX, 4, 1, mir_reg(q, 1), x64_reg(q));
    } else if (!sgn) {
        CgMagic mg = cg_umagic(d);
        uint32_t h = mulhi(c, x, mg.m, false);
        if (!mg.add) {
            x64_move(c, MIR_GP, h, q);
            if (mg.s)
                x64_emit2(c, X64_SHR, 8, mir_imm(mg.s), x64_reg(q));
        } else {
            x64_move(c, MIR_GP, x, q);
            x64_emit2(c, X64_SUB, 8, x64_reg(h), x64_reg(q));
            x64_emit2(c, X64_SHR, 8, mir_imm(1), x64_reg(q));
            x64_emit2(c, X64_ADD, 8, x64_reg(h), x64_reg(q));
            if (mg.s > 1)
                x64_emit2(c, X64_SHR, 8, mir_imm(mg.s - 1), x64_reg(q));
        }
    } else {
        CgMagic mg = cg_smagic(dk);
        uint32_t h = mulhi(c, x, mg.m, true);
        x64_move(c, MIR_GP, h, q);
        if (dk > 0 && (int64_t)mg.m < 0)
            x64_emit2(c, X64_ADD, 8, x64_reg(x), x64_reg(q));
        if (dk < 0 && (int64_t)mg.m > 0)
            x64_emit2(c, X64_SUB, 8, x64_reg(x), x64_reg(q));
        if (mg.s)
            x64_emit2(c, X64_SAR, 8, mir_imm(mg.s), x64_reg(q));
        uint32_t sb = x64_newv(c, MIR_GP);
        x64_move(c, MIR_GP, q, sb);
        x64_emit2(c, X64_SHR, 8, mir_imm(63), x64_reg(sb));
        x64_emit2(c, X64_ADD, 8, x64_reg(sb), x64_reg(q));
    }
    uint32_t res = cg_def1(c, i);
    if (!rem) {
        x64_move(c, MIR_GP, q, res);
        return true;
    }
    /* x - q * d */
    x64_emit2(c, X64_IMUL, 8, imm_or_reg(c, dk), x64_reg(q));
    x64_move(c, MIR_GP, x, res);
    x64_emit2(c, X64_SUB, 8, x64_reg(q), x64_reg(res));
    return true;
}

void
x64_sel_div(CgCtx *c, IrInst i)
{
    if (sel_div_const(c, i))
        return;
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    bool sgn = id->op == IR_OP_SDIV || id->op == IR_OP_SREM;
    bool rem = id->op == IR_OP_SREM || id->op == IR_OP_UREM;
    uint8_t ts = cg_tsize(id->ty), sz = x64_asize(id->ty);
    uint32_t ra = x64_R(c, a), rb = x64_R(c, b);
    if (ts < 4) {
        uint16_t ext = sgn ? X64_MOVSX : X64_MOVZX;
        uint32_t xa = x64_newv(c, MIR_GP), xb = x64_newv(c, MIR_GP);
        x64_emitx(c, ext, 4, ts, mir_reg(ra, ts), mir_reg(xa, 4));
        x64_emitx(c, ext, 4, ts, mir_reg(rb, ts), mir_reg(xb, 4));
        ra = xa;
        rb = xb;
    }
    x64_emit2(c, X64_MOV, sz, mir_reg(ra, sz), mir_reg(RAX, sz));
    if (sgn)
        mir_emit(c->mf, X64_CQO, sz, NULL, 0);
    else
        x64_emit2(c, X64_MOVI, 4, mir_imm(0), mir_reg(RDX, 4));
    mir_emit1(c->mf, sgn ? X64_IDIV : X64_DIV, sz, mir_reg(rb, sz));
    x64_emit2(c, X64_MOV, sz, mir_reg(rem ? RDX : RAX, sz),
          mir_reg(cg_def1(c, i), sz));
}
