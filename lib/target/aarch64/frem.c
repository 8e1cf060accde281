/*
 * frem.c - frem as C's fmod, exactly, without a call into libm (which a
 * program linked by `cc` alone lacks, and whose name the module may use
 * for a symbol of its own).
 *
 * The remainder is computed on the IEEE bits, as musl's fmod does: NaN
 * for a NaN operand, an infinite x or a zero y; x itself when |x| < |y|;
 * otherwise both significands normalized (subnormals by clz), then one
 * conditional subtraction per bit of exponent difference (exact: the
 * remainder always fits the significand), the result renormalized and
 * given x's sign.  f32 goes through f64: fmod is exact and its result
 * representable in the operands' format, so converting both ways changes
 * nothing.  The code is MIR blocks made here; the rest of the IR block
 * continues in a new block after them.
 */
#include "a64.h"

static uint32_t
gv(CgCtx *c)
{
    return mir_vreg_new(c->mf, MIR_GP);
}

static uint32_t
op3(CgCtx *c, uint16_t op, uint32_t a, uint32_t b, uint32_t d)
{
    a64_emit3(c, op, 8, a64_reg(a), a64_reg(b), a64_reg(d));
    return d;
}

static uint32_t
opi(CgCtx *c, uint16_t op, uint32_t a, int64_t k, uint32_t d)
{
    a64_emit3(c, op, 8, a64_reg(a), mir_imm(k), a64_reg(d));
    return d;
}

static uint32_t
op2(CgCtx *c, uint16_t op, uint8_t size, uint32_t a, uint32_t d)
{
    a64_emit2(c, op, size, a64_reg(a), a64_reg(d));
    return d;
}

static void
cbz(CgCtx *c, uint16_t op, uint32_t r, uint32_t b)
{
    a64_emit2(c, op, 8, a64_reg(r), mir_blk(b));
}

static void
tbnz63(CgCtx *c, uint32_t r, uint32_t b)
{
    a64_emit3(c, A64_TBNZ, 8, a64_reg(r), mir_imm(63), mir_blk(b));
}

static void
at(CgCtx *c, uint32_t b)
{
    c->mf->cur = b;
}

enum { MANT = 0xFFFFFFFFFFFFF };    /* the 52 fraction bits */

/* m = the significand of u (exponent field e) with its leading one at
 * bit 52; a subnormal's exponent becomes -(its leading zeros); then on
 * to 'next'. */
static void
normalize(CgCtx *c, uint32_t u, uint32_t e, uint32_t m, uint32_t next)
{
    uint32_t sub = mir_block_new(c->mf, 0, 0);
    cbz(c, A64_CBZ, e, sub);
    opi(c, A64_ORRI, opi(c, A64_ANDI, u, MANT, gv(c)), INT64_C(1) << 52, m);
    a64_jmp(c, next);
    at(c, sub);
    uint32_t lz = op2(c, A64_CLZ, 8, opi(c, A64_LSLI, u, 12, gv(c)), gv(c));
    op2(c, A64_NEG, 8, lz, e);
    op3(c, A64_LSLV, u, opi(c, A64_ADDI, lz, 1, gv(c)), m);
    a64_jmp(c, next);
}

/* One step of the long division: d = mx - my; when not negative, a zero
 * d ends in 'zero', else mx = d; then on to 'next'. */
static void
step(CgCtx *c, uint32_t mx, uint32_t my, uint32_t zero, uint32_t next)
{
    MirFunc *f = c->mf;
    uint32_t d = op3(c, A64_SUB, mx, my, gv(c));
    uint32_t take = mir_block_new(f, 0, 0);
    tbnz63(c, d, next);
    a64_jmp(c, take);
    at(c, take);
    cbz(c, A64_CBZ, d, zero);
    op2(c, A64_MOV, 8, d, mx);
    a64_jmp(c, next);
}

