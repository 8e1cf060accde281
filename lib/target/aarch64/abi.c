/*
 * abi.c - the AAPCS64 calling convention (Procedure Call Standard for
 * the Arm 64-bit Architecture, 6.8) for SIR types, and the lowering of
 * parameters, returns and calls.
 *
 * Classification: size 0 takes nothing; a float or a homogeneous float
 * aggregate (all leaves one float type, at most four) goes in v
 * registers, one member each; any other value of at most 16 bytes in
 * one or two x registers holding its memory image; larger aggregates by
 * reference to a copy the caller makes.  When the registers of a class
 * run out, the value goes on the stack (8-byte slots) and that class
 * takes no more registers (NGRN/NSRN = 8).  The indirect result goes
 * through x8.  Variadic calls are passed as the others on Linux.
 *
 * As on x86-64, register arguments are copied into their physregs
 * immediately before the call and results out of them immediately
 * after, so physreg live ranges stay short; aggregates in x registers
 * go through a frame temporary.
 *
 * Apple's arm64 variant (obj_format Mach-O): every variadic argument
 * goes on the stack in an 8-byte slot, and the other stack arguments
 * are packed at their natural size and alignment rather than in 8-byte
 * slots.  Narrow integers are extended by the caller on both.
 */
#include "a64.h"

#include <string.h>

enum { K_NONE, K_INT, K_HFA, K_REF };
typedef struct {
    uint8_t kind;
    uint8_t n;          /* registers: x (K_INT) or v (K_HFA) */
    uint8_t fsize;      /* K_HFA: 4 or 8 */
} Class;

static Class
classify(IrModule *m, IrType t)
{
    if (ir_type_is_scalar(t))
        return ir_type_is_float(t) ? (Class){K_HFA, 1, cg_tsize(t)}
                                   : (Class){K_INT, 1, 0};
    uint64_t size = ir_type_size(m, t);
    if (size == 0)
        return (Class){K_NONE, 0, 0};
    CgLeaf *lv;
    uint32_t nl = cg_leaves(m, t, &lv);
    bool hfa = nl >= 1 && nl <= 4 && ir_type_is_float(lv[0].ty);
    for (uint32_t k = 1; k < nl && hfa; k++)
        hfa = lv[k].ty.id == lv[0].ty.id;
    uint8_t fs = nl ? cg_tsize(lv[0].ty) : 0;
    free(lv);
    if (hfa && size == (uint64_t)nl * fs)
        return (Class){K_HFA, (uint8_t)nl, fs};
    if (size > 16)
        return (Class){K_REF, 1, 0};
    return (Class){K_INT, (uint8_t)((size + 7) / 8), 0};
}

A64Fn *
a64_fn(CgCtx *c)
{
    return cg_tpriv(c, sizeof(A64Fn));
}

static uint32_t
round8(uint64_t x)
{
    return (uint32_t)((x + 7) / 8 * 8);
}

/* Extends a narrow argument or result as spec 4.3 requires. */
static uint32_t
extend_abi(CgCtx *c, IrType t, uint32_t r)
{
    if (t.id != IR_TY_BOOL && t.id != IR_TY_I8 && t.id != IR_TY_I16)
        return r;
    uint32_t d = a64_newv(c, MIR_GP);
    a64_ext(c, t.id != IR_TY_BOOL, cg_tsize(t), 4, r, d);
    return d;
}

/* Where one value goes: registers from x0+gp / v0+fp, or the stack at
 * 'off' (stack true). */
typedef struct {
    Class cl;
    bool stack;
    uint8_t gp, fp;
    uint32_t off;
} Place;

/* Stack space for a value of size bytes and alignment al: an 8-byte
 * slot (AAPCS64, Apple's variadic arguments) or, packed, its natural
 * size and alignment (Apple). */
static uint32_t
on_stack(uint64_t size, uint32_t al, bool packed, uint32_t *stack)
{
    if (!packed) {
        al = 8;
        size = round8(size);
    }
    uint32_t off = (*stack + al - 1) / al * al;
    *stack = off + (uint32_t)size;
    return off;
}

/* Allocates registers or stack space for a value of type t (AAPCS64
 * stages C.1-C.16 as SIR's types need them); 'apple' gives Apple's
 * variant, with 'vararg' for a variadic argument. */
