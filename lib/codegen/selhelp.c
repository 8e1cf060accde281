/*
 * selhelp.c - target-neutral pieces of instruction selection, shared by
 * every target's isel: what defines a value, integer constants, single
 * users, compares fused into their branches, how a symbol is reached
 * under the relocation model, aggregate leaf bookkeeping for extract and
 * insert, and the magic numbers of division by a constant.
 */
#include "cg.h"

#include <string.h>

IrInst
cg_def_of(CgCtx *c, IrValue v)
{
    IrValueData *vd = ir_value(c->irf, v);
    return vd->kind == IR_VAL_INST ? (IrInst){vd->def} : (IrInst){0};
}

bool
cg_const_of(CgCtx *c, IrValue v, int64_t *out)
{
    IrInst d = cg_def_of(c, v);
    if (!d.id)
        return false;
    IrInstData *id = ir_inst(c->irf, d);
    IrType t = ir_value_type(c->irf, v);
    if (!ir_type_is_scalar(t) || ir_type_is_float(t))
        return false;
    if (id->op == IR_OP_BCONST || t.id == IR_TY_BOOL) {
        *out = id->op == IR_OP_BCONST && id->imm;
        return id->op == IR_OP_BCONST || id->op == IR_OP_NULL ||
               id->op == IR_OP_UNDEF;
    }
    if (id->op == IR_OP_ICONST) {
        unsigned w = ir_type_bits(t);
        uint64_t x = id->imm;
        if (w < 64)
            x = (x & ((UINT64_C(1) << w) - 1)) ^ (UINT64_C(1) << (w - 1));
        *out = w < 64 ? (int64_t)x - (int64_t)(UINT64_C(1) << (w - 1))
                      : (int64_t)x;
        return true;
    }
    if (id->op == IR_OP_NULL || id->op == IR_OP_UNDEF) {
        *out = 0;
        return true;
    }
    return false;
}

uint8_t
cg_tsize(IrType t)
{
    switch (t.id) {
    case IR_TY_BOOL: case IR_TY_I8: return 1;
    case IR_TY_I16: return 2;
    case IR_TY_I32: case IR_TY_F32: return 4;
    default: return 8;
    }
}

uint32_t
cg_def1(CgCtx *c, IrInst i)
{
    uint32_t n;
    const uint32_t *r = cg_define(c, ir_inst_result(c->irf, i), &n);
    if (n != 1)
        CG_BUG("def1: not a scalar");
    return r[0];
}

/*
 * Lazy definitions.  A constant or an address is mostly folded by its
 * users (an immediate operand, a memory operand's base), and made into
 * a register eagerly it was a sixth of -O0's MIR, all deleted again by
 * mir_dce.  Its vreg is numbered in place (cg_def1), and its block gets
 * an empty slot (0: nothing reads a block back during isel at -O0, the
 * flags check of cg_fused_cond runs above it) where the instruction
 * goes if a user asks for the register: the MIR after mir_dce is then
 * the same as with eager definitions, but for the instructions' ids
 * (the vregs keep their numbers, unused ones included).  At -O0 only:
 * above it, passes between isel and mir_dce see every definition
 * (AArch64 hoists wide constants, dead ones included) and the DWARF
 * notes a value's definition among its IR instruction's MIR; and not
 * with -print-after (the listing after isel shows them all).
 */
void
cg_def_lazy(CgCtx *c, IrInst i, uint16_t op, uint8_t size, MirOpnd src)
{
    MirFunc *f = c->mf;
    uint32_t d = cg_def1(c, i);
    if (!c->lazy_ok) {
        mir_emit2(f, op, size, src, mir_reg(d, 8));
        return;
    }
    MirBlock *bl = &f->blocks.data[f->cur];
    CgLazyDef z = {.src = src, .loc = f->loc, .block = f->cur,
                   .pos = bl->insts.len, .reg = d, .op = op, .size = size};
    VEC_PUSH(bl->insts, 0);
    VEC_PUSH(c->lazydefs, z);
    c->lazy[ir_inst_result(c->irf, i).id] = c->lazydefs.len;
    c->nlazy++;
}

