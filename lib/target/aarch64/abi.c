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
 * The lowering itself is shared (lib/codegen/callconv.c): this file
 * places a signature and supplies the instructions it asks for.
 * Aggregates in x registers are packed and unpacked with shifts.
 *
 * Apple's arm64 variant (obj_format Mach-O): every variadic argument
 * goes on the stack in an 8-byte slot, and the other scalar and
 * homogeneous float aggregate stack arguments are packed at their
 * natural size and alignment rather than in 8-byte slots (other
 * composites keep them, as clang's i64-array coercion does).  Narrow
 * integers are extended by the caller on both.
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
        /* Apple packs scalars only: other composites keep their 8-byte
         * slots (clang passes them as i64 arrays) */
        p.off = p.cl.kind == K_REF ? on_stack(8, 8, packed, stack)
            : on_stack(ir_type_size(m, t), ir_type_align(m, t),
                       packed && ir_type_is_scalar(t), stack);
        return p;
    }
}

static bool
apple(CgCtx *c)
{
    return c->opt->target->obj_format == OBJ_MACHO;
}

/* The registers of class cl from x0+gp / v0+fp into l. */
static void
in_regs(Class cl, Place p, CgArgLoc *l)
{
    l->kind = cl.kind == K_REF ? CG_LOC_REF : CG_LOC_REGS;
    l->n = cl.n;
    for (unsigned e = 0; e < cl.n; e++) {
        l->reg[e] = (uint8_t)(cl.kind == K_HFA ? V0 + p.fp + e
                                               : X0 + p.gp + e);
        l->roff[e] = (uint8_t)(cl.kind == K_HFA ? e * cl.fsize : 8 * e);
    }
}

/* CgAbi.classify: AAPCS64 (or Apple's variant) for a signature. */
static bool
classify_sig(CgCtx *c, IrLoc loc, bool incoming, IrSig sig, const IrType *ty,
             uint32_t n, CgCallConv *cc)
{
    IrModule *m = c->m;
    const IrSigData *sd = ir_sig(m, sig);
    unsigned ngrn = 0, nsrn = 0;
    uint32_t stack = 0;
    if (sd->conv != IR_CONV_CCC) {
        cg_error(c, loc, "the %s calling convention does not exist on "
                 "AArch64", sd->conv == IR_CONV_WIN64 ? "win64" : "sysv");
        return false;
    }
    if (sd->ret.id != IR_TY_VOID) {
        Class rc = classify(m, sd->ret);
        if (rc.kind == K_REF) {
            cc->ret.kind = CG_LOC_REF;
            cc->sret_in = X8;
        } else if (rc.kind != K_NONE) {
            in_regs(rc, (Place){0}, &cc->ret);
        }
    }
    for (uint32_t k = 0; k < n; k++) {
        CgArgLoc *l = &cc->args[k];
        if (k < sd->nparams &&
            (ir_sig_param(m, sig, k)->attrs & IR_ATTR_BYVAL)) {
            cg_error(c, loc, "byval %s do not exist in AAPCS64 (large "
                     "aggregates are passed by reference)",
                     incoming ? "parameters" : "arguments");
            return false;
        }
        bool vararg = k >= sd->nparams;
        Place p = place(m, ty[k], &ngrn, &nsrn, &stack, apple(c), vararg);
        if (p.cl.kind == K_NONE)
            continue;
        if (!p.stack) {
            in_regs(p.cl, p, l);
            continue;
        }
        l->kind = p.cl.kind == K_REF ? CG_LOC_REF : CG_LOC_STACK;
        l->off = p.off;
        l->packed = apple(c) && !vararg;
    }
    cc->nfp = nsrn;
    cc->stack = stack;
    return true;
}

static uint32_t
extend_abi(CgCtx *c, IrType t, uint32_t r)
{
    if (t.id != IR_TY_BOOL && t.id != IR_TY_I8 && t.id != IR_TY_I16)
        return r;
    uint32_t d = a64_newv(c, MIR_GP);
    a64_ext(c, t.id != IR_TY_BOOL, cg_tsize(t), 4, r, d);
    return d;
}

static IrType
part_type(MirClass cls)
{
    return (IrType){cls == MIR_FP ? IR_TY_F64 : IR_TY_I64};
}

static void
load_part(CgCtx *c, MirClass cls, MirOpnd m, uint32_t r)
{
    a64_load_leaf(c, part_type(cls), m, r);
}

static void
store_part(CgCtx *c, MirClass cls, uint32_t r, MirOpnd m)
{
    a64_store_leaf(c, part_type(cls), r, m);
}

/*
 * Aggregates in x registers without a trip through memory: a register
 * is built from its members, each zero-extended and or-ed in shifted to
 * its offset (orr with a shifted register), and taken apart with lsr and
 * a zero extension, as a load of the member would leave it; floats move
 * with fmov between the register files.
 */
static uint32_t
pack(CgCtx *c, IrType t, uint32_t r, unsigned sh, uint32_t acc)
{
    uint32_t x = a64_newv(c, MIR_GP);
    if (!r) {
        a64_movi(c, 0, x);
        return x;
    }
    uint8_t sz = cg_tsize(t);
    if (ir_type_is_float(t))
        a64_emit2(c, A64_FMOVFG, sz, a64_reg(r), a64_reg(x));
    else if (sz < 8)
        a64_ext(c, false, sz, 4, r, x);
    else
        a64_move(c, MIR_GP, r, x);
    if (!acc && !sh)
        return x;
    uint32_t d = a64_newv(c, MIR_GP);
    if (!acc) {
        a64_emit3(c, A64_LSLI, 8, a64_reg(x), mir_imm(sh), a64_reg(d));
        return d;
    }
    uint32_t in = a64_emit3(c, A64_ORR, 8, a64_reg(acc), a64_reg(x),
                            a64_reg(d));
    mir_inst(c->mf, in)->cond = A64_SH_LSL;
    mir_inst(c->mf, in)->size2 = (uint8_t)sh;
    return d;
}

static void
unpack(CgCtx *c, IrType t, uint32_t r, unsigned sh, uint32_t d)
{
    uint8_t sz = cg_tsize(t);
    uint32_t x = r;
    if (sh) {
        x = a64_newv(c, MIR_GP);
        a64_emit3(c, A64_LSRI, 8, a64_reg(r), mir_imm(sh), a64_reg(x));
    }
    if (ir_type_is_float(t))
        a64_emit2(c, A64_FMOVGF, sz, a64_reg(x), a64_reg(d));
    else if (sz < 8)
        a64_ext(c, false, sz, 4, x, d);
    else
        a64_move(c, MIR_GP, x, d);
}

static uint32_t
call(CgCtx *c, MirOpnd callee)
{
    return mir_emit1(c->mf, callee.kind == MO_SYM ? A64_BL : A64_BLR, 8,
                     callee);
}

const CgAbi a64_abi = {
    .classify = classify_sig,
    .extend = extend_abi,
    .load_part = load_part,
    .store_part = store_part,
    .lea = a64_lea,
    .load_leaf = a64_load_leaf,
    .store_leaf = a64_store_leaf,
    .call = call,
    .pack = pack,
    .unpack = unpack,
};
