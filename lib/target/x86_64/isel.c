/*
 * isel.c - x86-64 instruction selection: SIR -> MIR on vregs.
 *
 * Conventions: a GP vreg holding an i8/i16/i32 or bool has unspecified
 * bits above the value's width, so operations whose result depends only
 * on low bits (add, sub, mul, and, or, xor, shl) run at 32 bits, and the
 * others extend first (division, right shifts, conversions).  Floats
 * live in the low lane of an xmm register.  Aggregates are one vreg per
 * scalar leaf (lower.c).
 *
 * Fusions: immediates (iconst fitting 32 bits) fold into ALU, compare
 * and shift operands; iadd becomes lea; offset/elemptr/stackslot/
 * globaladdr chains fold into the address of loads and stores; an
 * icmp/fcmp used only as the condition of condbr/sel is not computed
 * into a register but re-emitted as cmp/ucomis right before each user,
 * so the flags are always fresh (no setcc + test round trip).  What
 * folding leaves unused is removed by mir_dce; constants and addresses
 * are made only when a user asks for their register (cg_def_lazy).
 *
 * Calls, parameters and returns follow System V (abi.c): register
 * arguments are copied into their physregs immediately before the call,
 * results out of them immediately after, so physreg live ranges stay
 * short; aggregates in registers go through a frame temporary.
 */
#include "x64.h"

#include <string.h>

uint8_t
x64_asize(IrType t)
{
    return cg_tsize(t) < 4 ? 4 : cg_tsize(t);
}

uint32_t
x64_R(CgCtx *c, IrValue v)
{
    return cg_value_reg(c, v);
}

uint32_t
x64_newv(CgCtx *c, MirClass cls)
{
    return mir_vreg_new(c->mf, cls);
}

MirOpnd
x64_reg(uint32_t r)
{
    return mir_reg(r, 8);
}

uint32_t
x64_emit2(CgCtx *c, uint16_t op, uint8_t size, MirOpnd a, MirOpnd b)
{
    return mir_emit2(c->mf, op, size, a, b);
}

uint32_t
x64_emitx(CgCtx *c, uint16_t op, uint8_t size, uint8_t size2, MirOpnd a,
      MirOpnd b)
{
    uint32_t i = mir_emit2(c->mf, op, size, a, b);
    mir_inst(c->mf, i)->size2 = size2;
    return i;
}

void
x64_move(CgCtx *c, MirClass cls, uint32_t src, uint32_t dst)
{
    x64_emit2(c, cls == MIR_FP ? X64_MOVS : X64_MOV, 8, x64_reg(src),
              x64_reg(dst));
}

/* An immediate operand for v if it is a 32-bit constant, else its reg. */
static MirOpnd
rimm(CgCtx *c, IrValue v, bool *isimm)
{
    int64_t k;
    if (cg_const_of(c, v, &k) && x64_fits32(k)) {
        if (isimm)
            *isimm = true;
        return mir_imm(k);
    }
    if (isimm)
        *isimm = false;
    return x64_reg(x64_R(c, v));
}

/* ---------------------------------------------------------------- memory */

/* Folds an address computation into a memory operand. */
static MirOpnd
addr_of(CgCtx *c, IrValue p)
{
    IrFunc *f = c->irf;
    int64_t disp = 0;
    uint32_t index = 0;
    uint8_t scale = 1;
    for (;;) {
        IrInst d = cg_def_of(c, p);
        if (!d.id)
            break;
        IrInstData *id = ir_inst(f, d);
        if (id->op == IR_OP_ELEMPTR) {
            uint64_t off = ir_type_offset(c->m, id->ty, id->imm);
            if (off > INT32_MAX || !x64_fits32(disp + (int64_t)off))
                break;
            disp += (int64_t)off;
            p = ir_inst_arg(f, d, 0);
            continue;
        }
        if (id->op == IR_OP_OFFSET) {
            uint64_t esz = ir_type_size(c->m, id->ty);
            IrValue ix = ir_inst_arg(f, d, 1);
            int64_t k;
            if (cg_const_of(c, ix, &k)) {
                if (esz > INT32_MAX || !x64_fits32(k) ||
                    !x64_fits32(disp + k * (int64_t)esz))
                    break;
                disp += k * (int64_t)esz;
                p = ir_inst_arg(f, d, 0);
                continue;
            }
            if (!index && (esz == 1 || esz == 2 || esz == 4 || esz == 8) &&
                (id->ty2.id == IR_TY_I64 ||
                 ir_uses_count(&c->uses, p) == 1)) {
                /* a narrower index is sign-extended here, into the
                 * address of the offset's only user */
                /* an i64 index x + K is x with K * size added to the
                 * displacement (the unrolled loops' i + 1, i + 2, ..) */
                IrInst ad = id->ty2.id == IR_TY_I64 ? cg_def_of(c, ix)
                                                    : (IrInst){0};
                int64_t kk;
                if (ad.id && ir_inst(f, ad)->op == IR_OP_IADD &&
                    cg_const_of(c, ir_inst_arg(f, ad, 1), &kk) &&
                    kk >= -(INT32_MAX / 16) && kk <= INT32_MAX / 16 &&
                    x64_fits32(disp + kk * (int64_t)esz)) {
                    disp += kk * (int64_t)esz;
                    ix = ir_inst_arg(f, ad, 0);
                }
                index = x64_R(c, ix);
                if (id->ty2.id != IR_TY_I64) {
                    uint8_t is = cg_tsize(id->ty2);
                    uint32_t t = x64_newv(c, MIR_GP);
                    x64_emitx(c, X64_MOVSX, 8, is, mir_reg(index, is),
                              x64_reg(t));
                    index = t;
                }
                scale = (uint8_t)esz;
                p = ir_inst_arg(f, d, 0);
                continue;
            }
            break;
        }
        if (id->op == IR_OP_STACKSLOT && !index) {
            MirOpnd o = mir_mem(MB_FRAME, c->slotobj[id->imm], disp, 8);
            return o;
        }
        if (id->op == IR_OP_GLOBALADDR && !index &&
            cg_sym_is_local(c, (uint32_t)id->imm))
            return mir_mem(MB_SYM, (uint32_t)id->imm, disp, 8);
        break;
    }
    MirOpnd o = mir_mem(MB_REG, x64_R(c, p), disp, 8);
    o.index = index;
    o.scale = scale;
    return o;
}

MirOpnd
x64_mem_at(MirOpnd m, int64_t off, uint8_t size)
{
    m.imm += off;
    m.size = size;
    return m;
}