void
cg_lazy_make(CgCtx *c, IrValue v)
{
    MirFunc *f = c->mf;
    CgLazyDef *z = &c->lazydefs.data[c->lazy[v.id] - 1];
    c->lazy[v.id] = 0;
    c->nlazy--;
    IrLoc loc = f->loc;
    f->loc = z->loc;
    MirOpnd o[2] = {z->src, mir_reg(z->reg, 8)};
    uint32_t in = mir_make(f, z->op, z->size, o, 2);
    f->blocks.data[z->block].insts.data[z->pos] = in;
    f->loc = loc;
    z->reg = 0;
}

void
cg_lazy_drop(CgCtx *c)
{
    MirFunc *f = c->mf;
    /* a block's definitions are contiguous (isel ends a block before
     * the next), so each block with an empty slot is closed once */
    uint32_t last = 0;
    for (uint32_t k = 0; k < c->lazydefs.len && c->nlazy; k++) {
        CgLazyDef *z = &c->lazydefs.data[k];
        if (!z->reg || z->block == last)
            continue;
        last = z->block;
        MirBlock *bl = &f->blocks.data[last];
        uint32_t n = 0;
        for (uint32_t q = 0; q < bl->insts.len; q++)
            if (bl->insts.data[q])
                bl->insts.data[n++] = bl->insts.data[q];
            else
                c->nlazy--;
        bl->insts.len = n;
    }
    c->lazydefs.len = 0;
    c->nlazy = 0;
}

IrPred
cg_pred_mirror(IrPred p)
{
    switch (p) {
    case IR_PRED_UGT: return IR_PRED_ULT;
    case IR_PRED_UGE: return IR_PRED_ULE;
    case IR_PRED_ULT: return IR_PRED_UGT;
    case IR_PRED_ULE: return IR_PRED_UGE;
    case IR_PRED_SGT: return IR_PRED_SLT;
    case IR_PRED_SGE: return IR_PRED_SLE;
    case IR_PRED_SLT: return IR_PRED_SGT;
    case IR_PRED_SLE: return IR_PRED_SGE;
    default: return p;
    }
}

void
cg_leaf_vregs(CgCtx *c, IrValue v, IrType t, bool define, CgLeafRegs *lr)
{
    lr->leaf1 = (CgLeaf){.ty = t};
    lr->lv = &lr->leaf1;
    lr->nl = ir_type_is_scalar(t) ? 1 : cg_leaves(c->m, t, &lr->lv);
    const uint32_t *regs = define ? cg_define(c, v, &lr->n)
                                  : cg_value_regs(c, v, &lr->n);
    lr->rr = lr->n <= 1 ? &lr->reg1 : xmalloc(lr->n * sizeof *lr->rr);
    memcpy(lr->rr, regs, lr->n * sizeof *lr->rr);
}

void
cg_leaf_regs_free(CgLeafRegs *lr)
{
    if (lr->lv != &lr->leaf1)
        free(lr->lv);
    if (lr->rr != &lr->reg1)
        free(lr->rr);
}

void
cg_load_value(CgCtx *c, IrValue v, IrType t, MirOpnd m, bool vol,
              CgLeafLoad load)
{
    CgLeafRegs lr;
    cg_leaf_vregs(c, v, t, true, &lr);
    for (uint32_t k = 0; k < lr.nl; k++) {
        MirOpnd x = m;
        x.imm += (int64_t)lr.lv[k].off;
        x.size = 8;
        uint32_t i = load(c, lr.lv[k].ty, x, lr.rr[k]);
        if (vol)
            mir_inst(c->mf, i)->flags |= MIR_IF_KEEP;
    }
    cg_leaf_regs_free(&lr);
}

void
cg_store_value(CgCtx *c, IrValue v, IrType t, MirOpnd m, CgLeafStore store)
{
    CgLeafRegs lr;
    cg_leaf_vregs(c, v, t, false, &lr);
    for (uint32_t k = 0; k < lr.nl && k < lr.n; k++) {
        MirOpnd x = m;
        x.imm += (int64_t)lr.lv[k].off;
        x.size = 8;
        store(c, lr.lv[k].ty, lr.rr[k], x);
    }
    cg_leaf_regs_free(&lr);
}

void *
cg_tpriv(CgCtx *c, size_t size)
{
    if (!c->tpriv)
        c->tpriv = xcalloc(1, size);
    return c->tpriv;
}

IrInst
cg_only_user(CgCtx *c, IrValue v)
{
    if (ir_uses_count(&c->uses, v) != 1)
        return (IrInst){0};
    return c->uses.uses[c->uses.start[v.id]].inst;
}

