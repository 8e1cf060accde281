/*
 * isel.c - AArch64 instruction selection: SIR -> MIR on vregs.
 *
 * Conventions (as on x86-64): a GP vreg holding an i8/i16/i32 or bool
 * has unspecified bits above the value's width, so operations whose
 * result depends only on low bits (add, sub, mul, logic, shl) run on w
 * registers, and the others extend first (division, right shifts,
 * compares, conversions).  Floats live in s/d registers.  Aggregates are
 * one vreg per scalar leaf (lower.c).
 *
 * Fusions: add/sub/compare immediates (12 bits, optionally shifted by
 * 12), logical bitmask immediates, shifted-register operands of
 * add/sub/logic, madd/msub for a product feeding an add or sub, constant
 * offsets folded into load/store addresses, compares fused into the
 * b.cond / csel / cset that use them, cbz/cbnz for comparisons with 0
 * and tbz/tbnz for tests of one bit.  What folding leaves unused is
 * removed by mir_dce; constants and addresses are made only when a user
 * asks for their register (cg_def_lazy).  Pseudo-instructions (movi,
 * adr, lea) are expanded after allocation (frame.c).
 */
#include "a64.h"

#include <string.h>

static uint8_t
asize(IrType t)
{
    return cg_tsize(t) < 4 ? 4 : cg_tsize(t);
}

uint32_t
a64_R(CgCtx *c, IrValue v)
{
    return cg_value_reg(c, v);
}

uint32_t
a64_newv(CgCtx *c, MirClass cls)
{
    return mir_vreg_new(c->mf, cls);
}

MirOpnd
a64_reg(uint32_t r)
{
    return mir_reg(r, 8);
}

uint32_t
a64_emit2(CgCtx *c, uint16_t op, uint8_t size, MirOpnd a, MirOpnd b)
{
    return mir_emit2(c->mf, op, size, a, b);
}

uint32_t
a64_emit3(CgCtx *c, uint16_t op, uint8_t size, MirOpnd a, MirOpnd b,
          MirOpnd d)
{
    MirOpnd o[3] = {a, b, d};
    return mir_emit(c->mf, op, size, o, 3);
}

static uint32_t
rrr(CgCtx *c, uint16_t op, uint8_t size, uint32_t a, uint32_t b, uint32_t d)
{
    return a64_emit3(c, op, size, a64_reg(a), a64_reg(b), a64_reg(d));
}

static uint32_t
rri(CgCtx *c, uint16_t op, uint8_t size, uint32_t a, int64_t k, uint32_t d)
{
    return a64_emit3(c, op, size, a64_reg(a), mir_imm(k), a64_reg(d));
}

void
a64_move(CgCtx *c, MirClass cls, uint32_t src, uint32_t dst)
{
    a64_emit2(c, cls == MIR_FP ? A64_FMOV : A64_MOV, 8, a64_reg(src),
              a64_reg(dst));
}

/* The width of the move of constant k: a w register's when k fits. */
static uint8_t
movi_size(int64_t k)
{
    return k >= 0 && k <= UINT32_MAX ? 4 : 8;
}

void
a64_movi(CgCtx *c, int64_t k, uint32_t d)
{
    a64_emit2(c, A64_MOVI, movi_size(k), mir_imm(k), a64_reg(d));
}

void
a64_ext(CgCtx *c, bool sgn, uint8_t from, uint8_t to, uint32_t s, uint32_t d)
{
    uint32_t i = a64_emit2(c, sgn ? A64_SXT : A64_UXT,
                           sgn && to == 8 ? 8 : 4, a64_reg(s), a64_reg(d));
    mir_inst(c->mf, i)->size2 = from;
}

/* Whether integer value v of 'from' bytes is in its register
 * zero-extended to 64 bits already: ldrb, ldrh and ldr w zero what is
 * above the bytes they load, a materialized compare is 0 or 1, and
 * every instruction writing a w register
 * zeroes its top half (isel computes these i32 operations in w
 * registers with sel_intbin; not so division, which works in x
 * registers, a shift by 0, which is a move, truncations, parameters
 * and call results: their upper bits are whatever the source had). */
static bool
zero_upper(CgCtx *c, IrValue v, uint8_t from)
{
    IrInst d = cg_def_of(c, v);
    if (!d.id)
        return false;
    switch (ir_inst(c->irf, d)->op) {
    case IR_OP_LOAD:
    case IR_OP_ICMP: case IR_OP_FCMP:   /* cset: 0 or 1 */
        return true;
    case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR: case IR_OP_IADD:
    case IR_OP_ISUB: case IR_OP_IMUL:
        return from == 4;
    default:
        return false;
    }
}

/* A fresh vreg with s extended from 'from' bytes to 32 bits (or s
 * itself when it is as wide). */
static uint32_t
ext32(CgCtx *c, bool sgn, uint8_t from, uint32_t s)
{
    if (from >= 4)
        return s;
    uint32_t d = a64_newv(c, MIR_GP);
    a64_ext(c, sgn, from, 4, s, d);
    return d;
}

/* The register of value v extended from 'from' bytes to 32 bits: v's
 * own when it is as wide, or zero-extended already by its load. */
static uint32_t
ext32v(CgCtx *c, bool sgn, uint8_t from, IrValue v)
{
    uint32_t r = a64_R(c, v);
    return !sgn && zero_upper(c, v, from) ? r : ext32(c, sgn, from, r);
}

/* The register holding constant k (a fresh one). */
static uint32_t
kreg(CgCtx *c, int64_t k)
{
    uint32_t r = a64_newv(c, MIR_GP);
    a64_movi(c, k, r);
    return r;
}