uint32_t
x64_load_leaf(CgCtx *c, IrType t, MirOpnd m, uint32_t d)
{
    uint8_t sz = cg_tsize(t);
    m.size = sz;
    if (ir_type_is_float(t))
        return x64_emit2(c, X64_MOVS, sz, m, x64_reg(d));
    if (sz < 4)
        return x64_emitx(c, X64_MOVZX, 4, sz, m, x64_reg(d));
    return x64_emit2(c, X64_MOV, sz, m, x64_reg(d));
}

uint32_t
x64_store_leaf(CgCtx *c, IrType t, uint32_t s, MirOpnd m)
{
    uint8_t sz = cg_tsize(t);
    m.size = sz;
    if (ir_type_is_float(t))
        return x64_emit2(c, X64_MOVS, sz, mir_reg(s, sz), m);
    return x64_emit2(c, X64_MOV, sz, mir_reg(s, sz), m);
}

void
x64_load_value(CgCtx *c, IrValue v, IrType t, MirOpnd m, bool vol)
{
    cg_load_value(c, v, t, m, vol, x64_load_leaf);
}

void
x64_store_value(CgCtx *c, IrValue v, IrType t, MirOpnd m)
{
    cg_store_value(c, v, t, m, x64_store_leaf);
}

/* ---------------------------------------------------------------- compare */

static uint8_t
icc(IrPred p)
{
    static const uint8_t m[] = {
        [IR_PRED_EQ] = CC_E, [IR_PRED_NE] = CC_NE,
        [IR_PRED_UGT] = CC_A, [IR_PRED_UGE] = CC_AE,
        [IR_PRED_ULT] = CC_B, [IR_PRED_ULE] = CC_BE,
        [IR_PRED_SGT] = CC_G, [IR_PRED_SGE] = CC_GE,
        [IR_PRED_SLT] = CC_L, [IR_PRED_SLE] = CC_LE,
    };
    return m[p];
}

static bool reads_folded_load(CgCtx *c, IrInst d);

/* A load used only by an icmp (as its first operand) against an
 * immediate, the icmp used once in the same block, and nothing that
 * writes memory from the load to the block's end (wherever the compare
 * is emitted, the memory still holds the value): the compare reads
 * memory, `cmpb $0, (p)`, and the load emits nothing.  Above -O0. */
static bool
cmp_load(CgCtx *c, IrInst ld)
{
    IrFunc *f = c->irf;
    IrInstData *d = ir_inst(f, ld);
    if (c->opt->optlevel == 0 || d->op != IR_OP_LOAD ||
        (d->flags & IR_INSTF_VOLATILE) || !ir_type_is_int(d->ty))
        return false;
    IrValue v = ir_inst_result(f, ld);
    IrInst u = cg_only_user(c, v);
    int64_t k;
    if (!u.id || ir_inst_op(f, u) != IR_OP_ICMP ||
        ir_inst_arg(f, u, 0).id != v.id ||
        !cg_const_of(c, ir_inst_arg(f, u, 1), &k) || !x64_fits32(k))
        return false;
    IrBlock b = ir_layout_inst_block(f, ld);
    IrInst cu = cg_only_user(c, ir_inst_result(f, u));
    if (ir_layout_inst_block(f, u).id != b.id || !cu.id ||
        ir_layout_inst_block(f, cu).id != b.id)
        return false;
    int n = 0;
    for (IrInst x = ir_layout_next_inst(f, ld); x.id;
         x = ir_layout_next_inst(f, x))
        if (++n > 16 || (ir_op_info[ir_inst(f, x)->op].flags &
                         (IR_OPF_WRITES_MEM | IR_OPF_CALL)))
            return false;
    return true;
}

/* Emits the compare of an icmp/fcmp; returns the condition. */
static Cond
emit_compare(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    IrPred p = (IrPred)id->pred;
    uint8_t sz = cg_tsize(id->ty);
    Cond k = {0};
    if (id->op == IR_OP_ICMP) {
        bool bi, ai;
        MirOpnd ob = rimm(c, b, &bi);
        if (!bi) {
            int64_t x;
            ai = cg_const_of(c, a, &x) && x64_fits32(x);
            if (ai) {
                IrValue t = a;
                a = b;
                b = t;
                p = cg_pred_mirror(p);
                ob = rimm(c, b, NULL);
            }
        }
        k.cc = icc(p);
        IrInst la = cg_def_of(c, a);
        if (bi && la.id && cmp_load(c, la)) {
            x64_emit2(c, X64_CMP, sz, ob,
                      x64_mem_at(addr_of(c, ir_inst_arg(f, la, 0)), 0, sz));
            return k;
        }
        /* against 0, `test` sets the same flags (CF = OF = 0) and
         * fuses an `and` used only here: test y, x */
        if (bi && ob.imm == 0) {
            IrInst an = cg_def_of(c, a);
            if (an.id && ir_inst(f, an)->op == IR_OP_AND &&
                ir_uses_count(&c->uses, a) == 1 &&
                !reads_folded_load(c, an)) {
                IrValue x = ir_inst_arg(f, an, 0), y = ir_inst_arg(f, an, 1);
                int64_t m;
                if (cg_const_of(c, x, &m) && x64_fits32(m)) {
                    x = y;
                    y = ir_inst_arg(f, an, 0);
                }
                x64_emit2(c, X64_TEST, sz, rimm(c, y, NULL),
                          mir_reg(x64_R(c, x), sz));
                return k;
            }
            uint32_t ra = x64_R(c, a);
            x64_emit2(c, X64_TEST, sz, mir_reg(ra, sz), mir_reg(ra, sz));
            return k;
        }
        x64_emit2(c, X64_CMP, sz, ob, mir_reg(x64_R(c, a), sz));
        return k;
    }
    bool swap = false;
    switch (p) {
    case IR_PRED_OGT: k.cc = CC_A; break;
    case IR_PRED_OGE: k.cc = CC_AE; break;
    case IR_PRED_OLT: k.cc = CC_A; swap = true; break;
    case IR_PRED_OLE: k.cc = CC_AE; swap = true; break;
    case IR_PRED_UGT: k.cc = CC_B; swap = true; break;
    case IR_PRED_UGE: k.cc = CC_BE; swap = true; break;
    case IR_PRED_ULT: k.cc = CC_B; break;
    case IR_PRED_ULE: k.cc = CC_BE; break;
    case IR_PRED_ONE: k.cc = CC_NE; break;
    case IR_PRED_UEQ: k.cc = CC_E; break;
    case IR_PRED_ORD: k.cc = CC_NP; break;
    case IR_PRED_UNO: k.cc = CC_P; break;
    case IR_PRED_OEQ: k.cc = CC_E; k.cc2 = CC_NP; k.mode = 1; break;
    case IR_PRED_UNE: k.cc = CC_NE; k.cc2 = CC_P; k.mode = 2; break;
    default: CG_BUG("fcmp predicate %d", p);
    }
    if (swap) {
        IrValue t = a;
        a = b;
        b = t;
    }
    /* ucomis b, a: flags of a - b */
    x64_emit2(c, X64_UCOMIS, sz, x64_reg(x64_R(c, b)), x64_reg(x64_R(c, a)));
    return k;
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
    if (cg_fused_cond(c, v, &x64_fn(c)->flags, &k, sizeof k, compare_cb))
        return k;
    uint32_t r = x64_R(c, v);
    x64_emit2(c, X64_TEST, 1, mir_reg(r, 1), mir_reg(r, 1));
    return (Cond){.cc = CC_NE};
}