static Place
place(IrModule *m, IrType t, unsigned *ngrn, unsigned *nsrn, uint32_t *stack,
      bool apple, bool vararg)
{
    Place p = {.cl = classify(m, t)};
    bool packed = apple && !vararg;
    if (apple && vararg && p.cl.kind != K_NONE) {
        p.stack = true;
        p.off = on_stack(p.cl.kind == K_REF ? 8 : ir_type_size(m, t), 8,
                         false, stack);
        return p;
    }
    switch (p.cl.kind) {
    case K_NONE:
        return p;
    case K_HFA:
        if (*nsrn + p.cl.n <= 8) {
            p.fp = (uint8_t)*nsrn;
            *nsrn += p.cl.n;
            return p;
        }
        *nsrn = 8;
        p.stack = true;
        p.off = on_stack(ir_type_size(m, t), ir_type_align(m, t), packed,
                         stack);
        return p;
    default:
        if (*ngrn + p.cl.n <= 8) {
            p.gp = (uint8_t)*ngrn;
            *ngrn += p.cl.n;
            return p;
        }
        *ngrn = 8;
        p.stack = true;
        p.off = p.cl.kind == K_REF ? on_stack(8, 8, packed, stack)
            : on_stack(ir_type_size(m, t), ir_type_align(m, t), packed, stack);
        return p;
    }
}

static bool
apple(CgCtx *c)
{
    return c->opt->target->obj_format == OBJ_MACHO;
}

static bool
has_byval(CgCtx *c, IrSig sig, uint32_t k)
{
    const IrSigData *sd = ir_sig(c->m, sig);
    return k < sd->nparams && (ir_sig_param(c->m, sig, k)->attrs &
                               IR_ATTR_BYVAL);
}

/* ---------------------------------------------------------------- entry */

void
a64_isel_entry(CgCtx *c)
{
    IrFunc *f = c->irf;
    IrModule *m = c->m;
    MirFunc *mf = c->mf;
    IrSig sig = ir_sym_c(m, f->sym)->sig;
    const IrSigData *sd = ir_func_sig(f);
    IrBlock entry = ir_layout_entry(f);
    A64Fn *st = a64_fn(c);
    unsigned ngrn = 0, nsrn = 0;
    uint32_t stack = 0;
    if (sd->conv != IR_CONV_CCC) {
        cg_error(c, f->loc, "the %s calling convention does not exist on "
                 "AArch64", sd->conv == IR_CONV_WIN64 ? "win64" : "sysv");
        return;
    }
    if (sd->ret.id != IR_TY_VOID && classify(m, sd->ret).kind == K_REF) {
        st->sret = a64_newv(c, MIR_GP);
        a64_move(c, MIR_GP, X8, st->sret);
    }
    uint32_t np = ir_block(f, entry)->nparams;
    Place *pl = xcalloc(np + 1, sizeof *pl);
    uint32_t (*rv)[4] = xcalloc(np + 1, sizeof *rv);
    /* pass 1: every register argument out of its physregs */
    for (uint32_t k = 0; k < np; k++) {
        IrValue v = ir_block_param(f, entry, k);
        IrType t = ir_value_type(f, v);
        if (has_byval(c, sig, k)) {
            cg_error(c, f->loc, "byval parameters do not exist in AAPCS64 "
                     "(large aggregates are passed by reference)");
            break;
        }
        pl[k] = place(m, t, &ngrn, &nsrn, &stack, apple(c), false);
        if (pl[k].stack || pl[k].cl.kind == K_NONE)
            continue;
        bool fp = pl[k].cl.kind == K_HFA;
        for (unsigned e = 0; e < pl[k].cl.n; e++) {
            rv[k][e] = a64_newv(c, fp ? MIR_FP : MIR_GP);
            a64_move(c, fp ? MIR_FP : MIR_GP,
                     fp ? V0 + pl[k].fp + e : X0 + pl[k].gp + e, rv[k][e]);
        }
    }
    /* pass 2: values from the registers, the stack and references */
    for (uint32_t k = 0; k < np && !c->failed; k++) {
        IrValue v = ir_block_param(f, entry, k);
        IrType t = ir_value_type(f, v);
        Place p = pl[k];
        uint32_t n;
        if (p.cl.kind == K_NONE) {
            cg_define(c, v, &n);
        } else if (p.cl.kind == K_REF) {
            uint32_t r = rv[k][0];
            if (p.stack) {
                r = a64_newv(c, MIR_GP);
                a64_emit2(c, A64_LDR, 8, mir_mem(MB_INARG, 0, p.off, 8),
                          a64_reg(r));
            }
            a64_load_value(c, v, t, mir_mem(MB_REG, r, 0, 8), false);
        } else if (p.stack) {
            a64_load_value(c, v, t, mir_mem(MB_INARG, 0, p.off, 8), false);
        } else if (p.cl.kind == K_HFA || ir_type_is_scalar(t)) {
            cg_bind(c, v, rv[k], p.cl.n);
        } else {
            uint32_t obj = mir_frame_new(mf, MF_TEMP, 16, 8);
            for (unsigned e = 0; e < p.cl.n; e++)
                a64_emit2(c, A64_STR, 8, a64_reg(rv[k][e]),
                          mir_mem(MB_FRAME, obj, 8 * e, 8));
            a64_load_value(c, v, t, mir_mem(MB_FRAME, obj, 0, 8), false);
        }
    }
    mf->inarg_size = stack;
    free(pl), free(rv);
}