static bool
addimm(int64_t k, uint8_t *sh)
{
    if (k >= 0 && k < 4096) {
        *sh = 0;
        return true;
    }
    if (k > 0 && (k & 0xfff) == 0 && k < (1 << 24)) {
        *sh = 12;
        return true;
    }
    return false;
}

/* d = a + k (a register), with add/sub immediates when k fits. */
static void
add_const(CgCtx *c, uint8_t sz, uint32_t a, int64_t k, uint32_t d)
{
    uint8_t sh;
    if (addimm(k, &sh) || (k != INT64_MIN && addimm(-k, &sh))) {
        bool neg = !addimm(k, &sh) && addimm(-k, &sh);
        int64_t v = neg ? -k : k;
        uint32_t i = rri(c, neg ? A64_SUBI : A64_ADDI, sz, a,
                         sh ? v >> 12 : v, d);
        mir_inst(c->mf, i)->size2 = sh;
        return;
    }
    rrr(c, A64_ADD, sz, a, kreg(c, k), d);
}

/* ---------------------------------------------------------------- memory */

/* Folds constant offsets, elemptr and stack slots into a memory
 * operand; displacements out of the instructions' reach are legalized
 * after allocation. */
static MirOpnd
addr_of(CgCtx *c, IrValue p)
{
    IrFunc *f = c->irf;
    int64_t disp = 0;
    for (;;) {
        IrInst d = cg_def_of(c, p);
        if (!d.id)
            break;
        IrInstData *id = ir_inst(f, d);
        if (id->op == IR_OP_ELEMPTR) {
            uint64_t off = ir_type_offset(c->m, id->ty, id->imm);
            if (off > INT32_MAX || disp + (int64_t)off > INT32_MAX)
                break;
            disp += (int64_t)off;
            p = ir_inst_arg(f, d, 0);
            continue;
        }
        if (id->op == IR_OP_OFFSET) {
            uint64_t esz = ir_type_size(c->m, id->ty);
            int64_t k;
            if (!cg_const_of(c, ir_inst_arg(f, d, 1), &k) ||
                esz > INT32_MAX || k < INT32_MIN || k > INT32_MAX)
                break;
            int64_t nd = disp + k * (int64_t)esz;
            if (nd < INT32_MIN || nd > INT32_MAX)
                break;
            disp = nd;
            p = ir_inst_arg(f, d, 0);
            continue;
        }
        if (id->op == IR_OP_STACKSLOT)
            return mir_mem(MB_FRAME, c->slotobj[id->imm], disp, 8);
        break;
    }
    return mir_mem(MB_REG, a64_R(c, p), disp, 8);
}

/* The address of a scalar access of 'size' bytes: addr_of, or above -O0
 * base + index register (lsl #log2 size) for p = offset T, q, x with
 * T's size 1 or 'size', x an i64 (or narrower, sign-extended here when
 * the offset has no other use). */
static MirOpnd
addr_idx(CgCtx *c, IrValue p, uint8_t size)
{
    IrFunc *f = c->irf;
    IrInst d = cg_def_of(c, p);
    int64_t k;
    if (!c->opt->optlevel || !d.id || ir_inst(f, d)->op != IR_OP_OFFSET)
        return addr_of(c, p);
    IrInstData *id = ir_inst(f, d);
    uint64_t esz = ir_type_size(c->m, id->ty);
    IrValue ix = ir_inst_arg(f, d, 1);
    if ((esz != 1 && esz != size) || cg_const_of(c, ix, &k) ||
        (id->ty2.id != IR_TY_I64 && ir_uses_count(&c->uses, p) != 1))
        return addr_of(c, p);
    /* An i32 index, or an i64 one extended from i32, is extended by the
     * address itself (sxtw / uxtw); narrower ones first by an sxt. */
    uint8_t ext = MIR_EXT_NONE;
    IrInst xd = cg_def_of(c, ix);
    if (id->ty2.id == IR_TY_I32) {
        ext = MIR_EXT_SXTW;
    } else if (id->ty2.id == IR_TY_I64 && xd.id &&
               (ir_inst(f, xd)->op == IR_OP_SEXT ||
                ir_inst(f, xd)->op == IR_OP_ZEXT) &&
               ir_inst(f, xd)->ty2.id == IR_TY_I32) {
        ext = ir_inst(f, xd)->op == IR_OP_SEXT ? MIR_EXT_SXTW : MIR_EXT_UXTW;
        ix = ir_inst_arg(f, xd, 0);
    }
    uint32_t x = a64_R(c, ix);
    if (id->ty2.id != IR_TY_I64 && !ext) {
        uint32_t t = a64_newv(c, MIR_GP);
        a64_ext(c, true, cg_tsize(id->ty2), 8, x, t);
        x = t;
    }
    MirOpnd m = mir_mem(MB_REG, a64_R(c, ir_inst_arg(f, d, 0)), 0, size);
    m.index = x;
    m.scale = (uint8_t)esz;
    m.ext = ext;
    return m;
}

MirOpnd
a64_mem_at(MirOpnd m, int64_t off, uint8_t size)
{
    m.imm += off;
    m.size = size;
    return m;
}

void
a64_lea(CgCtx *c, MirOpnd m, uint32_t d)
{
    if (m.base == MB_REG) {
        if (m.imm)
            add_const(c, 8, m.reg, m.imm, d);
        else
            a64_move(c, MIR_GP, m.reg, d);
        return;
    }
    a64_emit2(c, m.base == MB_FRAME ? A64_LEAR : A64_LEA, 8, m, a64_reg(d));
}