void
x64_setcc(CgCtx *c, uint8_t cc, uint32_t d)
{
    uint32_t i = mir_emit1(c->mf, X64_SETCC, 1, mir_reg(d, 1));
    mir_inst(c->mf, i)->cond = cc;
}

static void
cmov(CgCtx *c, uint8_t cc, uint32_t s, uint32_t d)
{
    uint32_t i = x64_emit2(c, X64_CMOV, 8, x64_reg(s), x64_reg(d));
    mir_inst(c->mf, i)->cond = cc;
}

static void
jcc(CgCtx *c, uint8_t cc, uint32_t block)
{
    uint32_t i = mir_emit1(c->mf, X64_JCC, 0, mir_blk(block));
    mir_inst(c->mf, i)->cond = cc;
}

static void
jmp(CgCtx *c, uint32_t block)
{
    mir_emit1(c->mf, X64_JMP, 0, mir_blk(block));
}

static void
sel_compare(CgCtx *c, IrInst i)
{
    uint32_t d = cg_def1(c, i);
    Cond k = emit_compare(c, i);
    x64_setcc(c, k.cc, d);
    if (k.mode) {
        uint32_t t = x64_newv(c, MIR_GP);
        x64_setcc(c, k.cc2, t);
        x64_emit2(c, k.mode == 1 ? X64_AND : X64_OR, 1, mir_reg(t, 1),
              mir_reg(d, 1));
    }
}

/* ---------------------------------------------------------------- branches */

static void
sel_condbr(CgCtx *c, IrInst i)
{
    uint32_t lt = cg_edge_target(c, i, 0), lf = cg_edge_target(c, i, 1);
    Cond k = emit_cond(c, ir_inst_arg(c->irf, i, 0));
    if (k.mode == 0) {
        jcc(c, k.cc, lt);
        jmp(c, lf);
    } else if (k.mode == 1) {
        jcc(c, k.cc ^ 1, lf);
        jcc(c, k.cc2 ^ 1, lf);
        jmp(c, lt);
    } else {
        jcc(c, k.cc, lt);
        jcc(c, k.cc2, lt);
        jmp(c, lf);
    }
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
    Cond k = emit_cond(c, ir_inst_arg(f, i, 0));
    const uint32_t *rd0 = cg_define(c, ir_inst_result(f, i), &nd);
    uint32_t *rd = xmalloc((nd + 1) * sizeof *rd);
    memcpy(rd, rd0, nd * sizeof *rd);
    for (uint32_t q = 0; q < nd; q++) {
        bool fp = mir_vreg(c->mf, rd[q])->cls == MIR_FP;
        uint32_t x = ra[q], y = rb[q], d = fp ? x64_newv(c, MIR_GP) : rd[q];
        if (fp) {
            uint32_t gx = x64_newv(c, MIR_GP), gy = x64_newv(c, MIR_GP);
            x64_emit2(c, X64_MOVXG, 8, x64_reg(x), x64_reg(gx));
            x64_emit2(c, X64_MOVXG, 8, x64_reg(y), x64_reg(gy));
            x = gx;
            y = gy;
        }
        if (k.mode == 0) {
            x64_move(c, MIR_GP, y, d);
            cmov(c, k.cc, x, d);
        } else if (k.mode == 1) {
            x64_move(c, MIR_GP, x, d);
            cmov(c, k.cc ^ 1, y, d);
            cmov(c, k.cc2 ^ 1, y, d);
        } else {
            x64_move(c, MIR_GP, y, d);
            cmov(c, k.cc, x, d);
            cmov(c, k.cc2, x, d);
        }
        if (fp)
            x64_emit2(c, X64_MOVGX, 8, x64_reg(d), x64_reg(rd[q]));
    }
    free(ra), free(rb), free(rd);
}

/* ---------------------------------------------------------------- ALU */

/* Whether ALU instruction d will probably be absorbed by its one user
 * rather than selected on its own: an iadd feeding another iadd of the
 * block (both become one lea), an and compared against 0 (a test).
 * Only a hint for folded_load, which then keeps the load separate so
 * that the absorbing form reads a register: the guarantee that a
 * folded load is never lost is reads_folded_load, checked by every
 * fusion that absorbs an instruction. */
static bool
absorbed_likely(CgCtx *c, IrInst d)
{
    IrFunc *f = c->irf;
    IrOpcode op = ir_inst_op(f, d);
    if (op != IR_OP_IADD && op != IR_OP_AND)
        return false;
    IrInst u = cg_only_user(c, ir_inst_result(f, d));
    if (!u.id)
        return false;
    IrOpcode uop = ir_inst_op(f, u);
    if (op == IR_OP_IADD)
        return uop == IR_OP_IADD &&
               ir_layout_inst_block(f, u).id == ir_layout_inst_block(f, d).id;
    int64_t k;
    return uop == IR_OP_ICMP &&
           ((cg_const_of(c, ir_inst_arg(f, u, 1), &k) && k == 0) ||
            (cg_const_of(c, ir_inst_arg(f, u, 0), &k) && k == 0));
}

/* A load whose only user is the ALU instruction right after it (no
 * store or call in between, at most 16 instructions away), as that
 * user's second operand (or first, of a commutative op, see below): the
 * user reads memory directly and the load emits nothing.  i32, i64 and
 * floats only, so the access width is unchanged. */