/* ---------------------------------------------------------------- return */

/* The registers of a value of class cl in x0.. / v0.., read from value
 * v into vals[] (moves to the physregs are the caller's). */
static uint32_t
to_regs(CgCtx *c, IrValue v, IrType t, Class cl, uint32_t *vals)
{
    if (ir_type_is_scalar(t)) {
        uint32_t r = a64_R(c, v);
        vals[0] = cl.kind == K_INT ? extend_abi(c, t, r) : r;
        return 1;
    }
    uint32_t n;
    const uint32_t *regs = cg_value_regs(c, v, &n);
    if (cl.kind == K_HFA) {
        for (uint32_t e = 0; e < cl.n; e++)
            vals[e] = regs[e];
        return cl.n;
    }
    uint32_t obj = mir_frame_new(c->mf, MF_TEMP, 16, 8);
    a64_store_value(c, v, t, mir_mem(MB_FRAME, obj, 0, 8));
    for (uint32_t e = 0; e < cl.n; e++) {
        vals[e] = a64_newv(c, MIR_GP);
        a64_emit2(c, A64_LDR, 8, mir_mem(MB_FRAME, obj, 8 * e, 8),
                  a64_reg(vals[e]));
    }
    return cl.n;
}

void
a64_sel_ret(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    IrInstData *id = ir_inst(f, i);
    uint32_t uses[4], nu = 0;
    if (id->ty.id != IR_TY_VOID && id->nargs) {
        IrValue v = ir_inst_arg(f, i, 0);
        Class cl = classify(c->m, id->ty);
        if (cl.kind == K_REF) {
            a64_store_value(c, v, id->ty,
                            mir_mem(MB_REG, a64_fn(c)->sret, 0, 8));
        } else if (cl.kind != K_NONE) {
            uint32_t vals[4];
            nu = to_regs(c, v, id->ty, cl, vals);
            for (uint32_t e = 0; e < nu; e++) {
                uses[e] = cl.kind == K_HFA ? V0 + e : X0 + e;
                a64_move(c, cl.kind == K_HFA ? MIR_FP : MIR_GP, vals[e],
                         uses[e]);
            }
        }
    }
    uint32_t ri = mir_emit(mf, A64_RET, 0, NULL, 0);
    for (uint32_t k = 0; k < nu; k++)
        mir_add_opnd(mf, ri, a64_reg(uses[k]), MIR_R_USE);
}

/* ---------------------------------------------------------------- calls */