uint32_t
a64_load_leaf(CgCtx *c, IrType t, MirOpnd m, uint32_t d)
{
    uint8_t sz = cg_tsize(t);
    m.size = sz;
    return a64_emit2(c, ir_type_is_float(t) ? A64_FLDR : A64_LDR, sz, m,
                     a64_reg(d));
}

uint32_t
a64_store_leaf(CgCtx *c, IrType t, uint32_t s, MirOpnd m)
{
    uint8_t sz = cg_tsize(t);
    m.size = sz;
    return a64_emit2(c, ir_type_is_float(t) ? A64_FSTR : A64_STR, sz,
                     a64_reg(s), m);
}

void
a64_load_value(CgCtx *c, IrValue v, IrType t, MirOpnd m, bool vol)
{
    cg_load_value(c, v, t, m, vol, a64_load_leaf);
}

void
a64_store_value(CgCtx *c, IrValue v, IrType t, MirOpnd m)
{
    cg_store_value(c, v, t, m, a64_store_leaf);
}

/* ---------------------------------------------------------------- compare */

static uint8_t
icc(IrPred p)
{
    static const uint8_t m[] = {
        [IR_PRED_EQ] = CC_EQ, [IR_PRED_NE] = CC_NE,
        [IR_PRED_UGT] = CC_HI, [IR_PRED_UGE] = CC_HS,
        [IR_PRED_ULT] = CC_LO, [IR_PRED_ULE] = CC_LS,
        [IR_PRED_SGT] = CC_GT, [IR_PRED_SGE] = CC_GE,
        [IR_PRED_SLT] = CC_LT, [IR_PRED_SLE] = CC_LE,
    };
    return m[p];
}

static bool
signed_pred(IrPred p)
{
    return p == IR_PRED_SGT || p == IR_PRED_SGE || p == IR_PRED_SLT ||
           p == IR_PRED_SLE;
}

/* The fcmp predicates as conditions after `fcmp a, b` (an unordered
 * result sets C and V): one and ueq need two. */
static Cond
fcc(IrPred p)
{
    switch (p) {
    case IR_PRED_OEQ: return (Cond){CC_EQ, 0, false};
    case IR_PRED_OGT: return (Cond){CC_GT, 0, false};
    case IR_PRED_OGE: return (Cond){CC_GE, 0, false};
    case IR_PRED_OLT: return (Cond){CC_MI, 0, false};
    case IR_PRED_OLE: return (Cond){CC_LS, 0, false};
    case IR_PRED_ONE: return (Cond){CC_MI, CC_GT, true};
    case IR_PRED_ORD: return (Cond){CC_VC, 0, false};
    case IR_PRED_UNO: return (Cond){CC_VS, 0, false};
    case IR_PRED_UEQ: return (Cond){CC_EQ, CC_VS, true};
    case IR_PRED_UGT: return (Cond){CC_HI, 0, false};
    case IR_PRED_UGE: return (Cond){CC_PL, 0, false};
    case IR_PRED_ULT: return (Cond){CC_LT, 0, false};
    case IR_PRED_ULE: return (Cond){CC_LE, 0, false};
    case IR_PRED_UNE: return (Cond){CC_NE, 0, false};
    default: CG_BUG("fcmp predicate %d", p);
    }
}

/* cmp r, k at size sz (cmp/cmn immediates when they fit). */
static void
cmp_const(CgCtx *c, uint8_t sz, uint32_t r, int64_t k)
{
    uint8_t sh;
    bool neg = !addimm(k, &sh) && k != INT64_MIN && addimm(-k, &sh);
    if (addimm(neg ? -k : k, &sh)) {
        int64_t v = neg ? -k : k;
        uint32_t i = a64_emit2(c, neg ? A64_CMNI : A64_CMPI, sz, a64_reg(r),
                               mir_imm(sh ? v >> 12 : v));
        mir_inst(c->mf, i)->size2 = sh;
        return;
    }
    a64_emit2(c, A64_CMP, sz, a64_reg(r), a64_reg(kreg(c, k)));
}

static IrInst foldable_def(CgCtx *c, IrValue v, IrBlock b);

/* Emits the compare of an icmp/fcmp; returns the condition. */
static Cond
emit_compare(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    IrPred p = (IrPred)id->pred;
    uint8_t ts = cg_tsize(id->ty), sz = asize(id->ty);
    if (id->op == IR_OP_FCMP) {
        a64_emit2(c, A64_FCMP, ts, a64_reg(a64_R(c, a)), a64_reg(a64_R(c, b)));
        return fcc(p);
    }
    int64_t k;
    if (!cg_const_of(c, b, &k) && cg_const_of(c, a, &k)) {
        IrValue t = a;
        a = b;
        b = t;
        p = cg_pred_mirror(p);
    }
    /* (x & mask) ==/!= 0 as tst x, #mask */
    IrInst an = (p == IR_PRED_EQ || p == IR_PRED_NE) && c->opt->optlevel &&
                cg_const_of(c, b, &k) && k == 0
        ? foldable_def(c, a, ir_layout_inst_block(f, i)) : (IrInst){0};
    if (an.id && ir_inst(f, an)->op == IR_OP_AND) {
        IrValue x = ir_inst_arg(f, an, 0), y = ir_inst_arg(f, an, 1);
        int64_t m;
        uint32_t enc;
        if (cg_const_of(c, x, &m)) {
            IrValue t = x;
            x = y;
            y = t;
        }
        uint64_t mm = cg_const_of(c, y, &m) ? (uint64_t)m : 0;
        if (ts < 8)
            mm &= (UINT64_C(1) << 8 * ts) - 1;
        if (mm && a64_logimm(mm, sz * 8u, &enc)) {
            a64_emit2(c, A64_TSTI, sz, a64_reg(a64_R(c, x)),
                      mir_imm((int64_t)mm));
            return (Cond){icc(p), 0, false};
        }
    }
    bool sgn = signed_pred(p);
    uint32_t ra = ext32v(c, sgn, ts, a);
    if (cg_const_of(c, b, &k)) {
        if (ts < 4 && !sgn)
            k &= ts == 1 ? 0xff : 0xffff;
        cmp_const(c, sz, ra, k);
    } else {
        uint32_t rb = ext32v(c, sgn, ts, b);
        a64_emit2(c, A64_CMP, sz, a64_reg(ra), a64_reg(rb));
    }
    return (Cond){icc(p), 0, false};
}