static bool
folded_load(CgCtx *c, IrInst ld, IrInst user)
{
    IrFunc *f = c->irf;
    IrInstData *ldd = ir_inst(f, ld);
    if (ldd->op != IR_OP_LOAD || (ldd->flags & IR_INSTF_VOLATILE) ||
        (ldd->ty.id != IR_TY_I32 && ldd->ty.id != IR_TY_I64 &&
         !ir_type_is_float(ldd->ty)))
        return false;
    IrValue v = ir_inst_result(f, ld);
    if (ir_uses_count(&c->uses, v) != 1)
        return false;
    IrUse u = c->uses.uses[c->uses.start[v.id]];
    if (user.id && u.inst.id != user.id)
        return false;
    IrInstData *ud = ir_inst(f, u.inst);
    switch (ud->op) {
    case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR: case IR_OP_IADD:
    case IR_OP_ISUB: case IR_OP_IMUL:
        break;
    case IR_OP_FADD: case IR_OP_FSUB: case IR_OP_FMUL: case IR_OP_FDIV:
        if (c->opt->optlevel > 0)   /* -O0 selects plainly */
            break;
        return false;
    default:
        return false;
    }
    int64_t k;
    bool commutes = ir_op_info[ud->op].flags & IR_OPF_COMMUTES;
    if (u.slot == ud->args) {
        /* The first operand of a commutative op, which then swaps,
         * when the second is neither a constant nor a load folded
         * there (t = x * dt; s = load p; s + t: addsd (p), t).  Above
         * -O0 only, like the float folds. */
        IrValue o = ir_inst_arg(f, u.inst, 1);
        IrInst ol = cg_def_of(c, o);
        if (!commutes || c->opt->optlevel == 0 || o.id == v.id ||
            cg_const_of(c, o, &k) || (ol.id && folded_load(c, ol, u.inst)))
            return false;
    } else {
        IrValue a = ir_inst_arg(f, u.inst, 0);
        if (u.slot != ud->args + 1 || a.id == v.id ||
            (commutes && cg_const_of(c, a, &k) && x64_fits32(k)))
            return false;
    }
    if (absorbed_likely(c, u.inst))
        return false;
    IrInst x = ir_layout_next_inst(f, ld);
    for (int n = 0; x.id && n < 16; n++, x = ir_layout_next_inst(f, x)) {
        if (x.id == u.inst.id)
            return true;
        if (ir_op_info[ir_inst(f, x)->op].flags &
            (IR_OPF_WRITES_MEM | IR_OPF_CALL))
            return false;
    }
    return false;
}

/* Whether an operand of d is a load folded into d as its memory
 * operand.  Such a d must be selected as an instruction of its own: a
 * fusion that absorbs d into its user (an address mode, lea, test)
 * reads d's operands from registers, and the folded load emits nothing,
 * so the value would be lost (issue 15). */
static bool
reads_folded_load(CgCtx *c, IrInst d)
{
    IrFunc *f = c->irf;
    uint32_t n = ir_inst(f, d)->nargs;
    for (uint32_t k = 0; k < n && k < 2; k++) {
        IrInst l = cg_def_of(c, ir_inst_arg(f, d, k));
        if (l.id && folded_load(c, l, d))
            return true;
    }
    return false;
}

/* Whether the first operand of i is the folded load (i commutes). */
static bool
loaded_first(CgCtx *c, IrInst i)
{
    IrInst la = cg_def_of(c, ir_inst_arg(c->irf, i, 0));
    return la.id && folded_load(c, la, i) &&
           ir_inst_arg(c->irf, i, 0).id != ir_inst_arg(c->irf, i, 1).id;
}

/*
 * A read-modify-write, `store (op (load p), x), p`, in one block, the
 * load and the op used only there and nothing writing memory between
 * the load and the store: one `op x, (p)` (count[k]++ in a histogram).
 * Above -O0 only: -O0 selects instructions one by one, as llc's FastISel
 * does (so do float memory operands below).
 * Returns the op, with *ld the load, for the store st; else 0.  The load
 * and the op then select to nothing, and the store to the op.
 */
static IrInst
rmw_op(CgCtx *c, IrInst st, IrInst *ld)
{
    IrFunc *f = c->irf;
    IrInstData *sd = ir_inst(f, st);
    if (c->opt->optlevel == 0 ||     /* -O0 selects plainly */
        sd->op != IR_OP_STORE || (sd->flags & IR_INSTF_VOLATILE) ||
        (sd->ty.id != IR_TY_I32 && sd->ty.id != IR_TY_I64))
        return (IrInst){0};
    IrValue v = ir_inst_arg(f, st, 0), p = ir_inst_arg(f, st, 1);
    IrInst d = cg_def_of(c, v);
    IrBlock b = ir_layout_inst_block(f, st);
    if (!d.id || cg_only_user(c, v).id != st.id ||
        ir_layout_inst_block(f, d).id != b.id)
        return (IrInst){0};
    IrOpcode op = ir_inst_op(f, d);
    if (op != IR_OP_IADD && op != IR_OP_ISUB && op != IR_OP_AND &&
        op != IR_OP_OR && op != IR_OP_XOR)
        return (IrInst){0};
    for (uint32_t k = 0; k < 2; k++) {
        if (k == 1 && op == IR_OP_ISUB)
            break;
        IrValue lv = ir_inst_arg(f, d, k), x = ir_inst_arg(f, d, 1 - k);
        IrInst l = cg_def_of(c, lv), xl = cg_def_of(c, x);
        /* (x loaded for d as its memory operand: that instruction has
         * no room for a second one, and x's load selects to nothing) */
        if (xl.id && folded_load(c, xl, d))
            continue;
        if (!l.id || lv.id == x.id || ir_inst_op(f, l) != IR_OP_LOAD ||
            (ir_inst(f, l)->flags & IR_INSTF_VOLATILE) ||
            !ir_type_eq(ir_inst(f, l)->ty, sd->ty) ||
            ir_inst_arg(f, l, 0).id != p.id ||
            cg_only_user(c, lv).id != d.id ||
            ir_layout_inst_block(f, l).id != b.id)
            continue;
        IrInst y = ir_layout_next_inst(f, l);
        for (int n = 0; y.id && y.id != st.id && n < 16;
             n++, y = ir_layout_next_inst(f, y))
            if (ir_op_info[ir_inst(f, y)->op].flags &
                (IR_OPF_WRITES_MEM | IR_OPF_CALL))
                break;
        if (y.id != st.id)
            continue;
        *ld = l;
        return d;
    }
    return (IrInst){0};
}

/* Whether instruction i (a load or an op) is part of a read-modify-write
 * that its store emits. */
static bool
in_rmw(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInst u = cg_only_user(c, ir_inst_result(f, i)), ld;
    if (u.id && ir_inst_op(f, u) != IR_OP_STORE)
        u = cg_only_user(c, ir_inst_result(f, u));
    if (!u.id || ir_inst_op(f, u) != IR_OP_STORE)
        return false;
    IrInst d = rmw_op(c, u, &ld);
    return d.id && (d.id == i.id || ld.id == i.id);
}

