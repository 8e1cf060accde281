/*
 * div.c - integer division and remainder on AArch64: sdiv/udiv (which
 * give 0 for a zero divisor rather than trapping, and MIN for MIN / -1;
 * both are undefined in SIR), the remainder as msub (x - q * y); i64
 * division by a constant as a multiplication by a magic number with
 * smulh/umulh (lib/codegen/selhelp.c computes the numbers).
 */
#include "a64.h"

static uint32_t
konst(CgCtx *c, int64_t k)
{
    uint32_t r = a64_newv(c, MIR_GP);
    a64_movi(c, k, r);
    return r;
}

static uint32_t
op3(CgCtx *c, uint16_t op, uint32_t a, uint32_t b)
{
    uint32_t d = a64_newv(c, MIR_GP);
    a64_emit3(c, op, 8, a64_reg(a), a64_reg(b), a64_reg(d));
    return d;
}

static uint32_t
shifti(CgCtx *c, uint16_t op, uint32_t a, unsigned k)
{
    uint32_t d = a64_newv(c, MIR_GP);
    a64_emit3(c, op, 8, a64_reg(a), mir_imm(k), a64_reg(d));
    return d;
}

/* The quotient of i64 x by a constant d that is not 0, +-1 or a power of
 * two (|d| for signed), in a fresh vreg; 0 when d is one of those. */
static uint32_t
div_const(CgCtx *c, IrInst i, uint32_t x, int64_t dk)
{
    IrInstData *id = ir_inst(c->irf, i);
    bool sgn = id->op == IR_OP_SDIV || id->op == IR_OP_SREM;
    uint64_t d = (uint64_t)dk;
    if (!cg_div_by_magic(dk, sgn))
        return 0;
    if (!sgn && (d >> 63)) {
        /* the quotient is 0 or 1: x >= d */
        uint32_t q = a64_newv(c, MIR_GP);
        a64_emit2(c, A64_CMP, 8, a64_reg(x), a64_reg(konst(c, dk)));
        uint32_t in = mir_emit1(c->mf, A64_CSET, 8, a64_reg(q));
        mir_inst(c->mf, in)->cond = CC_HS;
        return q;
    }
    if (!sgn) {
        CgMagic mg = cg_umagic(d);
        uint32_t h = op3(c, A64_UMULH, x, konst(c, (int64_t)mg.m));
        if (!mg.add)
            return mg.s ? shifti(c, A64_LSRI, h, mg.s) : h;
        uint32_t q = shifti(c, A64_LSRI, op3(c, A64_SUB, x, h), 1);
        q = op3(c, A64_ADD, q, h);
        return mg.s > 1 ? shifti(c, A64_LSRI, q, mg.s - 1) : q;
    }
    CgMagic mg = cg_smagic(dk);
    uint32_t q = op3(c, A64_SMULH, x, konst(c, (int64_t)mg.m));
    if (dk > 0 && (int64_t)mg.m < 0)
        q = op3(c, A64_ADD, q, x);
    if (dk < 0 && (int64_t)mg.m > 0)
        q = op3(c, A64_SUB, q, x);
    if (mg.s)
        q = shifti(c, A64_ASRI, q, mg.s);
    /* + 1 when negative: q + (q >> 63) */
    uint32_t r = a64_newv(c, MIR_GP);
    uint32_t in = a64_emit3(c, A64_ADD, 8, a64_reg(q), a64_reg(q),
                            a64_reg(r));
    mir_inst(c->mf, in)->cond = A64_SH_LSR;
    mir_inst(c->mf, in)->size2 = 63;
    return r;
}

void
a64_sel_div(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    bool sgn = id->op == IR_OP_SDIV || id->op == IR_OP_SREM;
    bool rem = id->op == IR_OP_SREM || id->op == IR_OP_UREM;
    uint8_t ts = cg_tsize(id->ty), sz = ts < 4 ? 4 : ts;
    uint32_t ra = a64_R(c, a), rb = 0, q = 0;
    int64_t dk;
    if (ts == 8 && cg_const_of(c, b, &dk))
        q = div_const(c, i, ra, dk);
    if (!q) {
        rb = a64_R(c, b);
        if (ts < 4) {
            uint32_t xa = a64_newv(c, MIR_GP), xb = a64_newv(c, MIR_GP);
            a64_ext(c, sgn, ts, 4, ra, xa);
            a64_ext(c, sgn, ts, 4, rb, xb);
            ra = xa;
            rb = xb;
        }
        q = rem ? a64_newv(c, MIR_GP) : cg_def1(c, i);
        a64_emit3(c, sgn ? A64_SDIV : A64_UDIV, sz, a64_reg(ra), a64_reg(rb),
                  a64_reg(q));
        if (!rem)
            return;
    } else if (!rem) {
        a64_move(c, MIR_GP, q, cg_def1(c, i));
        return;
    } else {
        rb = konst(c, dk);
    }
    /* x - q * y */
    MirOpnd o[4] = {a64_reg(q), a64_reg(rb), a64_reg(ra),
                    a64_reg(cg_def1(c, i))};
    mir_emit(c->mf, A64_MSUB, sz, o, 4);
}
