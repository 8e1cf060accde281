/*
 * callconv.c - parameters, returns and calls, lowered once for every
 * target from the target's classification of a signature (Target.abi;
 * Cranelift draws the same line: only the argument locations are per
 * ISA).
 *
 * The classifier places each value in registers (parts of the value's
 * memory image, or one leaf per FP register), on the stack, by
 * reference to a copy the caller makes, or as a byval copy.  Register
 * arguments are copied into their physregs immediately before the call
 * and results out of them immediately after it, so physreg live ranges
 * stay short.  Aggregates in registers are packed and unpacked leaf by
 * leaf when each part allows it (direct()), through a frame temporary
 * otherwise.  A result in memory goes to a buffer the caller passes
 * (sret_in) and the callee may return (sret_out).
 *
 * Instructions are made in a fixed order (x86-64's output depends on
 * it): stack arguments and copies, register values, the moves into
 * physregs, the call, then the results.
 */
#include "cg.h"

#include <string.h>

static const CgAbi *
abi(CgCtx *c)
{
    return c->opt->target->abi;
}

static MirClass
rcls(CgCtx *c, uint32_t physreg)
{
    return (MirClass)c->opt->target->regs->cls[physreg];
}

static void
move(CgCtx *c, MirClass cls, uint32_t src, uint32_t dst)
{
    mir_emit2(c->mf, c->opt->target->op_move[cls], 8, mir_reg(src, 8),
              mir_reg(dst, 8));
}

/* The register part of l holding byte 'off' of the value. */
static unsigned
part_of(const CgArgLoc *l, uint64_t off)
{
    unsigned e = 0;
    while (e + 1 < l->n && l->roff[e + 1] <= off)
        e++;
    return e;
}

/*
 * Whether the aggregate of type t moves between its registers l and its
 * leaves without memory: an FP part must hold exactly one leaf (two f32
 * in one register would need shuffles); a GP part anything when the
 * target packs, else one integer leaf at its start.
 */
static bool
direct(CgCtx *c, IrType t, const CgArgLoc *l)
{
    CgLeaf *lv;
    uint32_t nl = cg_leaves(c->m, t, &lv);
    unsigned cnt[4] = {0, 0, 0, 0};
    bool ok = true;
    for (uint32_t k = 0; k < nl; k++) {
        unsigned e = part_of(l, lv[k].off);
        cnt[e]++;
        if (rcls(c, l->reg[e]) == MIR_GP && !abi(c)->pack &&
            (ir_type_is_float(lv[k].ty) || lv[k].off != l->roff[e]))
            ok = false;
    }
    free(lv);
    for (unsigned e = 0; e < l->n && ok; e++)
        if ((rcls(c, l->reg[e]) == MIR_FP || !abi(c)->pack) && cnt[e] != 1)
            ok = false;
    return ok;
}

/* A new vreg holding part e of v (direct() holds). */
static uint32_t
pack(CgCtx *c, IrValue v, IrType t, const CgArgLoc *l, unsigned e)
{
    CgLeaf *lv;
    uint32_t nl = cg_leaves(c->m, t, &lv), n;
    const uint32_t *regs = cg_value_regs(c, v, &n);
    MirClass cls = rcls(c, l->reg[e]);
    uint32_t acc = 0;
    for (uint32_t k = 0; k < nl && k < n; k++) {
        if (part_of(l, lv[k].off) != e)
            continue;
        if (cls == MIR_FP || !abi(c)->pack) {
            acc = mir_vreg_new(c->mf, cls);
            move(c, cls, regs[k], acc);
        } else {
            acc = abi(c)->pack(c, lv[k].ty, regs[k],
                               8 * (unsigned)(lv[k].off - l->roff[e]), acc);
        }
    }
    free(lv);
    if (!acc)       /* only padding (direct() wants FP ones full) */
        acc = abi(c)->pack(c, (IrType){0}, 0, 0, 0);
    return acc;
}