void
a64_sel_frem(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    IrInstData *id = ir_inst(f, i);
    uint8_t sz = cg_tsize(id->ty);
    uint32_t x = a64_R(c, ir_inst_arg(f, i, 0));
    uint32_t y = a64_R(c, ir_inst_arg(f, i, 1));
    if (sz == 4) {
        uint32_t xd = a64_newv(c, MIR_FP), yd = a64_newv(c, MIR_FP);
        uint32_t k = a64_emit2(c, A64_FCVT, 8, a64_reg(x), a64_reg(xd));
        mir_inst(mf, k)->size2 = 4;
        k = a64_emit2(c, A64_FCVT, 8, a64_reg(y), a64_reg(yd));
        mir_inst(mf, k)->size2 = 4;
        x = xd;
        y = yd;
    }
    uint32_t r = a64_newv(c, MIR_FP);
    uint32_t special = mir_block_new(mf, 0, 0), le = mir_block_new(mf, 0, 0);
    uint32_t retx = mir_block_new(mf, 0, 0), zero = mir_block_new(mf, 0, 0);
    uint32_t norm = mir_block_new(mf, 0, 0), ynorm = mir_block_new(mf, 0, 0);
    uint32_t loop = mir_block_new(mf, 0, 0), body = mir_block_new(mf, 0, 0);
    uint32_t shift = mir_block_new(mf, 0, 0), tail = mir_block_new(mf, 0, 0);
    uint32_t renorm = mir_block_new(mf, 0, 0);
    uint32_t biased = mir_block_new(mf, 0, 0), subn = mir_block_new(mf, 0, 0);
    uint32_t fin = mir_block_new(mf, 0, 0), done = mir_block_new(mf, 0, 0);

    uint32_t ux = op2(c, A64_FMOVFG, 8, x, gv(c));
    uint32_t uy = op2(c, A64_FMOVFG, 8, y, gv(c));
    uint32_t ax = opi(c, A64_LSLI, ux, 1, gv(c));
    uint32_t ay = opi(c, A64_LSLI, uy, 1, gv(c));
    uint32_t ex = opi(c, A64_ANDI, opi(c, A64_LSRI, ux, 52, gv(c)), 0x7ff,
                      gv(c));
    uint32_t ey = opi(c, A64_ANDI, opi(c, A64_LSRI, uy, 52, gv(c)), 0x7ff,
                      gv(c));
    uint32_t nan = gv(c);
    a64_movi(c, (int64_t)UINT64_C(0xFFE0000000000000), nan);
    cbz(c, A64_CBZ, ay, special);                       /* y = 0 */
    a64_emit2(c, A64_CMP, 8, a64_reg(ay), a64_reg(nan));
    a64_bcc(c, CC_HI, special);                             /* y NaN */
    a64_emit2(c, A64_CMPI, 8, a64_reg(ex), mir_imm(0x7ff));
    a64_bcc(c, CC_EQ, special);                             /* x inf, NaN */
    a64_emit2(c, A64_CMP, 8, a64_reg(ax), a64_reg(ay));
    a64_bcc(c, CC_LS, le);
    a64_jmp(c, norm);

    at(c, special);                     /* (x * y) / (x * y) */
    uint32_t p = op3(c, A64_FMUL, x, y, a64_newv(c, MIR_FP));
    op3(c, A64_FDIV, p, p, r);
    a64_jmp(c, done);

    at(c, le);                          /* |x| <= |y| */
    a64_emit2(c, A64_CMP, 8, a64_reg(ax), a64_reg(ay));
    a64_bcc(c, CC_EQ, zero);
    a64_jmp(c, retx);

    at(c, retx);
    op2(c, A64_FMOV, 8, x, r);
    a64_jmp(c, done);

    at(c, zero);                        /* 0 * x: zero with x's sign */
    uint32_t z = gv(c), zf = a64_newv(c, MIR_FP);
    a64_movi(c, 0, z);
    op2(c, A64_FMOVGF, 8, z, zf);
    op3(c, A64_FMUL, x, zf, r);
    a64_jmp(c, done);

    uint32_t mx = gv(c), my = gv(c);
    at(c, norm);
    normalize(c, ux, ex, mx, ynorm);
    at(c, ynorm);
    normalize(c, uy, ey, my, loop);

    at(c, loop);                        /* for (; ex > ey; ex--) */
    a64_emit2(c, A64_CMP, 8, a64_reg(ex), a64_reg(ey));
    a64_bcc(c, CC_LE, tail);
    a64_jmp(c, body);
    at(c, body);
    step(c, mx, my, zero, shift);
    at(c, shift);
    opi(c, A64_LSLI, mx, 1, mx);
    opi(c, A64_SUBI, ex, 1, ex);
    a64_jmp(c, loop);

    at(c, tail);
    step(c, mx, my, zero, renorm);

    at(c, renorm);                      /* leading one back to bit 52 */
    uint32_t n = opi(c, A64_SUBI, op2(c, A64_CLZ, 8, mx, gv(c)), 11, gv(c));
    op3(c, A64_LSLV, mx, n, mx);
    op3(c, A64_SUB, ex, n, ex);
    a64_emit2(c, A64_CMPI, 8, a64_reg(ex), mir_imm(0));
    a64_bcc(c, CC_LE, subn);
    a64_jmp(c, biased);

    at(c, biased);                      /* normal: the exponent field */
    uint32_t eb = opi(c, A64_LSLI, ex, 52, gv(c));
    op3(c, A64_ORR, opi(c, A64_ANDI, mx, MANT, gv(c)), eb, mx);
    a64_jmp(c, fin);

    at(c, subn);                        /* subnormal: mx >> (1 - ex) */
    uint32_t one = gv(c);
    a64_movi(c, 1, one);
    op3(c, A64_LSRV, mx, op3(c, A64_SUB, one, ex, gv(c)), mx);
    a64_jmp(c, fin);

    at(c, fin);                         /* x's sign */
    uint32_t sx = opi(c, A64_ANDI, ux, INT64_MIN, gv(c));
    op2(c, A64_FMOVGF, 8, op3(c, A64_ORR, mx, sx, gv(c)), r);
    a64_jmp(c, done);

    at(c, done);
    uint32_t d = cg_def1(c, i);
    if (sz == 4) {
        uint32_t k = a64_emit2(c, A64_FCVT, 4, a64_reg(r), a64_reg(d));
        mir_inst(mf, k)->size2 = 8;
    } else {
        op2(c, A64_FMOV, 8, r, d);
    }
}