static void
sel_rmw(CgCtx *c, IrInst st, IrInst d, IrInst ld)
{
    IrFunc *f = c->irf;
    IrValue x = ir_inst_arg(f, d, ir_inst_arg(f, d, 0).id ==
                                      ir_inst_result(f, ld).id);
    uint8_t sz = cg_tsize(ir_inst(f, st)->ty);
    uint16_t op;
    switch (ir_inst_op(f, d)) {
    case IR_OP_IADD: op = X64_ADD; break;
    case IR_OP_ISUB: op = X64_SUB; break;
    case IR_OP_AND: op = X64_AND; break;
    case IR_OP_OR: op = X64_OR; break;
    default: op = X64_XOR; break;
    }
    MirOpnd ob = rimm(c, x, NULL);
    ob.size = ob.kind == MO_REG ? sz : ob.size;
    x64_emit2(c, op, sz, ob,
              x64_mem_at(addr_of(c, ir_inst_arg(f, st, 1)), 0, sz));
}

/* base + index * scale + disp: an x86 address, for lea and memory
 * operands. */
typedef struct {
    uint32_t base, index;   /* vregs, 0: none */
    uint8_t scale;
    int64_t disp;
} Am;

enum { AM_DEPTH = 4 };

/* The instruction defining v if it may be folded into a user in block
 * b: v's only use, in the same block (folding an instruction from a
 * preheader into a loop would repeat it every iteration). */
static IrInst
foldable_def(CgCtx *c, IrValue v, IrBlock b)
{
    IrInst d = cg_def_of(c, v);
    if (!d.id || ir_uses_count(&c->uses, v) != 1 ||
        ir_layout_inst_block(c->irf, d).id != b.id ||
        reads_folded_load(c, d))
        return (IrInst){0};
    return d;
}

/* For `shl x, 1..3` and `imul x, 2/3/4/5/8/9`: the multiplier, with
 * *x the other operand; else 0. */
static int64_t
scaled(CgCtx *c, IrInst d, IrValue *x)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, d);
    if (id->op != IR_OP_SHL && id->op != IR_OP_IMUL)
        return 0;       /* other operations may have fewer operands */
    IrValue a = ir_inst_arg(f, d, 0), b = ir_inst_arg(f, d, 1);
    int64_t k;
    if (id->op == IR_OP_IMUL && cg_const_of(c, a, &k)) {
        IrValue t = a;
        a = b;
        b = t;
    }
    if (!cg_const_of(c, b, &k))
        return 0;
    *x = a;
    if (id->op == IR_OP_SHL && k >= 1 && k <= 3)
        return (int64_t)1 << k;
    if (id->op == IR_OP_IMUL && (k == 2 || k == 3 || k == 4 || k == 5 ||
                                 k == 8 || k == 9))
        return k;
    return 0;
}

/* Adds integer value v (of the width being computed) to am, folding
 * constants, iadd trees and small multiplications whose results have
 * no other use, as LLVM's X86 matchAddress does.  False (am unchanged)
 * when v does not fit in what is left of am. */
static bool
am_match(CgCtx *c, Am *am, IrValue v, IrBlock b, int depth)
{
    IrFunc *f = c->irf;
    int64_t k;
    if (cg_const_of(c, v, &k) && x64_fits32(k) && x64_fits32(am->disp + k)) {
        am->disp += k;
        return true;
    }
    IrInst d = depth < AM_DEPTH ? foldable_def(c, v, b) : (IrInst){0};
    if (d.id && ir_inst(f, d)->op == IR_OP_IADD) {
        Am save = *am;
        if (am_match(c, am, ir_inst_arg(f, d, 0), b, depth + 1) &&
            am_match(c, am, ir_inst_arg(f, d, 1), b, depth + 1))
            return true;
        *am = save;
    } else if (d.id) {
        IrValue x;
        int64_t m = scaled(c, d, &x);
        if ((m == 2 || m == 4 || m == 8) && !am->index) {
            am->index = x64_R(c, x);
            am->scale = (uint8_t)m;
            return true;
        }
        if ((m == 3 || m == 5 || m == 9) && !am->base && !am->index) {
            am->base = am->index = x64_R(c, x);
            am->scale = (uint8_t)(m - 1);
            return true;
        }
    }
    if (!am->base) {
        am->base = x64_R(c, v);
        return true;
    }
    if (!am->index) {
        am->index = x64_R(c, v);
        am->scale = 1;
        return true;
    }
    return false;
}

/* d = am, as lea (or a constant move when am is only a displacement). */
static void
emit_lea(CgCtx *c, const Am *am, uint8_t sz, uint32_t d)
{
    if (!am->base && !am->index) {
        x64_emit2(c, X64_MOVI, sz, mir_imm(am->disp), mir_reg(d, sz));
        return;
    }
    MirOpnd m = mir_mem(MB_REG, am->base, am->disp, 8);
    m.index = am->index;
    m.scale = am->index ? am->scale : 1;
    x64_emit2(c, X64_LEA, sz, m, mir_reg(d, sz));
}

/* The constant amount of `shift x, k` by opcode op, with *x; else -1. */
static int64_t
shift_by(CgCtx *c, IrValue v, IrOpcode op, IrValue *x)
{
    IrInst d = cg_def_of(c, v);
    int64_t k;
    if (!d.id || ir_inst(c->irf, d)->op != op ||
        !cg_const_of(c, ir_inst_arg(c->irf, d, 1), &k))
        return -1;
    *x = ir_inst_arg(c->irf, d, 0);
    return k;
}

/* (x << k) op (x >> (w - k)) with op |, ^ or + (the two shifts' bits
 * are disjoint) is a rotation: rol $k, as LLVM matches rotl.  The
 * shifts are left to mir_dce when nothing else reads them. */
static bool
sel_rotate(CgCtx *c, IrInst i, IrValue a, IrValue b)
{
    IrInstData *id = ir_inst(c->irf, i);
    unsigned w = ir_type_bits(id->ty);
    if (id->op != IR_OP_OR && id->op != IR_OP_XOR && id->op != IR_OP_IADD)
        return false;
    if (w != 32 && w != 64)
        return false;
    IrValue x, y;
    int64_t k = shift_by(c, a, IR_OP_SHL, &x);
    int64_t r = shift_by(c, b, IR_OP_LSHR, &y);
    if (k < 0 || r < 0) {
        k = shift_by(c, b, IR_OP_SHL, &x);
        r = shift_by(c, a, IR_OP_LSHR, &y);
    }
    if (k <= 0 || r <= 0 || k + r != (int64_t)w || x.id != y.id)
        return false;
    uint8_t sz = (uint8_t)(w / 8);
    uint32_t d = cg_def1(c, i);
    x64_emit2(c, X64_MOV, sz, mir_reg(x64_R(c, x), sz), mir_reg(d, sz));
    x64_emit2(c, X64_ROL, sz, mir_imm(k), mir_reg(d, sz));
    return true;
}