/* Defines the leaves of v from its parts, in vregs r[0 .. l->n). */
static void
unpack(CgCtx *c, IrValue v, IrType t, const CgArgLoc *l, const uint32_t *r)
{
    CgLeafRegs lr;
    cg_leaf_vregs(c, v, t, true, &lr);
    for (uint32_t k = 0; k < lr.nl && k < lr.n; k++) {
        const CgLeaf *lf = &lr.lv[k];
        unsigned e = part_of(l, lf->off);
        MirClass cls = rcls(c, l->reg[e]);
        if (cls == MIR_FP || !abi(c)->unpack)
            move(c, cls, r[e], lr.rr[k]);
        else
            abi(c)->unpack(c, lf->ty, r[e],
                           8 * (unsigned)(lf->off - l->roff[e]), lr.rr[k]);
    }
    cg_leaf_regs_free(&lr);
}

static bool
classify(CgCtx *c, IrLoc loc, bool incoming, IrSig sig, const IrType *ty,
         uint32_t n, CgCallConv *cc)
{
    memset(cc, 0, sizeof *cc);
    cc->args = xcalloc(n + 1, sizeof *cc->args);
    return abi(c)->classify(c, loc, incoming, sig, ty, n, cc);
}

/* ---------------------------------------------------------------- entry */

void
cg_isel_entry(CgCtx *c)
{
    IrFunc *f = c->irf;
    IrModule *m = c->m;
    MirFunc *mf = c->mf;
    const CgAbi *a = abi(c);
    IrBlock entry = ir_layout_entry(f);
    uint32_t np = ir_block(f, entry)->nparams;
    IrType *ty = xmalloc((np + 1) * sizeof *ty);
    for (uint32_t k = 0; k < np; k++)
        ty[k] = ir_value_type(f, ir_block_param(f, entry, k));
    CgCallConv cc;
    if (!classify(c, f->loc, true, ir_sym_c(m, f->sym)->sig, ty, np, &cc)) {
        free(ty), free(cc.args);
        return;
    }
    if (cc.ret.kind == CG_LOC_REF) {
        c->sret = mir_vreg_new(mf, MIR_GP);
        move(c, MIR_GP, cc.sret_in, c->sret);
    }
    uint32_t *obj = xcalloc(np + 1, sizeof *obj);
    uint32_t (*rv)[4] = xcalloc(np + 1, sizeof *rv);
    bool *done = xcalloc(np + 1, sizeof *done);
    /* pass 1: every register argument out of its physregs */
    for (uint32_t k = 0; k < np; k++) {
        IrValue v = ir_block_param(f, entry, k);
        const CgArgLoc *l = &cc.args[k];
        if (l->kind == CG_LOC_REF && l->n) {
            rv[k][0] = mir_vreg_new(mf, MIR_GP);
            move(c, MIR_GP, l->reg[0], rv[k][0]);
            continue;
        }
        if (l->kind != CG_LOC_REGS || l->n == 0)
            continue;
        if (ir_type_is_scalar(ty[k])) {
            uint32_t n;
            const uint32_t *r = cg_define(c, v, &n);
            move(c, rcls(c, l->reg[0]), l->reg[0], r[0]);
            done[k] = true;
        } else if (direct(c, ty[k], l)) {
            for (unsigned e = 0; e < l->n; e++) {
                MirClass cls = rcls(c, l->reg[e]);
                rv[k][e] = mir_vreg_new(mf, cls);
                move(c, cls, l->reg[e], rv[k][e]);
            }
        } else {
            obj[k] = mir_frame_new(mf, MF_TEMP, 16, 8);
            for (unsigned e = 0; e < l->n; e++)
                a->store_part(c, rcls(c, l->reg[e]), l->reg[e],
                              mir_mem(MB_FRAME, obj[k], l->roff[e], 8));
        }
    }
    /* pass 2: values from the stack, temporaries and references */
    for (uint32_t k = 0; k < np; k++) {
        IrValue v = ir_block_param(f, entry, k);
        const CgArgLoc *l = &cc.args[k];
        MirOpnd in = mir_mem(MB_INARG, 0, l->off, 8);
        uint32_t n;
        if (done[k])
            continue;
        if (l->kind == CG_LOC_BYVAL) {
            const uint32_t *r = cg_define(c, v, &n);
            a->lea(c, in, r[0]);
        } else if (l->kind == CG_LOC_REF) {
            uint32_t p = rv[k][0];
            if (!l->n) {
                p = mir_vreg_new(mf, MIR_GP);
                a->load_part(c, MIR_GP, in, p);
            }
            cg_load_value(c, v, ty[k], mir_mem(MB_REG, p, 0, 8), false,
                          a->load_leaf);
        } else if (l->kind == CG_LOC_STACK) {
            cg_load_value(c, v, ty[k], in, false, a->load_leaf);
        } else if (obj[k]) {
            cg_load_value(c, v, ty[k], mir_mem(MB_FRAME, obj[k], 0, 8),
                          false, a->load_leaf);
        } else if (l->kind == CG_LOC_REGS && l->n) {
            unpack(c, v, ty[k], l, rv[k]);
        } else {
            cg_define(c, v, &n);    /* zero-sized */
        }
    }
    mf->inarg_size = cc.stack;
    free(ty), free(cc.args), free(obj), free(rv), free(done);
}