/* CgEmitCompare for cg_fused_cond. */
static void
compare_cb(CgCtx *c, IrInst cmp, void *cond)
{
    *(Cond *)cond = emit_compare(c, cmp);
}

static Cond
emit_cond(CgCtx *c, IrValue v)
{
    Cond k;
    if (cg_fused_cond(c, v, &a64_fn(c)->flags, &k, sizeof k, compare_cb))
        return k;
    a64_emit2(c, A64_TSTI, 4, a64_reg(a64_R(c, v)), mir_imm(1));
    return (Cond){CC_NE, 0, false};
}

static void
cset(CgCtx *c, uint8_t cc, uint32_t d)
{
    uint32_t i = mir_emit1(c->mf, A64_CSET, 4, a64_reg(d));
    mir_inst(c->mf, i)->cond = cc;
}

static void
sel_compare(CgCtx *c, IrInst i)
{
    uint32_t d = cg_def1(c, i);
    Cond k = emit_compare(c, i);
    if (!k.two) {
        cset(c, k.cc, d);
        return;
    }
    uint32_t t1 = a64_newv(c, MIR_GP), t2 = a64_newv(c, MIR_GP);
    cset(c, k.cc, t1);
    cset(c, k.cc2, t2);
    rrr(c, A64_ORR, 4, t1, t2, d);
}

void
a64_bcc(CgCtx *c, uint8_t cc, uint32_t block)
{
    uint32_t i = mir_emit1(c->mf, A64_BCC, 0, mir_blk(block));
    mir_inst(c->mf, i)->cond = cc;
}

void
a64_jmp(CgCtx *c, uint32_t block)
{
    mir_emit1(c->mf, A64_B, 0, mir_blk(block));
}

/* A branch on v without the flags: a bool tested with tbnz, x == 0 /
 * x != 0 as cbz / cbnz, (x & 2^k) == 0 / != 0 as tbz / tbnz.  False
 * when v is none of these.  (A branch too far for its reach becomes the
 * inverted branch over a b: cg_finalize, branchrange.c.) */
static bool
branch_zero(CgCtx *c, IrValue v, uint32_t lt, uint32_t lf)
{
    IrFunc *f = c->irf;
    IrInst d = cg_def_of(c, v);
    int64_t k;
    if (!d.id || ir_inst(f, d)->op != IR_OP_ICMP) {
        if (d.id && ir_inst(f, d)->op == IR_OP_FCMP && cg_cond_fusable(c, v))
            return false;
        a64_emit3(c, A64_TBNZ, 4, a64_reg(a64_R(c, v)), mir_imm(0),
                  mir_blk(lt));
        a64_jmp(c, lf);
        return true;
    }
    IrInstData *id = ir_inst(f, d);
    IrValue x = ir_inst_arg(f, d, 0), z = ir_inst_arg(f, d, 1);
    if (!cg_cond_fusable(c, v) ||
        (id->pred != IR_PRED_EQ && id->pred != IR_PRED_NE))
        return false;
    if (!(cg_const_of(c, z, &k) && k == 0)) {
        IrValue t = x;
        x = z;
        z = t;
        if (!(cg_const_of(c, z, &k) && k == 0))
            return false;
    }
    bool eq = id->pred == IR_PRED_EQ;
    uint8_t ts = cg_tsize(id->ty);
    IrInst an = c->opt->optlevel ? cg_def_of(c, x) : (IrInst){0};
    if (an.id && ir_inst(f, an)->op == IR_OP_AND &&
        ir_uses_count(&c->uses, x) == 1 &&
        ir_layout_inst_block(f, an).id == ir_layout_inst_block(f, d).id) {
        IrValue y = ir_inst_arg(f, an, 0), m = ir_inst_arg(f, an, 1);
        if (cg_const_of(c, y, &k)) {
            IrValue t = y;
            y = m;
            m = t;
        }
        uint64_t bit = cg_const_of(c, m, &k) ? (uint64_t)k : 0;
        if (ts < 8)
            bit &= (UINT64_C(1) << 8 * ts) - 1;
        if (bit && !(bit & (bit - 1))) {
            unsigned b = 0;
            while ((UINT64_C(1) << b) != bit)
                b++;
            a64_emit3(c, eq ? A64_TBZ : A64_TBNZ, 8, a64_reg(a64_R(c, y)),
                      mir_imm(b), mir_blk(lt));
            a64_jmp(c, lf);
            return true;
        }
    }
    uint32_t r = ext32v(c, false, ts, x);
    a64_emit2(c, eq ? A64_CBZ : A64_CBNZ, ts == 8 ? 8 : 4, a64_reg(r),
              mir_blk(lt));
    a64_jmp(c, lf);
    return true;
}

static void
sel_condbr(CgCtx *c, IrInst i)
{
    uint32_t lt = cg_edge_target(c, i, 0), lf = cg_edge_target(c, i, 1);
    if (branch_zero(c, ir_inst_arg(c->irf, i, 0), lt, lf))
        return;
    Cond k = emit_cond(c, ir_inst_arg(c->irf, i, 0));
    a64_bcc(c, k.cc, lt);
    if (k.two)
        a64_bcc(c, k.cc2, lt);
    a64_jmp(c, lf);
}