static bool
cond_fusable(CgCtx *c, IrValue v)
{
    IrFunc *f = c->irf;
    const IrUses *u = &c->uses;
    for (uint32_t k = u->start[v.id]; k < u->start[v.id + 1]; k++) {
        IrInst ui = u->uses[k].inst;
        IrInstData *ud = ir_inst(f, ui);
        if ((ud->op != IR_OP_CONDBR && ud->op != IR_OP_SEL) ||
            u->uses[k].slot != ud->args)
            return false;
        if (ud->op == IR_OP_SEL) {
            /* the sel's other operands must not be the compare itself */
            if (ir_inst_arg(f, ui, 1).id == v.id ||
                ir_inst_arg(f, ui, 2).id == v.id)
                return false;
        }
    }
    return true;
}

/* Remembered per value: isel asks at each use, and a compare with N
 * uses (gvn merges equal compares) would cost N^2. */
bool
cg_cond_fusable(CgCtx *c, IrValue v)
{
    if (c->fusable[v.id])
        return c->fusable[v.id] == 2;
    bool ok = cond_fusable(c, v);
    c->fusable[v.id] = ok ? 2 : 1;
    return ok;
}

/* Whether the flags still hold compare v: it was emitted last in this
 * block, and nothing since writes the flags. */
static bool
flags_hold(CgCtx *c, const CgFlags *fl, IrValue v)
{
    MirFunc *f = c->mf;
    if (fl->val != v.id || fl->block != f->cur)
        return false;
    MirBlock *bl = &f->blocks.data[f->cur];
    for (uint32_t k = fl->len; k < bl->insts.len; k++) {
        uint16_t x = f->target->ops[mir_inst(f, bl->insts.data[k])->op].flags;
        if (x & (MIR_OPF_FLAGS | MIR_OPF_CALL | MIR_OPF_BRANCH))
            return false;
    }
    return true;
}

bool
cg_fused_cond(CgCtx *c, IrValue v, CgFlags *fl, void *cond, size_t size,
              CgEmitCompare emit)
{
    IrInst d = cg_def_of(c, v);
    if (!d.id || size > sizeof fl->cond)
        return false;
    uint8_t op = ir_inst(c->irf, d)->op;
    if ((op != IR_OP_ICMP && op != IR_OP_FCMP) || !cg_cond_fusable(c, v))
        return false;
    if (c->opt->optlevel > 0 && flags_hold(c, fl, v)) {
        memcpy(cond, fl->cond, size);
        return true;
    }
    emit(c, d, cond);
    fl->val = v.id;
    fl->block = c->mf->cur;
    fl->len = c->mf->blocks.data[c->mf->cur].insts.len;
    memcpy(fl->cond, cond, size);
    return true;
}

bool
cg_sym_is_local(CgCtx *c, uint32_t s)
{
    const IrSymData *sd = ir_sym_c(c->m, (IrSym){s});
    bool defined = (sd->kind == IR_SYM_FUNC && sd->func) ||
                   sd->kind == IR_SYM_GLOBAL || sd->kind == IR_SYM_CONST;
    switch (c->opt->reloc) {
    case CG_RELOC_STATIC: return true;
    case CG_RELOC_PIC: return defined && sd->internal;
    default: return defined;
    }
}

MirOpnd
cg_callee_sym(CgCtx *c, uint32_t s)
{
    const IrSymData *sd = ir_sym_c(c->m, (IrSym){s});
    MirOpnd o = mir_sym(s, 0);
    o.ref = (sd->internal && sd->func) || c->opt->reloc == CG_RELOC_STATIC
                ? MIR_REF_PCREL : MIR_REF_PLT;
    return o;
}

uint32_t
cg_edge_target(CgCtx *c, IrInst br, uint32_t k)
{
    IrTarget *t = ir_target(c->irf, br, k);
    uint32_t mb = c->blockmap[t->block.id];
    if (!t->nargs)
        return mb;
    MirFunc *f = c->mf;
    uint32_t e = mir_block_new(f, 0, 0), saved = f->cur;
    f->cur = e;
    cg_edge_moves(c, br, k);
    mir_emit1(f, f->target->op_jmp, 0, mir_blk(mb));
    f->cur = saved;
    return e;
}