static void
lower_call(CgCtx *c, IrInst i, MirOpnd callee, IrSig sig,
           const IrValue *args0, uint32_t n)
{
    IrModule *m = c->m;
    IrFunc *f = c->irf;
    MirFunc *mf = c->mf;
    const IrSigData *sd = ir_sig(m, sig);
    IrValue *args = xmalloc((n + 1) * sizeof *args);
    if (n)
        memcpy(args, args0, n * sizeof *args);
    Place *pl = xcalloc(n + 1, sizeof *pl);
    unsigned ngrn = 0, nsrn = 0;
    uint32_t stack = 0, retobj = 0;
    Class rc = {0};
    if (sd->ret.id != IR_TY_VOID) {
        rc = classify(m, sd->ret);
        if (rc.kind == K_REF)
            retobj = mir_frame_new(mf, MF_TEMP,
                                   (uint32_t)ir_type_size(m, sd->ret),
                                   ir_type_align(m, sd->ret));
    }
    for (uint32_t k = 0; k < n; k++) {
        if (has_byval(c, sig, k)) {
            cg_error(c, ir_inst(f, i)->loc, "byval arguments do not exist "
                     "in AAPCS64 (large aggregates are passed by "
                     "reference)");
            free(pl), free(args);
            return;
        }
        pl[k] = place(m, ir_value_type(f, args[k]), &ngrn, &nsrn, &stack,
                      apple(c), k >= sd->nparams);
    }
    if (stack > mf->outarg_size)
        mf->outarg_size = stack;
    /* stack arguments and copies first, then the register values, then
     * the moves into physregs right before the call */
    uint32_t pregs[20], vals[20], np = 0;
    for (uint32_t k = 0; k < n; k++) {
        IrType t = ir_value_type(f, args[k]);
        Place p = pl[k];
        MirOpnd out = mir_mem(MB_OUTARG, 0, p.off, 8);
        if (p.cl.kind == K_NONE)
            continue;
        if (p.cl.kind == K_REF) {
            uint32_t obj = mir_frame_new(mf, MF_TEMP,
                                         (uint32_t)ir_type_size(m, t),
                                         ir_type_align(m, t));
            a64_store_value(c, args[k], t, mir_mem(MB_FRAME, obj, 0, 8));
            uint32_t r = a64_newv(c, MIR_GP);
            a64_lea(c, mir_mem(MB_FRAME, obj, 0, 8), r);
            if (p.stack) {
                a64_emit2(c, A64_STR, 8, a64_reg(r), out);
            } else {
                vals[np] = r;
                pregs[np++] = X0 + p.gp;
            }
            continue;
        }
        if (p.stack) {
            /* a packed narrow integer takes only its own bytes */
            if (ir_type_is_scalar(t) && !ir_type_is_float(t) &&
                (!apple(c) || k >= sd->nparams || cg_tsize(t) == 8))
                a64_emit2(c, A64_STR, 8,
                          a64_reg(extend_abi(c, t, a64_R(c, args[k]))), out);
            else
                a64_store_value(c, args[k], t, out);
            continue;
        }
        uint32_t cnt = to_regs(c, args[k], t, p.cl, vals + np);
        for (uint32_t e = 0; e < cnt; e++)
            pregs[np + e] = p.cl.kind == K_HFA ? V0 + p.fp + e
                                               : X0 + p.gp + e;
        np += cnt;
    }
    if (rc.kind == K_REF) {
        uint32_t r = a64_newv(c, MIR_GP);
        a64_lea(c, mir_mem(MB_FRAME, retobj, 0, 8), r);
        vals[np] = r;
        pregs[np++] = X8;
    }
    for (uint32_t k = 0; k < np; k++)
        a64_move(c, pregs[k] >= V0 ? MIR_FP : MIR_GP, vals[k], pregs[k]);
    uint32_t ci = mir_emit1(mf, callee.kind == MO_SYM ? A64_BL : A64_BLR, 8,
                            callee);
    for (uint32_t k = 0; k < np; k++)
        mir_add_opnd(mf, ci, a64_reg(pregs[k]), MIR_R_USE);
    mf->has_calls = true;
    IrValue res = ir_inst_result(f, i);
    if (rc.kind == K_REF) {
        if (res.id)
            a64_load_value(c, res, sd->ret, mir_mem(MB_FRAME, retobj, 0, 8),
                           false);
    } else if (rc.kind != K_NONE) {
        bool fp = rc.kind == K_HFA;
        uint32_t x[4];
        for (unsigned e = 0; e < rc.n; e++)
            mir_add_opnd(mf, ci, a64_reg(fp ? V0 + e : X0 + e), MIR_R_DEF);
        for (unsigned e = 0; e < rc.n; e++) {
            x[e] = a64_newv(c, fp ? MIR_FP : MIR_GP);
            a64_move(c, fp ? MIR_FP : MIR_GP, fp ? V0 + e : X0 + e, x[e]);
        }
        if (!res.id) {
        } else if (fp || ir_type_is_scalar(sd->ret)) {
            cg_bind(c, res, x, rc.n);
        } else {
            uint32_t obj = mir_frame_new(mf, MF_TEMP, 16, 8);
            for (unsigned e = 0; e < rc.n; e++)
                a64_emit2(c, A64_STR, 8, a64_reg(x[e]),
                          mir_mem(MB_FRAME, obj, 8 * e, 8));
            a64_load_value(c, res, sd->ret, mir_mem(MB_FRAME, obj, 0, 8),
                           false);
        }
    } else if (res.id) {
        uint32_t nn;
        cg_define(c, res, &nn);
    }
    free(pl), free(args);
}

void
a64_sel_call(CgCtx *c, IrInst i)
{
    IrFunc *f = c->irf;
    IrInstData *id = ir_inst(f, i);
    const IrValue *args = ir_inst_args(f, i);
    IrSig sig = id->op == IR_OP_CALL
        ? ir_sym_c(c->m, (IrSym){(uint32_t)id->imm})->sig
        : (IrSig){(uint32_t)id->imm};
    if (sig.id && ir_sig(c->m, sig)->conv != IR_CONV_CCC) {
        cg_error(c, id->loc, "the %s calling convention does not exist on "
                 "AArch64", ir_sig(c->m, sig)->conv == IR_CONV_WIN64
                 ? "win64" : "sysv");
        return;
    }
    if (id->op == IR_OP_CALL)
        lower_call(c, i, cg_callee_sym(c, (uint32_t)id->imm), sig, args,
                   id->nargs);
    else
        lower_call(c, i, a64_reg(a64_R(c, args[0])), sig, args + 1,
                   id->nargs - 1);
}