/* ---------------------------------------------------------------- return */

void
cg_sel_ret(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    const CgAbi *a = abi(c);
    IrInstData *id = ir_inst(f, i);
    uint32_t uses[4], nu = 0;
    CgCallConv cc = {0};
    if (id->ty.id != IR_TY_VOID && id->nargs) {
        IrValue v = ir_inst_arg(f, i, 0);
        IrType t = id->ty;
        IrSig sig = ir_sym_c(c->m, f->sym)->sig;
        if (!classify(c, id->loc, true, sig, NULL, 0, &cc)) {
            free(cc.args);
            return;
        }
        const CgArgLoc *l = &cc.ret;
        if (l->kind == CG_LOC_REF) {
            cg_store_value(c, v, t, mir_mem(MB_REG, c->sret, 0, 8),
                           a->store_leaf);
            if (cc.sret_out) {
                move(c, MIR_GP, c->sret, cc.sret_out);
                uses[nu++] = cc.sret_out;
            }
        } else if (l->kind != CG_LOC_REGS || !l->n) {
        } else if (ir_type_is_scalar(t)) {
            uint32_t r = cg_value_reg(c, v);
            MirClass cls = rcls(c, l->reg[0]);
            if (cls == MIR_GP)
                r = a->extend(c, t, r);
            move(c, cls, r, l->reg[0]);
            uses[nu++] = l->reg[0];
        } else if (direct(c, t, l)) {
            uint32_t x[4];
            for (unsigned e = 0; e < l->n; e++)
                x[e] = pack(c, v, t, l, e);
            for (unsigned e = 0; e < l->n; e++) {
                move(c, rcls(c, l->reg[e]), x[e], l->reg[e]);
                uses[nu++] = l->reg[e];
            }
        } else {
            uint32_t tmp = mir_frame_new(mf, MF_TEMP, 16, 8);
            cg_store_value(c, v, t, mir_mem(MB_FRAME, tmp, 0, 8),
                           a->store_leaf);
            for (unsigned e = 0; e < l->n; e++) {
                a->load_part(c, rcls(c, l->reg[e]),
                             mir_mem(MB_FRAME, tmp, l->roff[e], 8),
                             l->reg[e]);
                uses[nu++] = l->reg[e];
            }
        }
    }
    free(cc.args);
    uint32_t ri = mir_emit(mf, c->opt->target->op_ret, 0, NULL, 0);
    for (uint32_t k = 0; k < nu; k++)
        mir_add_opnd(mf, ri, mir_reg(uses[k], 8), MIR_R_USE);
}

/* ---------------------------------------------------------------- calls */

/* The value of argument v of type t in its registers l: vals[] get the
 * vregs to move into l->reg[]. */