static void
csel(CgCtx *c, bool fp, uint8_t cc, uint32_t x, uint32_t y, uint32_t d)
{
    uint32_t i = rrr(c, fp ? A64_FCSEL : A64_CSEL, 8, x, y, d);
    mir_inst(c->mf, i)->cond = cc;
}

/* The conditional-select form that makes arm v from m: csinc for
 * m + 1, csinv for m ^ -1, csneg for 0 - m (v's only use, in block b);
 * 0 for none. */
static uint16_t
cond_arm(CgCtx *c, IrValue v, IrBlock b, IrValue *m)
{
    IrFunc *f = c->irf;
    IrInst d = foldable_def(c, v, b);
    int64_t k;
    if (!d.id)
        return 0;
    IrInstData *id = ir_inst(f, d);
    unsigned w = ir_type_bits(id->ty);
    uint64_t ones = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
    if (id->op == IR_OP_ISUB && cg_const_of(c, ir_inst_arg(f, d, 0), &k) &&
        k == 0) {
        *m = ir_inst_arg(f, d, 1);
        return A64_CSNEG;
    }
    if (!cg_const_of(c, ir_inst_arg(f, d, 1), &k))
        return 0;
    *m = ir_inst_arg(f, d, 0);
    if (id->op == IR_OP_IADD && k == 1)
        return A64_CSINC;
    if (id->op == IR_OP_XOR && ((uint64_t)k & ones) == ones)
        return A64_CSINV;
    return 0;
}

static void
sel_sel(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrValue a = ir_inst_arg(f, i, 1), b = ir_inst_arg(f, i, 2);
    uint32_t na, nb, nd;
    const uint32_t *ra0 = cg_value_regs(c, a, &na);
    uint32_t *ra = xmalloc((na + 1) * sizeof *ra);
    memcpy(ra, ra0, na * sizeof *ra);
    const uint32_t *rb0 = cg_value_regs(c, b, &nb);
    uint32_t *rb = xmalloc((nb + 1) * sizeof *rb);
    memcpy(rb, rb0, nb * sizeof *rb);
    /* c ? x : m + 1 as csinc, ~m csinv, -m csneg (with the arms the
     * other way round, on the negated condition) */
    IrBlock blk = ir_layout_inst_block(f, i);
    IrType ty = ir_inst(f, i)->ty;
    int inc = -1;
    uint16_t cop = 0;
    IrValue m = {0};
    for (int s = 0; s < 2 && inc < 0 && c->opt->optlevel &&
                    ir_type_is_int(ty); s++)
        if ((cop = cond_arm(c, s ? a : b, blk, &m)))
            inc = s;
    Cond k = emit_cond(c, ir_inst_arg(f, i, 0));
    if (inc >= 0 && !k.two) {
        uint32_t x = inc ? rb[0] : ra[0];
        uint32_t in = rrr(c, cop, asize(ty), x, a64_R(c, m),
                          cg_def1(c, i));
        mir_inst(c->mf, in)->cond = inc ? k.cc ^ 1 : k.cc;
        free(ra), free(rb);
        return;
    }
    const uint32_t *rd0 = cg_define(c, ir_inst_result(f, i), &nd);
    uint32_t *rd = xmalloc((nd + 1) * sizeof *rd);
    memcpy(rd, rd0, nd * sizeof *rd);
    for (uint32_t q = 0; q < nd; q++) {
        bool fp = mir_vreg(c->mf, rd[q])->cls == MIR_FP;
        if (!k.two) {
            csel(c, fp, k.cc, ra[q], rb[q], rd[q]);
            continue;
        }
        uint32_t t = a64_newv(c, fp ? MIR_FP : MIR_GP);
        csel(c, fp, k.cc, ra[q], rb[q], t);
        csel(c, fp, k.cc2, ra[q], t, rd[q]);
    }
    free(ra), free(rb), free(rd);
}

/* ---------------------------------------------------------------- ALU */

/* The instruction defining v if it may be folded into its user in
 * block b: v's only use, in the same block. */
static IrInst
foldable_def(CgCtx *c, IrValue v, IrBlock b)
{
    IrInst d = cg_def_of(c, v);
    if (!d.id || ir_uses_count(&c->uses, v) != 1 ||
        ir_layout_inst_block(c->irf, d).id != b.id)
        return (IrInst){0};
    return d;
}

/* v = x << k (a constant shift folded into v's one user): k, with *x;
 * else -1. */
static int
shifted(CgCtx *c, IrValue v, IrBlock b, unsigned w, IrValue *x)
{
    IrInst d = foldable_def(c, v, b);
    int64_t k;
    if (!d.id || ir_inst(c->irf, d)->op != IR_OP_SHL ||
        !cg_const_of(c, ir_inst_arg(c->irf, d, 1), &k) || k <= 0 ||
        k >= (int64_t)w || w < 32)
        return -1;
    *x = ir_inst_arg(c->irf, d, 0);
    return (int)k;
}