/* x & 0xff, 0xffff or 0xffffffff is a zero extension: movzbl, movzwl,
 * movl, which need not share a register with x. */
static bool
sel_mask(CgCtx *c, IrInst i, IrValue a, IrValue b)
{
    IrInstData *id = ir_inst(c->irf, i);
    int64_t k;
    if (id->op != IR_OP_AND || !cg_const_of(c, b, &k))
        return false;
    unsigned w = ir_type_bits(id->ty);
    uint64_t m = w < 64 ? (uint64_t)k & ((UINT64_C(1) << w) - 1)
                        : (uint64_t)k;
    uint8_t fs = m == 0xff ? 1 : m == 0xffff ? 2 :
                 m == 0xffffffff && w == 64 ? 4 : 0;
    if (!fs)
        return false;
    x64_emitx(c, X64_MOVZX, fs == 4 ? 8 : 4, fs,
              mir_reg(x64_R(c, a), fs), x64_reg(cg_def1(c, i)));
    return true;
}

static void
sel_intbin(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    uint8_t sz = x64_asize(id->ty);
    int64_t k;
    if ((ir_op_info[id->op].flags & IR_OPF_COMMUTES) &&
        cg_const_of(c, a, &k) && x64_fits32(k)) {
        IrValue t = a;
        a = b;
        b = t;
    }
    if (loaded_first(c, i)) {
        IrValue t = a;
        a = b;
        b = t;
    }
    if (sel_rotate(c, i, a, b) || sel_mask(c, i, a, b))
        return;
    bool bi = false;
    MirOpnd ob;
    IrInst ld = cg_def_of(c, b);
    bool mem = ld.id && folded_load(c, ld, i);
    if (mem)
        ob = x64_mem_at(addr_of(c, ir_inst_arg(f, ld, 0)), 0, sz);
    else
        ob = rimm(c, b, &bi);
    uint32_t d;
    if (id->op == IR_OP_IADD && !mem) {
        Am am = {0};
        IrBlock blk = ir_layout_inst_block(f, i);
        if (!am_match(c, &am, a, blk, 1) || !am_match(c, &am, b, blk, 1)) {
            /* a whole as the base; b may still fold as a scaled index
             * (a + (x << 2)), and with the index free it always fits */
            am = (Am){.base = x64_R(c, a)};
            am_match(c, &am, b, blk, 1);
        }
        emit_lea(c, &am, sz, cg_def1(c, i));
        return;
    }
    if (id->op == IR_OP_IMUL && bi && (ob.imm == 3 || ob.imm == 5 ||
                                       ob.imm == 9)) {
        uint32_t ra = x64_R(c, a);
        Am am = {ra, ra, (uint8_t)(ob.imm - 1), 0};
        emit_lea(c, &am, sz, cg_def1(c, i));
        return;
    }
    uint32_t ra = x64_R(c, a);
    d = cg_def1(c, i);
    uint16_t op;
    switch (id->op) {
    case IR_OP_IADD: op = X64_ADD; break;
    case IR_OP_AND: op = X64_AND; break;
    case IR_OP_OR: op = X64_OR; break;
    case IR_OP_XOR: op = X64_XOR; break;
    case IR_OP_ISUB: op = X64_SUB; break;
    case IR_OP_IMUL: op = X64_IMUL; break;
    default: CG_BUG("intbin");
    }
    x64_emit2(c, X64_MOV, sz, mir_reg(ra, sz), mir_reg(d, sz));
    if (ob.kind == MO_REG && a.id == b.id)
        ob = mir_reg(d, sz);    /* x op x: as for floats */
    x64_emit2(c, op, sz, ob, mir_reg(d, sz));
}

static void
sel_shift(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrValue a = ir_inst_arg(f, i, 0), b = ir_inst_arg(f, i, 1);
    uint8_t ts = cg_tsize(id->ty), sz = x64_asize(id->ty);
    unsigned w = ir_type_bits(id->ty);
    uint32_t ra = x64_R(c, a);
    uint32_t d = cg_def1(c, i);
    uint16_t op = id->op == IR_OP_SHL ? X64_SHL :
                  id->op == IR_OP_LSHR ? X64_SHR : X64_SAR;
    if (ts < 4 && id->op != IR_OP_SHL)
        x64_emitx(c, id->op == IR_OP_LSHR ? X64_MOVZX : X64_MOVSX, 4, ts,
              mir_reg(ra, ts), mir_reg(d, 4));
    else
        x64_emit2(c, X64_MOV, sz, mir_reg(ra, sz), mir_reg(d, sz));
    int64_t k;
    if (cg_const_of(c, b, &k)) {
        x64_emit2(c, op, sz, mir_imm(k & (w - 1)), mir_reg(d, sz));
        return;
    }
    x64_emit2(c, X64_MOV, 4, mir_reg(x64_R(c, b), 4), mir_reg(RCX, 4));
    x64_emit2(c, op, sz, mir_reg(RCX, 1), mir_reg(d, sz));
}


static uint32_t
fconst(CgCtx *c, uint8_t sz, uint64_t bits, uint32_t d)
{
    uint32_t k = mir_const_new(c->mf, sz, bits, 0);
    x64_emit2(c, X64_FLDC, sz, mir_mem(MB_CONST, k, 0, sz), x64_reg(d));
    return d;
}