static void
arg_regs(CgCtx *c, IrValue v, IrType t, const CgArgLoc *l, uint32_t *vals)
{
    const CgAbi *a = abi(c);
    if (ir_type_is_scalar(t)) {
        uint32_t r = cg_value_reg(c, v);
        vals[0] = rcls(c, l->reg[0]) == MIR_GP ? a->extend(c, t, r) : r;
        return;
    }
    if (direct(c, t, l)) {
        for (unsigned e = 0; e < l->n; e++)
            vals[e] = pack(c, v, t, l, e);
        return;
    }
    uint32_t tmp = mir_frame_new(c->mf, MF_TEMP, 16, 8);
    cg_store_value(c, v, t, mir_mem(MB_FRAME, tmp, 0, 8), a->store_leaf);
    for (unsigned e = 0; e < l->n; e++) {
        MirClass cls = rcls(c, l->reg[e]);
        vals[e] = mir_vreg_new(c->mf, cls);
        a->load_part(c, cls, mir_mem(MB_FRAME, tmp, l->roff[e], 8),
                     vals[e]);
    }
}

/* An argument on the stack at out. */
static void
arg_stack(CgCtx *c, IrValue v, IrType t, const CgArgLoc *l, MirOpnd out)
{
    const CgAbi *a = abi(c);
    if (!ir_type_is_scalar(t) || l->packed) {
        cg_store_value(c, v, t, out, a->store_leaf);
        return;
    }
    uint32_t r = cg_value_reg(c, v);
    if (ir_type_is_float(t)) {
        a->store_part(c, MIR_FP, r, out);
    } else {
        r = a->extend(c, t, r);
        a->store_part(c, MIR_GP, r, out);
    }
}

/* The result of call ci (signature result type t, in l) into i's value. */
static void
results(CgCtx *c, IrInst i, uint32_t ci, IrType t, const CgCallConv *cc,
        uint32_t retobj)
{
    MirFunc *mf = c->mf;
    const CgAbi *a = abi(c);
    const CgArgLoc *l = &cc->ret;
    IrValue res = ir_inst_result(c->irf, i);
    if (l->kind == CG_LOC_REF) {
        if (cc->sret_out)
            mir_add_opnd(mf, ci, mir_reg(cc->sret_out, 8), MIR_R_DEF);
        if (res.id)
            cg_load_value(c, res, t, mir_mem(MB_FRAME, retobj, 0, 8), false,
                          a->load_leaf);
    } else if (l->kind == CG_LOC_REGS && l->n && ir_type_is_scalar(t)) {
        uint32_t pr = l->reg[0];
        mir_add_opnd(mf, ci, mir_reg(pr, 8), MIR_R_DEF);
        if (res.id)
            move(c, rcls(c, pr), pr, cg_def1(c, i));
    } else if (l->kind == CG_LOC_REGS && l->n) {
        for (unsigned e = 0; e < l->n; e++)
            mir_add_opnd(mf, ci, mir_reg(l->reg[e], 8), MIR_R_DEF);
        if (direct(c, t, l)) {
            /* out of the physregs at once, as for scalars */
            uint32_t x[4];
            for (unsigned e = 0; e < l->n; e++) {
                MirClass cls = rcls(c, l->reg[e]);
                x[e] = mir_vreg_new(mf, cls);
                move(c, cls, l->reg[e], x[e]);
            }
            if (res.id)
                unpack(c, res, t, l, x);
        } else {
            uint32_t tmp = mir_frame_new(mf, MF_TEMP, 16, 8);
            for (unsigned e = 0; e < l->n; e++)
                a->store_part(c, rcls(c, l->reg[e]), l->reg[e],
                              mir_mem(MB_FRAME, tmp, l->roff[e], 8));
            if (res.id)
                cg_load_value(c, res, t, mir_mem(MB_FRAME, tmp, 0, 8),
                              false, a->load_leaf);
        }
    } else if (res.id) {
        uint32_t nn;
        cg_define(c, res, &nn);
    }
}

/* A call to 'callee' (a symbol operand or a register) with signature
 * sig and the IR arguments args[0..n). */