static void
sel_intbin(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    uint8_t sz = asize(id->ty);
    unsigned w = ir_type_bits(id->ty);
    IrBlock blk = ir_layout_inst_block(f, i);
    bool commutes = ir_op_info[id->op].flags & IR_OPF_COMMUTES;
    int64_t k;
    if (commutes && cg_const_of(c, a, &k)) {
        IrValue t = a;
        a = b;
        b = t;
    }
    /* -(x * y) as mneg */
    IrInst nd = id->op == IR_OP_ISUB && c->opt->optlevel &&
                cg_const_of(c, a, &k) && k == 0
        ? foldable_def(c, b, blk) : (IrInst){0};
    if (nd.id && ir_inst(f, nd)->op == IR_OP_IMUL) {
        rrr(c, A64_MNEG, sz, a64_R(c, ir_inst_arg(f, nd, 0)),
            a64_R(c, ir_inst_arg(f, nd, 1)), cg_def1(c, i));
        return;
    }
    /* madd / msub: x + y * z, x - y * z */
    if ((id->op == IR_OP_IADD || id->op == IR_OP_ISUB) && c->opt->optlevel) {
        for (int s = 0; s < (id->op == IR_OP_IADD ? 2 : 1); s++) {
            IrValue x = s ? b : a, m = s ? a : b;
            IrInst md = foldable_def(c, m, blk);
            if (!md.id || ir_inst(f, md)->op != IR_OP_IMUL)
                continue;
            MirOpnd o[4] = {a64_reg(a64_R(c, ir_inst_arg(f, md, 0))),
                            a64_reg(a64_R(c, ir_inst_arg(f, md, 1))),
                            a64_reg(a64_R(c, x)), a64_reg(cg_def1(c, i))};
            mir_emit(c->mf, id->op == IR_OP_IADD ? A64_MADD : A64_MSUB, sz,
                     o, 4);
            return;
        }
    }
    uint32_t ra = a64_R(c, a);
    if (cg_const_of(c, b, &k)) {
        uint32_t enc;
        uint64_t m = sz == 4 ? (uint64_t)k & 0xffffffffu : (uint64_t)k;
        switch (id->op) {
        case IR_OP_IADD:
            add_const(c, sz, ra, k, cg_def1(c, i));
            return;
        case IR_OP_ISUB:
            if (k != INT64_MIN) {
                add_const(c, sz, ra, -k, cg_def1(c, i));
                return;
            }
            break;
        case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR:
            if (id->op == IR_OP_XOR && (sz == 4 ? m == 0xffffffffu
                                                : m == ~UINT64_C(0))) {
                a64_emit2(c, A64_MVN, sz, a64_reg(ra),
                          a64_reg(cg_def1(c, i)));
                return;
            }
            if (a64_logimm(m, sz * 8, &enc)) {
                rri(c, id->op == IR_OP_AND ? A64_ANDI : id->op == IR_OP_OR
                    ? A64_ORRI : A64_EORI, sz, ra, (int64_t)m,
                    cg_def1(c, i));
                return;
            }
            break;
        default:
            break;
        }
    }
    if (id->op == IR_OP_ISUB && cg_const_of(c, a, &k) && k == 0) {
        a64_emit2(c, A64_NEG, sz, a64_reg(a64_R(c, b)),
                  a64_reg(cg_def1(c, i)));
        return;
    }
    uint16_t op;
    switch (id->op) {
    case IR_OP_IADD: op = A64_ADD; break;
    case IR_OP_ISUB: op = A64_SUB; break;
    case IR_OP_AND: op = A64_AND; break;
    case IR_OP_OR: op = A64_ORR; break;
    case IR_OP_XOR: op = A64_EOR; break;
    default: op = A64_MUL; break;
    }
    /* a shifted second operand: x + (y << k) */
    IrValue x;
    int sh = op != A64_MUL && c->opt->optlevel ? shifted(c, b, blk, w, &x)
                                               : -1;
    if (sh < 0 && commutes && op != A64_MUL && c->opt->optlevel) {
        sh = shifted(c, a, blk, w, &x);
        if (sh >= 0)
            ra = a64_R(c, b);
    }
    if (sh >= 0) {
        uint32_t in = rrr(c, op, sz, ra, a64_R(c, x), cg_def1(c, i));
        mir_inst(c->mf, in)->cond = A64_SH_LSL;
        mir_inst(c->mf, in)->size2 = (uint8_t)sh;
        return;
    }
    uint32_t rb = cg_const_of(c, b, &k) ? kreg(c, k) : a64_R(c, b);
    rrr(c, op, sz, ra, rb, cg_def1(c, i));
}

static void
sel_shift(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    uint8_t ts = cg_tsize(id->ty), sz = asize(id->ty);
    unsigned w = ir_type_bits(id->ty);
    uint32_t ra = id->op != IR_OP_SHL
        ? ext32v(c, id->op == IR_OP_ASHR, ts, a) : a64_R(c, a);
    int64_t k;
    if (cg_const_of(c, b, &k)) {
        k &= w - 1;
        uint32_t d = cg_def1(c, i);
        if (!k) {
            a64_move(c, MIR_GP, ra, d);
            return;
        }
        rri(c, id->op == IR_OP_SHL ? A64_LSLI : id->op == IR_OP_LSHR ? A64_LSRI
            : A64_ASRI, sz, ra, k, d);
        return;
    }
    rrr(c, id->op == IR_OP_SHL ? A64_LSLV : id->op == IR_OP_LSHR ? A64_LSRV
        : A64_ASRV, sz, ra, a64_R(c, b), cg_def1(c, i));
}

/* ---------------------------------------------------------------- floats */

static void
fconst(CgCtx *c, uint8_t sz, uint64_t bits, uint32_t d)
{
    uint32_t imm8;
    if (a64_fpimm(bits, sz, &imm8)) {
        a64_emit2(c, A64_FMOVI, sz, mir_imm(imm8), a64_reg(d));
        return;
    }
    uint32_t g = kreg(c, sz == 4 ? (int64_t)(uint32_t)bits : (int64_t)bits);
    a64_emit2(c, A64_FMOVGF, sz, a64_reg(g), a64_reg(d));
}

