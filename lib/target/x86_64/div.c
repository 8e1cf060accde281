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
typedef struct {
    uint64_t m;
    unsigned s;
    bool add;           /* unsigned: the magic number needs 65 bits */
} Magic;

static bool
pow2(uint64_t x)
{
    return x && !(x & (x - 1));
}

/* Signed: q = hi(x * m) (+ x when d > 0 and m < 0, - x when d < 0 and
 * m > 0) >> s, plus 1 when negative. */
static Magic
smagic(int64_t d)
{
    const uint64_t two63 = UINT64_C(1) << 63;
    uint64_t ad = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
    uint64_t t = two63 + ((uint64_t)d >> 63);
    uint64_t anc = t - 1 - t % ad;
    unsigned p = 63;
    uint64_t q1 = two63 / anc, r1 = two63 - q1 * anc;
    uint64_t q2 = two63 / ad, r2 = two63 - q2 * ad, delta;
    do {
        p++;
        q1 *= 2;
        r1 *= 2;
        if (r1 >= anc) {
            q1++;
            r1 -= anc;
        }
        q2 *= 2;
        r2 *= 2;
        if (r2 >= ad) {
            q2++;
            r2 -= ad;
        }
        delta = ad - r2;
    } while (q1 < delta || (q1 == delta && r1 == 0));
    Magic mg = {q2 + 1, p - 64, false};
    if (d < 0)
        mg.m = 0 - mg.m;
    return mg;
}

/* Unsigned (d < 2^63): q = hi(x * m) >> s, or with add:
 * (((x - hi) >> 1) + hi) >> (s - 1). */
static Magic
umagic(uint64_t d)
{
    const uint64_t two63 = UINT64_C(1) << 63, max63 = two63 - 1;
    Magic mg = {0, 0, false};
    uint64_t nc = ~UINT64_C(0) - (0 - d) % d;
    unsigned p = 63;
    uint64_t q1 = two63 / nc, r1 = two63 - q1 * nc;
    uint64_t q2 = max63 / d, r2 = max63 - q2 * d, delta;
    do {
        p++;
        if (r1 >= nc - r1) {
            q1 = 2 * q1 + 1;
            r1 = 2 * r1 - nc;
        } else {
            q1 = 2 * q1;
            r1 = 2 * r1;
        }
        if (r2 + 1 >= d - r2) {
            if (q2 >= max63)
                mg.add = true;
            q2 = 2 * q2 + 1;
            r2 = 2 * r2 + 1 - d;
        } else {
            if (q2 >= two63)
                mg.add = true;
            q2 = 2 * q2;
            r2 = 2 * r2 + 1;
        }
        delta = d - 1 - r2;
    } while (p < 128 && (q1 < delta || (q1 == delta && r1 == 0)));
    mg.m = q2 + 1;
    mg.s = p - 64;
    return mg;
}

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
    if (id->ty.id != IR_TY_I64 || !x64_const_of(c, ir_inst_arg(f, i, 1), &dk))
        return false;
    bool sgn = id->op == IR_OP_SDIV || id->op == IR_OP_SREM;
    bool rem = id->op == IR_OP_SREM || id->op == IR_OP_UREM;
    uint64_t d = (uint64_t)dk;
    uint64_t ad = sgn && dk < 0 ? 0 - d : d;
    if (d == 0 || pow2(ad) || (sgn && ad == 1))
        return false;
    uint32_t x = x64_R(c, ir_inst_arg(f, i, 0));
    uint32_t q = x64_newv(c, MIR_GP);
    if (!sgn && (d >> 63)) {
        /* the quotient is 0 or 1: x >= d */
        x64_emit2(c, X64_CMP, 8, imm_or_reg(c, dk), x64_reg(x));
        x64_setcc(c, CC_AE, q);
        x64_emitx(c, X64_MOVZX, 4, 1, mir_reg(q, 1), x64_reg(q));
    } else if (!sgn) {
        Magic mg = umagic(d);
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
        Magic mg = smagic(dk);
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
    uint32_t res = x64_def1(c, i);
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
    uint8_t ts = x64_tsize(id->ty), sz = x64_asize(id->ty);
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
          mir_reg(x64_def1(c, i), sz));
}