static void
lower_call(CgCtx *c, IrInst i, MirOpnd callee, IrSig sig,
           const IrValue *args0, uint32_t n)
{
    IrModule *m = c->m;
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    const CgAbi *a = abi(c);
    const IrSigData *sd = ir_sig(m, sig);
    IrValue *args = xmalloc((n + 1) * sizeof *args);
    IrType *ty = xmalloc((n + 1) * sizeof *ty);
    for (uint32_t k = 0; k < n; k++) {
        args[k] = args0[k];
        ty[k] = ir_value_type(f, args[k]);
    }
    CgCallConv cc;
    if (!classify(c, ir_inst(f, i)->loc, false, sig, ty, n, &cc)) {
        free(args), free(ty), free(cc.args);
        return;
    }
    uint32_t retobj = 0;
    if (cc.ret.kind == CG_LOC_REF)
        retobj = mir_frame_new(mf, MF_TEMP,
                               (uint32_t)ir_type_size(m, sd->ret),
                               ir_type_align(m, sd->ret));
    if (cc.stack > mf->outarg_size)
        mf->outarg_size = cc.stack;
    uint32_t cap = 4 * n + 4, np = 0;
    uint32_t *pregs = xmalloc(cap * sizeof *pregs);
    uint32_t *vals = xmalloc(cap * sizeof *vals);
    for (uint32_t k = 0; k < n; k++) {
        const CgArgLoc *l = &cc.args[k];
        MirOpnd out = mir_mem(MB_OUTARG, 0, l->off, 8);
        switch (l->kind) {
        case CG_LOC_NONE:
            break;
        case CG_LOC_BYVAL:
            a->copy_bytes(c, cg_value_reg(c, args[k]), out, l->byval);
            break;
        case CG_LOC_STACK:
            arg_stack(c, args[k], ty[k], l, out);
            break;
        case CG_LOC_REF: {
            uint32_t obj = mir_frame_new(mf, MF_TEMP,
                                         (uint32_t)ir_type_size(m, ty[k]),
                                         ir_type_align(m, ty[k]));
            cg_store_value(c, args[k], ty[k], mir_mem(MB_FRAME, obj, 0, 8),
                           a->store_leaf);
            uint32_t r = mir_vreg_new(mf, MIR_GP);
            a->lea(c, mir_mem(MB_FRAME, obj, 0, 8), r);
            if (!l->n) {
                a->store_part(c, MIR_GP, r, out);
            } else {
                vals[np] = r;
                pregs[np++] = l->reg[0];
            }
            break;
        }
        case CG_LOC_REGS:
            arg_regs(c, args[k], ty[k], l, vals + np);
            for (unsigned e = 0; e < l->n; e++)
                pregs[np++] = l->reg[e];
            break;
        }
    }
    if (retobj) {
        uint32_t r = mir_vreg_new(mf, MIR_GP);
        a->lea(c, mir_mem(MB_FRAME, retobj, 0, 8), r);
        vals[np] = r;
        pregs[np++] = cc.sret_in;
    }
    for (uint32_t k = 0; k < np; k++)
        move(c, rcls(c, pregs[k]), vals[k], pregs[k]);
    if (a->pre_call)
        a->pre_call(c, sig, &cc, pregs, &np);
    uint32_t ci = a->call(c, callee);
    for (uint32_t k = 0; k < np; k++)
        mir_add_opnd(mf, ci, mir_reg(pregs[k], 8), MIR_R_USE);
    mf->has_calls = true;
    if (sd->ret.id != IR_TY_VOID)
        results(c, i, ci, sd->ret, &cc, retobj);
    free(args), free(ty), free(cc.args), free(pregs), free(vals);
}

void
cg_sel_call(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    const IrValue *args = ir_inst_args(f, i);
    if (id->op == IR_OP_CALL) {
        uint32_t s = (uint32_t)id->imm;
        lower_call(c, i, cg_callee_sym(c, s), ir_sym_c(c->m, (IrSym){s})->sig,
                   args, id->nargs);
    } else {
        MirOpnd callee = mir_reg(cg_value_reg(c, args[0]), 8);
        lower_call(c, i, callee, (IrSig){(uint32_t)id->imm}, args + 1,
                   id->nargs - 1);
    }
}