static void
sel_fbin(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    uint8_t sz = cg_tsize(id->ty);
    IrValue a = ir_inst_arg(f, i, 0);
    if (id->op == IR_OP_FNEG) {
        a64_emit2(c, A64_FNEG, sz, a64_reg(a64_R(c, a)),
                  a64_reg(cg_def1(c, i)));
        return;
    }
    if (id->op == IR_OP_FREM) {
        a64_sel_frem(c, i);
        return;
    }
    uint16_t op = id->op == IR_OP_FADD ? A64_FADD :
                  id->op == IR_OP_FSUB ? A64_FSUB :
                  id->op == IR_OP_FMUL ? A64_FMUL : A64_FDIV;
    rrr(c, op, sz, a64_R(c, a), a64_R(c, ir_inst_arg(f, i, 1)),
        cg_def1(c, i));
}

/* ---------------------------------------------------------------- casts */

static void
cvt(CgCtx *c, uint16_t op, uint8_t size, uint8_t size2, uint32_t s,
    uint32_t d)
{
    uint32_t i = a64_emit2(c, op, size, a64_reg(s), a64_reg(d));
    mir_inst(c->mf, i)->size2 = size2;
}

static void
sel_cast(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0);
    uint8_t ts = cg_tsize(id->ty), fs = cg_tsize(id->ty2);
    uint32_t ra = a64_R(c, a);
    IrValue res = ir_inst_result(f, i);
    switch (id->op) {
    case IR_OP_TRUNC:
    case IR_OP_PTOI:
        cg_bind(c, res, &ra, 1);
        return;
    case IR_OP_ITOP:
    case IR_OP_ZEXT: {
        if (fs == 8 || zero_upper(c, a, fs)) {
            cg_bind(c, res, &ra, 1);
            return;
        }
        a64_ext(c, false, fs, 4, ra, cg_def1(c, i));
        return;
    }
    case IR_OP_SEXT:
        a64_ext(c, true, fs, ts, ra, cg_def1(c, i));
        return;
    case IR_OP_BTOI:
        if (zero_upper(c, a, 1)) {
            cg_bind(c, res, &ra, 1);
            return;
        }
        a64_ext(c, false, 1, 4, ra, cg_def1(c, i));
        return;
    case IR_OP_ITOB: {
        uint32_t d = cg_def1(c, i);
        if (fs < 4)
            a64_emit2(c, A64_TSTI, 4, a64_reg(ra),
                      mir_imm(fs == 1 ? 0xff : 0xffff));
        else
            cmp_const(c, fs, ra, 0);
        cset(c, CC_NE, d);
        return;
    }
    case IR_OP_FEXT:
    case IR_OP_FTRUNC:
        cvt(c, A64_FCVT, ts, fs, ra, cg_def1(c, i));
        return;
    case IR_OP_SITOF:
    case IR_OP_UITOF: {
        bool sgn = id->op == IR_OP_SITOF;
        cvt(c, sgn ? A64_SCVTF : A64_UCVTF, ts, fs < 4 ? 4 : fs,
            ext32v(c, sgn, fs, a), cg_def1(c, i));
        return;
    }
    case IR_OP_FTOSI:
    case IR_OP_FTOUI:
        cvt(c, id->op == IR_OP_FTOSI ? A64_FCVTZS : A64_FCVTZU,
            ts < 4 ? 4 : ts, fs, ra, cg_def1(c, i));
        return;
    default:
        CG_BUG("cast %d", id->op);
    }
}

/* ---------------------------------------------------------------- main */

static void
sel_const(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue res = ir_inst_result(f, i);
    switch (id->op) {
    case IR_OP_ICONST: {
        int64_t k;
        cg_const_of(c, res, &k);
        if (id->ty.id != IR_TY_I64)
            k = (int64_t)(uint32_t)k;
        cg_def_lazy(c, i, A64_MOVI, movi_size(k), mir_imm(k));
        return;
    }
    case IR_OP_BCONST:
        cg_def_lazy(c, i, A64_MOVI, 4, mir_imm(id->imm ? 1 : 0));
        return;
    case IR_OP_FCONST:
        fconst(c, cg_tsize(id->ty), id->imm, cg_def1(c, i));
        return;
    default: {     /* null, undef: all zero */
        CgLeaf *lv;
        uint32_t nl = cg_leaves(c->m, id->ty, &lv), n;
        const uint32_t *r0 = cg_define(c, res, &n);
        uint32_t *r = xmalloc((n + 1) * sizeof *r);
        memcpy(r, r0, n * sizeof *r);
        for (uint32_t k = 0; k < nl; k++) {
            if (ir_type_is_float(lv[k].ty))
                fconst(c, cg_tsize(lv[k].ty), 0, r[k]);
            else
                a64_movi(c, 0, r[k]);
        }
        free(r);
        free(lv);
        return;
    }
    }
}