void
cg_sel_common(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    switch (ir_inst(f, i)->op) {
    case IR_OP_EXTRACT:
        cg_sel_extract(c, i);
        return;
    case IR_OP_INSERT:
        cg_sel_insert(c, i);
        return;
    case IR_OP_CALL: case IR_OP_INDIRECTCALL:
        cg_sel_call(c, i);
        return;
    case IR_OP_BR:
        cg_edge_moves(c, i, 0);
        mir_emit1(mf, mf->target->op_jmp, 0,
                  mir_blk(c->blockmap[ir_target(f, i, 0)->block.id]));
        return;
    case IR_OP_RET:
        cg_sel_ret(c, i);
        return;
    case IR_OP_UNREACHABLE:
        mir_emit(mf, mf->target->op_trap, 0, NULL, 0);
        return;
    default:
        CG_BUG("cg_sel_common: opcode %d", ir_inst(f, i)->op);
    }
}

/* Index of the first leaf of member k of aggregate type agg. */
static uint32_t
leaf_start(IrModule *m, IrType agg, uint64_t k)
{
    if (ir_type_kind(m, agg) == IR_TY_ARRAY)
        return (uint32_t)k * (uint32_t)cg_nleaves(m, ir_type_elem(m, agg));
    uint32_t n = 0;
    for (uint64_t q = 0; q < k; q++)
        n += (uint32_t)cg_nleaves(m, ir_type_member(m, agg, q));
    return n;
}

void
cg_sel_extract(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    uint32_t n;
    const uint32_t *r = cg_value_regs(c, ir_inst_arg(f, i, 0), &n);
    uint32_t s = leaf_start(c->m, id->ty2, id->imm);
    uint32_t cnt = (uint32_t)cg_nleaves(c->m, id->ty);
    uint32_t *tmp = xmalloc((cnt + 1) * sizeof *tmp);
    memcpy(tmp, r + s, cnt * sizeof *tmp);
    cg_bind(c, ir_inst_result(f, i), tmp, cnt);
    free(tmp);
}

void
cg_sel_insert(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    uint32_t n, ne;
    IrValue src = ir_inst_arg(f, i, 0), res = ir_inst_result(f, i);
    const uint32_t *r = cg_value_regs(c, src, &n);
    uint32_t s = leaf_start(c->m, id->ty, id->imm);
    if (ir_value(f, src)->kind == IR_VAL_INST &&
        ir_uses_count(&c->uses, src) == 1) {
        /* The result takes over the leaves of an instruction result
         * used nowhere else, so an insert costs memory for the leaves
         * it replaces, not for the whole aggregate (a block parameter's
         * leaves are the targets of edge copies yet to be made: never
         * reused). */
        const uint32_t *e = cg_value_regs(c, ir_inst_arg(f, i, 1), &ne);
        uint32_t first = c->vfirst[src.id];
        n = c->vcount[src.id];
        for (uint32_t k = 0; k < ne && s + k < n; k++)
            c->leafpool.data[first + s + k] = e[k];
        c->vfirst[res.id] = first;
        c->vcount[res.id] = n;
        return;
    }
    uint32_t *tmp = xmalloc((n + 1) * sizeof *tmp);
    memcpy(tmp, r, n * sizeof *tmp);
    const uint32_t *e = cg_value_regs(c, ir_inst_arg(f, i, 1), &ne);
    for (uint32_t k = 0; k < ne && s + k < n; k++)
        tmp[s + k] = e[k];
    cg_bind(c, res, tmp, n);
    free(tmp);
}

/*
 * Magic numbers for i64 division by a constant (Hacker's Delight, 2nd
 * ed., figures 10-1 and 10-2; Granlund and Montgomery).
 *
 * Signed: q = hi(x * m) (+ x when d > 0 and m < 0, - x when d < 0 and
 * m > 0) >> s, plus 1 when negative.
 */
bool
cg_div_by_magic(int64_t dk, bool sgn)
{
    uint64_t d = (uint64_t)dk;
    uint64_t ad = sgn && dk < 0 ? 0 - d : d;
    return d != 0 && (ad & (ad - 1)) != 0;
}

CgMagic
cg_smagic(int64_t d)
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
    CgMagic mg = {q2 + 1, p - 64, false};
    if (d < 0)
        mg.m = 0 - mg.m;
    return mg;
}

/* Unsigned (d < 2^63): q = hi(x * m) >> s, or with add:
 * (((x - hi) >> 1) + hi) >> (s - 1). */
CgMagic
cg_umagic(uint64_t d)
{
    const uint64_t two63 = UINT64_C(1) << 63, max63 = two63 - 1;
    CgMagic mg = {0, 0, false};
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