static void
sel_fbin(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    uint8_t sz = cg_tsize(id->ty);
    IrValue a = ir_inst_arg(f, i, 0);
    if (id->op == IR_OP_FNEG) {
        uint64_t mask = sz == 4 ? UINT64_C(0x80000000) : UINT64_C(1) << 63;
        uint32_t k = mir_const_new(c->mf, 16, mask, 0);
        uint32_t d = cg_def1(c, i);
        x64_move(c, MIR_FP, x64_R(c, a), d);
        x64_emit2(c, X64_XORPS, 16, mir_mem(MB_CONST, k, 0, 16), x64_reg(d));
        return;
    }
    IrValue b = ir_inst_arg(f, i, 1);
    if (id->op == IR_OP_FREM) {
        MirOpnd o[3] = {x64_reg(x64_R(c, a)), x64_reg(x64_R(c, b)),
                        x64_reg(cg_def1(c, i))};
        mir_emit(c->mf, X64_FPREM, sz, o, 3);
        return;
    }
    uint16_t op = id->op == IR_OP_FADD ? X64_ADDS :
                  id->op == IR_OP_FSUB ? X64_SUBS :
                  id->op == IR_OP_FMUL ? X64_MULS : X64_DIVS;
    /* a load used only here is the memory operand (addsd (p), x) */
    if (loaded_first(c, i)) {
        IrValue t = a;
        a = b;
        b = t;
    }
    IrInst ld = cg_def_of(c, b);
    MirOpnd ob = ld.id && folded_load(c, ld, i)
        ? x64_mem_at(addr_of(c, ir_inst_arg(f, ld, 0)), 0, sz)
        : x64_reg(x64_R(c, b));
    uint32_t ra = x64_R(c, a), d = cg_def1(c, i);
    x64_emit2(c, X64_MOVS, sz, x64_reg(ra), x64_reg(d));
    /* x op x reads the copy, so that x may end at the copy and share
     * its register (mulsd %xmm0, %xmm0 for a square) */
    if (ob.kind == MO_REG && a.id == b.id)
        ob = x64_reg(d);
    x64_emit2(c, op, sz, ob, x64_reg(d));
}

/* ---------------------------------------------------------------- casts */

static void
sel_cast(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    IrType to = id->ty, from = id->ty2;
    IrValue a = ir_inst_arg(f, i, 0);
    uint8_t ts = cg_tsize(to), fs = cg_tsize(from);
    uint32_t ra = x64_R(c, a);
    IrValue res = ir_inst_result(f, i);
    switch (id->op) {
    case IR_OP_TRUNC:
    case IR_OP_PTOI:
        cg_bind(c, res, &ra, 1);
        return;
    case IR_OP_ITOP:
    case IR_OP_ZEXT:
        if (fs == 8) {
            cg_bind(c, res, &ra, 1);
            return;
        }
        x64_emitx(c, X64_MOVZX, fs == 4 ? 8 : 4, fs, mir_reg(ra, fs),
              x64_reg(cg_def1(c, i)));
        return;
    case IR_OP_SEXT:
        x64_emitx(c, X64_MOVSX, ts == 8 ? 8 : 4, fs, mir_reg(ra, fs),
              x64_reg(cg_def1(c, i)));
        return;
    case IR_OP_BTOI:
        x64_emitx(c, X64_MOVZX, 4, 1, mir_reg(ra, 1), x64_reg(cg_def1(c, i)));
        return;
    case IR_OP_ITOB: {
        x64_emit2(c, X64_TEST, fs, mir_reg(ra, fs), mir_reg(ra, fs));
        x64_setcc(c, CC_NE, cg_def1(c, i));
        return;
    }
    case IR_OP_FEXT:
    case IR_OP_FTRUNC:
        x64_emit2(c, X64_CVTF2F, ts, x64_reg(ra), x64_reg(cg_def1(c, i)));
        return;
    case IR_OP_SITOF: {
        uint32_t s = ra;
        if (fs < 4) {
            s = x64_newv(c, MIR_GP);
            x64_emitx(c, X64_MOVSX, 4, fs, mir_reg(ra, fs), x64_reg(s));
        }
        x64_emitx(c, X64_CVTI2F, ts, fs < 4 ? 4 : fs, x64_reg(s),
                  x64_reg(cg_def1(c, i)));
        return;
    }
    case IR_OP_UITOF: {
        if (fs < 8) {
            uint32_t s = x64_newv(c, MIR_GP);
            x64_emitx(c, X64_MOVZX, fs == 4 ? 8 : 4, fs, mir_reg(ra, fs),
                      x64_reg(s));
            x64_emitx(c, X64_CVTI2F, ts, fs == 4 ? 8 : 4, x64_reg(s),
                  x64_reg(cg_def1(c, i)));
            return;
        }
        /* u64: convert (a >> 1 | a & 1) and double it when a's top
         * bit is set, selected without a branch */
        uint32_t h = x64_newv(c, MIR_GP), l = x64_newv(c, MIR_GP);
        x64_emit2(c, X64_MOV, 8, x64_reg(ra), x64_reg(h));
        x64_emit2(c, X64_SHR, 8, mir_imm(1), x64_reg(h));
        x64_emit2(c, X64_MOV, 8, x64_reg(ra), x64_reg(l));
        x64_emit2(c, X64_AND, 8, mir_imm(1), x64_reg(l));
        x64_emit2(c, X64_OR, 8, x64_reg(l), x64_reg(h));
        uint32_t f2 = x64_newv(c, MIR_FP), f1 = x64_newv(c, MIR_FP);
        x64_emitx(c, X64_CVTI2F, ts, 8, x64_reg(h), x64_reg(f2));
        x64_emit2(c, X64_ADDS, ts, x64_reg(f2), x64_reg(f2));
        x64_emitx(c, X64_CVTI2F, ts, 8, x64_reg(ra), x64_reg(f1));
        uint32_t g1 = x64_newv(c, MIR_GP), g2 = x64_newv(c, MIR_GP);
        x64_emit2(c, X64_MOVXG, 8, x64_reg(f1), x64_reg(g1));
        x64_emit2(c, X64_MOVXG, 8, x64_reg(f2), x64_reg(g2));
        x64_emit2(c, X64_TEST, 8, x64_reg(ra), x64_reg(ra));
        cmov(c, CC_S, g2, g1);
        x64_emit2(c, X64_MOVGX, 8, x64_reg(g1), x64_reg(cg_def1(c, i)));
        return;
    }
    case IR_OP_FTOSI:
        x64_emitx(c, X64_CVTF2I, ts == 8 ? 8 : 4, fs, x64_reg(ra),
                  x64_reg(cg_def1(c, i)));
        return;
    case IR_OP_FTOUI: {
        if (ts < 8) {
            x64_emitx(c, X64_CVTF2I, ts == 4 ? 8 : 4, fs, x64_reg(ra),
                  x64_reg(cg_def1(c, i)));
            return;
        }
        /* r1 = cvt(a) is right below 2^63 and 1 << 63 above it, where
         * r2 = cvt(a - 2^63) has the low bits: r1 | (r2 & (r1 >> 63)) */
        uint32_t d = cg_def1(c, i);
        x64_emitx(c, X64_CVTF2I, 8, fs, x64_reg(ra), x64_reg(d));
        uint32_t t = x64_newv(c, MIR_FP), r2 = x64_newv(c, MIR_GP);
        uint32_t s = x64_newv(c, MIR_GP), k = x64_newv(c, MIR_FP);
        fconst(c, fs, fs == 4 ? 0x5F000000 : UINT64_C(0x43E0000000000000), k);
        x64_emit2(c, X64_MOVS, fs, x64_reg(ra), x64_reg(t));
        x64_emit2(c, X64_SUBS, fs, x64_reg(k), x64_reg(t));
        x64_emitx(c, X64_CVTF2I, 8, fs, x64_reg(t), x64_reg(r2));
        x64_emit2(c, X64_MOV, 8, x64_reg(d), x64_reg(s));
        x64_emit2(c, X64_SAR, 8, mir_imm(63), x64_reg(s));
        x64_emit2(c, X64_AND, 8, x64_reg(r2), x64_reg(s));
        x64_emit2(c, X64_OR, 8, x64_reg(s), x64_reg(d));
        return;
    }
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
        cg_def_lazy(c, i, X64_MOVI, id->ty.id == IR_TY_I64 ? 8 : 4,
                    mir_imm(k));
        return;
    }
    case IR_OP_BCONST:
        cg_def_lazy(c, i, X64_MOVI, 4, mir_imm(id->imm ? 1 : 0));
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
                x64_emit2(c, X64_MOVI, 4, mir_imm(0), x64_reg(r[k]));
        }
        free(r);
        free(lv);
        return;
    }
    }
}