static void
sel_offset(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue p = ir_inst_arg(f, i, 0), ix = ir_inst_arg(f, i, 1);
    uint64_t esz = ir_type_size(c->m, id->ty);
    uint32_t rp = a64_R(c, p), d = cg_def1(c, i);
    int64_t k;
    if (cg_const_of(c, ix, &k)) {
        add_const(c, 8, rp, k * (int64_t)esz, d);
        return;
    }
    uint8_t is = cg_tsize(id->ty2);
    uint32_t x = a64_R(c, ix);
    if (esz && !(esz & (esz - 1))) {
        unsigned sh = 0;
        while ((UINT64_C(1) << sh) != esz)
            sh++;
        /* add x, p, w, sxtw #sh reaches shifts up to 4 */
        uint8_t kind = is == 4 && sh <= 4 ? A64_SH_SXTW : A64_SH_LSL;
        if (is < 8 && kind == A64_SH_LSL) {
            uint32_t t = a64_newv(c, MIR_GP);
            a64_ext(c, true, is, 8, x, t);
            x = t;
        }
        uint32_t in = rrr(c, A64_ADD, 8, rp, x, d);
        mir_inst(c->mf, in)->cond = kind == A64_SH_LSL && !sh ? A64_SH_NONE
                                                             : kind;
        mir_inst(c->mf, in)->size2 = (uint8_t)sh;
        return;
    }
    if (is < 8) {
        uint32_t t = a64_newv(c, MIR_GP);
        a64_ext(c, true, is, 8, x, t);
        x = t;
    }
    MirOpnd o[4] = {a64_reg(x), a64_reg(kreg(c, (int64_t)esz)), a64_reg(rp),
                    a64_reg(d)};
    mir_emit(c->mf, A64_MADD, 8, o, 4);
}

void
a64_isel_inst(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrModule *m = c->m;
    IrInstData *id = ir_inst(f, i);
    IrValue res = ir_inst_result(f, i);
    switch ((IrOpcode)id->op) {
    case IR_OP_ICONST: case IR_OP_FCONST: case IR_OP_BCONST:
    case IR_OP_NULL: case IR_OP_UNDEF:
        sel_const(c, i);
        return;
    case IR_OP_STACKSLOT:
        cg_def_lazy(c, i, A64_LEAR, 8,
                    mir_mem(MB_FRAME, c->slotobj[id->imm], 0, 8));
        return;
    case IR_OP_GLOBALADDR:
        cg_def_lazy(c, i, cg_sym_is_local(c, (uint32_t)id->imm) ? A64_ADR
                    : A64_ADRGOT, 8, mir_sym((uint32_t)id->imm, 0));
        return;
    case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR: case IR_OP_IADD:
    case IR_OP_ISUB: case IR_OP_IMUL:
        sel_intbin(c, i);
        return;
    case IR_OP_SHL: case IR_OP_LSHR: case IR_OP_ASHR:
        sel_shift(c, i);
        return;
    case IR_OP_SDIV: case IR_OP_UDIV: case IR_OP_SREM: case IR_OP_UREM:
        a64_sel_div(c, i);
        return;
    case IR_OP_FNEG: case IR_OP_FADD: case IR_OP_FSUB: case IR_OP_FMUL:
    case IR_OP_FDIV: case IR_OP_FREM:
        sel_fbin(c, i);
        return;
    case IR_OP_ICMP: case IR_OP_FCMP:
        if (!cg_cond_fusable(c, res))
            sel_compare(c, i);
        return;
    case IR_OP_SEL:
        sel_sel(c, i);
        return;
    case IR_OP_ALLOCA: {
        uint64_t sz = ir_type_size(m, id->ty);
        sz = (sz + 15) / 16 * 16;
        if (!sz)
            sz = 16;
        if (sz > INT32_MAX) {
            cg_error(c, id->loc, "alloca of %llu bytes is too large",
                     (unsigned long long)sz);
            return;
        }
        if (sz < 4096)
            mir_emit1(c->mf, A64_SUBSP, 8, mir_imm((int64_t)sz));
        else
            mir_emit1(c->mf, A64_SUBSPR, 8, a64_reg(kreg(c, (int64_t)sz)));
        a64_emit2(c, A64_LEA, 8, mir_mem(MB_DYNTOP, 0, 0, 8),
                  a64_reg(cg_def1(c, i)));
        c->mf->has_alloca = true;
        return;
    }
    case IR_OP_LOAD: {
        IrValue p = ir_inst_arg(f, i, 0);
        a64_load_value(c, res, id->ty, ir_type_is_scalar(id->ty)
                       ? addr_idx(c, p, cg_tsize(id->ty)) : addr_of(c, p),
                       id->flags & IR_INSTF_VOLATILE);
        return;
    }
    case IR_OP_STORE: {
        IrValue p = ir_inst_arg(f, i, 1);
        a64_store_value(c, ir_inst_arg(f, i, 0), id->ty,
                        ir_type_is_scalar(id->ty)
                        ? addr_idx(c, p, cg_tsize(id->ty)) : addr_of(c, p));
        return;
    }
    case IR_OP_OFFSET:
        sel_offset(c, i);
        return;
    case IR_OP_ELEMPTR: {
        uint64_t off = ir_type_offset(m, id->ty, id->imm);
        add_const(c, 8, a64_R(c, ir_inst_arg(f, i, 0)), (int64_t)off,
                  cg_def1(c, i));
        return;
    }
    case IR_OP_EXTRACT: case IR_OP_INSERT: case IR_OP_CALL:
    case IR_OP_INDIRECTCALL: case IR_OP_BR: case IR_OP_RET:
    case IR_OP_UNREACHABLE:
        cg_sel_common(c, i);
        return;
    case IR_OP_SEXT: case IR_OP_ZEXT: case IR_OP_TRUNC: case IR_OP_ITOB:
    case IR_OP_BTOI: case IR_OP_SITOF: case IR_OP_UITOF: case IR_OP_FTOSI:
    case IR_OP_FTOUI: case IR_OP_FEXT: case IR_OP_FTRUNC: case IR_OP_ITOP:
    case IR_OP_PTOI:
        sel_cast(c, i);
        return;
    case IR_OP_CONDBR:
        sel_condbr(c, i);
        return;
    case IR_NUM_OPS:
        break;
    }
    CG_BUG("isel: opcode %d", id->op);
}