void
x64_isel_inst(CgCtx *c, IrInst i)
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
        cg_def_lazy(c, i, X64_LEAR, 8,
                    mir_mem(MB_FRAME, c->slotobj[id->imm], 0, 8));
        return;
    case IR_OP_GLOBALADDR:
        if (cg_sym_is_local(c, (uint32_t)id->imm))
            cg_def_lazy(c, i, X64_LEAR, 8,
                        mir_mem(MB_SYM, (uint32_t)id->imm, 0, 8));
        else
            cg_def_lazy(c, i, X64_MOVGOT, 8,
                        mir_mem(MB_GOT, (uint32_t)id->imm, 0, 8));
        return;
    case IR_OP_AND: case IR_OP_OR: case IR_OP_XOR: case IR_OP_IADD:
    case IR_OP_ISUB: case IR_OP_IMUL:
        if (!in_rmw(c, i))
            sel_intbin(c, i);
        return;
    case IR_OP_SHL: case IR_OP_LSHR: case IR_OP_ASHR:
        sel_shift(c, i);
        return;
    case IR_OP_SDIV: case IR_OP_UDIV: case IR_OP_SREM: case IR_OP_UREM:
        x64_sel_div(c, i);
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
        mir_emit1(c->mf, X64_SUBSP, 8, mir_imm((int64_t)sz));
        x64_emit2(c, X64_LEA, 8, mir_mem(MB_DYNTOP, 0, 0, 8),
                  x64_reg(cg_def1(c, i)));
        c->mf->has_alloca = true;
        return;
    }
    case IR_OP_LOAD:
        if (folded_load(c, i, (IrInst){0}) || in_rmw(c, i) ||
            cmp_load(c, i))
            return;
        x64_load_value(c, res, id->ty, addr_of(c, ir_inst_arg(f, i, 0)),
                   id->flags & IR_INSTF_VOLATILE);
        return;
    case IR_OP_STORE: {
        IrInst ld, d = rmw_op(c, i, &ld);
        if (d.id) {
            sel_rmw(c, i, d, ld);
            return;
        }
        x64_store_value(c, ir_inst_arg(f, i, 0), id->ty,
                    addr_of(c, ir_inst_arg(f, i, 1)));
        return;
    }
    case IR_OP_OFFSET: {
        IrValue p = ir_inst_arg(f, i, 0), ix = ir_inst_arg(f, i, 1);
        uint64_t esz = ir_type_size(m, id->ty);
        uint32_t rp = x64_R(c, p), d;
        int64_t k;
        /* Both factors within 32 bits: the product cannot overflow. */
        if (cg_const_of(c, ix, &k) && esz <= INT32_MAX && x64_fits32(k) &&
            x64_fits32(k * (int64_t)esz)) {
            x64_emit2(c, X64_LEA, 8, mir_mem(MB_REG, rp, k * (int64_t)esz, 8),
                  x64_reg(cg_def1(c, i)));
            return;
        }
        uint8_t is = cg_tsize(id->ty2);
        uint32_t x = x64_R(c, ix);
        if (is < 8) {
            uint32_t t = x64_newv(c, MIR_GP);
            x64_emitx(c, X64_MOVSX, 8, is, mir_reg(x, is), x64_reg(t));
            x = t;
        }
        uint8_t scale = 1;
        if (esz == 1 || esz == 2 || esz == 4 || esz == 8) {
            scale = (uint8_t)esz;
        } else {
            uint32_t t = x64_newv(c, MIR_GP);
            x64_move(c, MIR_GP, x, t);
            if (esz && !(esz & (esz - 1))) {
                int sh = 0;
                while (((uint64_t)1 << sh) != esz)
                    sh++;
                x64_emit2(c, X64_SHL, 8, mir_imm(sh), x64_reg(t));
            } else if (esz <= INT32_MAX) {
                x64_emit2(c, X64_IMUL, 8, mir_imm((int64_t)esz), x64_reg(t));
            } else {
                uint32_t s = x64_newv(c, MIR_GP);
                x64_emit2(c, X64_MOVI, 8, mir_imm((int64_t)esz), x64_reg(s));
                x64_emit2(c, X64_IMUL, 8, x64_reg(s), x64_reg(t));
            }
            x = t;
        }
        d = cg_def1(c, i);
        MirOpnd mm = mir_mem(MB_REG, rp, 0, 8);
        mm.index = x;
        mm.scale = scale;
        x64_emit2(c, X64_LEA, 8, mm, x64_reg(d));
        return;
    }
    case IR_OP_ELEMPTR: {
        uint64_t off = ir_type_offset(m, id->ty, id->imm);
        uint32_t rp = x64_R(c, ir_inst_arg(f, i, 0)), d = cg_def1(c, i);
        if (off <= INT32_MAX) {
            x64_emit2(c, X64_LEA, 8, mir_mem(MB_REG, rp, (int64_t)off, 8),
                      x64_reg(d));
        } else {
            x64_emit2(c, X64_MOVI, 8, mir_imm((int64_t)off), x64_reg(d));
            x64_emit2(c, X64_ADD, 8, x64_reg(rp), x64_reg(d));
        }
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
