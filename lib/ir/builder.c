/*
 * builder.c - creating instructions at an insertion point, for front
 * ends written in C and for passes.  Each helper fills the type fields
 * as IrFormat documents; the verifier checks the result, not the
 * builder.
 */
#include "ir_int.h"

#include <string.h>

void
ir_builder_at_end(IrBuilder *b, IrFunc *f, IrBlock block)
{
    memset(b, 0, sizeof *b);
    b->f = f;
    b->block = block;
}

void
ir_builder_before(IrBuilder *b, IrFunc *f, IrInst before)
{
    memset(b, 0, sizeof *b);
    b->f = f;
    b->before = before;
}

void
ir_builder_insert(IrBuilder *b, IrInst i)
{
    if (b->before.id)
        ir_layout_insert_inst_before(b->f, i, b->before);
    else
        ir_layout_append_inst(b->f, i, b->block);
}

static IrInst
emit(IrBuilder *b, IrOpcode op, IrType ty, IrType ty2, uint64_t imm,
     const IrValue *args, uint32_t n, IrType rty)
{
    IrInstData d = {.op = (uint8_t)op, .ty = ty, .ty2 = ty2, .imm = imm,
                    .loc = b->loc};
    IrInst i = ir_inst_create(b->f, &d, args, n, rty);
    ir_builder_insert(b, i);
    return i;
}

static IrValue
emitv(IrBuilder *b, IrOpcode op, IrType ty, IrType ty2, uint64_t imm,
      const IrValue *args, uint32_t n, IrType rty)
{
    return ir_inst_result(b->f, emit(b, op, ty, ty2, imm, args, n, rty));
}

IrValue
ir_build_iconst(IrBuilder *b, IrType t, uint64_t bits)
{
    unsigned w = ir_type_bits(t);
    if (w < 64)
        bits &= (UINT64_C(1) << w) - 1;
    return emitv(b, IR_OP_ICONST, t, IR_T_VOID, bits, NULL, 0, t);
}

IrValue
ir_build_fconst(IrBuilder *b, IrType t, uint64_t bits)
{
    return emitv(b, IR_OP_FCONST, t, IR_T_VOID, bits, NULL, 0, t);
}

IrValue
ir_build_f64(IrBuilder *b, double d)
{
    uint64_t bits;
    memcpy(&bits, &d, 8);
    return ir_build_fconst(b, IR_T_F64, bits);
}

IrValue
ir_build_f32(IrBuilder *b, float x)
{
    uint32_t bits;
    memcpy(&bits, &x, 4);
    return ir_build_fconst(b, IR_T_F32, bits);
}

IrValue
ir_build_bconst(IrBuilder *b, bool v)
{
    return emitv(b, IR_OP_BCONST, IR_T_BOOL, IR_T_VOID, v, NULL, 0,
                 IR_T_BOOL);
}

IrValue
ir_build_null(IrBuilder *b, IrType t)
{
    return emitv(b, IR_OP_NULL, t, IR_T_VOID, 0, NULL, 0, t);
}

IrValue
ir_build_undef(IrBuilder *b, IrType t)
{
    return emitv(b, IR_OP_UNDEF, t, IR_T_VOID, 0, NULL, 0, t);
}

IrValue
ir_build_stackslot(IrBuilder *b, IrSlot s)
{
    return emitv(b, IR_OP_STACKSLOT, IR_T_VOID, IR_T_VOID, s.id, NULL, 0,
                 IR_T_PTR);
}

IrValue
ir_build_globaladdr(IrBuilder *b, IrSym s)
{
    return emitv(b, IR_OP_GLOBALADDR, IR_T_VOID, IR_T_VOID, s.id, NULL, 0,
                 IR_T_PTR);
}

IrValue
ir_build_binary(IrBuilder *b, IrOpcode op, IrType t, IrValue x, IrValue y)
{
    IrValue a[2] = {x, y};
    return emitv(b, op, t, IR_T_VOID, 0, a, 2, t);
}

IrValue
ir_build_fneg(IrBuilder *b, IrType t, IrValue x)
{
    return emitv(b, IR_OP_FNEG, t, IR_T_VOID, 0, &x, 1, t);
}

static IrValue
cmp(IrBuilder *b, IrOpcode op, IrPred p, IrType t, IrValue x, IrValue y)
{
    IrValue a[2] = {x, y};
    IrInst i = emit(b, op, t, IR_T_VOID, 0, a, 2, IR_T_BOOL);
    ir_inst(b->f, i)->pred = (uint8_t)p;
    return ir_inst_result(b->f, i);
}

IrValue
ir_build_icmp(IrBuilder *b, IrPred p, IrType t, IrValue x, IrValue y)
{
    return cmp(b, IR_OP_ICMP, p, t, x, y);
}

IrValue
ir_build_fcmp(IrBuilder *b, IrPred p, IrType t, IrValue x, IrValue y)
{
    return cmp(b, IR_OP_FCMP, p, t, x, y);
}

IrValue
ir_build_sel(IrBuilder *b, IrType t, IrValue c, IrValue x, IrValue y)
{
    IrValue a[3] = {c, x, y};
    return emitv(b, IR_OP_SEL, t, IR_T_VOID, 0, a, 3, t);
}

IrValue
ir_build_alloca(IrBuilder *b, IrType t)
{
    return emitv(b, IR_OP_ALLOCA, t, IR_T_VOID, 0, NULL, 0, IR_T_PTR);
}

IrValue
ir_build_load(IrBuilder *b, IrType t, IrValue p, bool isvolatile)
{
    IrInst i = emit(b, IR_OP_LOAD, t, IR_T_VOID, 0, &p, 1, t);
    if (isvolatile)
        ir_inst(b->f, i)->flags |= IR_INSTF_VOLATILE;
    return ir_inst_result(b->f, i);
}

IrInst
ir_build_store(IrBuilder *b, IrType t, IrValue v, IrValue p,
               bool isvolatile)
{
    IrValue a[2] = {v, p};
    IrInst i = emit(b, IR_OP_STORE, t, IR_T_VOID, 0, a, 2, IR_T_VOID);
    if (isvolatile)
        ir_inst(b->f, i)->flags |= IR_INSTF_VOLATILE;
    return i;
}

IrValue
ir_build_offset(IrBuilder *b, IrType elem, IrValue p, IrValue i)
{
    IrValue a[2] = {p, i};
    return emitv(b, IR_OP_OFFSET, elem, ir_value_type(b->f, i), 0, a, 2,
                 IR_T_PTR);
}

IrValue
ir_build_elemptr(IrBuilder *b, IrType agg, IrValue p, uint64_t k)
{
    return emitv(b, IR_OP_ELEMPTR, agg, IR_T_VOID, k, &p, 1, IR_T_PTR);
}

IrValue
ir_build_extract(IrBuilder *b, IrType agg, IrValue v, uint64_t k)
{
    IrType mt = ir_type_member(b->f->mod, agg, k);
    return emitv(b, IR_OP_EXTRACT, mt, agg, k, &v, 1, mt);
}

IrValue
ir_build_insert(IrBuilder *b, IrType agg, IrValue v, IrValue e, uint64_t k)
{
    IrValue a[2] = {v, e};
    IrType mt = ir_type_member(b->f->mod, agg, k);
    return emitv(b, IR_OP_INSERT, agg, mt, k, a, 2, agg);
}

IrValue
ir_build_cast(IrBuilder *b, IrOpcode op, IrType to, IrValue v)
{
    return emitv(b, op, to, ir_value_type(b->f, v), 0, &v, 1, to);
}

IrInst
ir_build_call(IrBuilder *b, IrSym callee, const IrValue *args,
              uint32_t nargs)
{
    const IrSymData *s = ir_sym_c(b->f->mod, callee);
    IrType ret = ir_sig(b->f->mod, s->sig)->ret;
    return emit(b, IR_OP_CALL, ret, IR_T_VOID, callee.id, args, nargs, ret);
}

IrInst
ir_build_indirectcall(IrBuilder *b, IrSig sig, IrValue callee,
                      const IrValue *args, uint32_t nargs)
{
    IrType ret = ir_sig(b->f->mod, sig)->ret;
    VEC(IrValue) all = {0};
    VEC_PUSH(all, callee);
    for (uint32_t k = 0; k < nargs; k++)
        VEC_PUSH(all, args[k]);
    IrInst i = emit(b, IR_OP_INDIRECTCALL, ret, IR_T_VOID, sig.id,
                    all.data, all.len, ret);
    VEC_FREE(all);
    return i;
}

IrInst
ir_build_br(IrBuilder *b, IrBlock target, const IrValue *args,
            uint32_t nargs)
{
    IrInst i = emit(b, IR_OP_BR, IR_T_VOID, IR_T_VOID, 0, NULL, 0,
                    IR_T_VOID);
    const IrValue *al[1] = {args};
    ir_inst_set_targets(b->f, i, &target, al, &nargs, 1);
    return i;
}

IrInst
ir_build_condbr(IrBuilder *b, IrValue cond, IrBlock t, const IrValue *targs,
                uint32_t ntargs, IrBlock e, const IrValue *eargs,
                uint32_t neargs)
{
    IrInst i = emit(b, IR_OP_CONDBR, IR_T_BOOL, IR_T_VOID, 0, &cond, 1,
                    IR_T_VOID);
    IrBlock bl[2] = {t, e};
    const IrValue *al[2] = {targs, eargs};
    uint32_t nl[2] = {ntargs, neargs};
    ir_inst_set_targets(b->f, i, bl, al, nl, 2);
    return i;
}

IrInst
ir_build_ret(IrBuilder *b, IrValue v)
{
    if (!v.id)
        return emit(b, IR_OP_RET, IR_T_VOID, IR_T_VOID, 0, NULL, 0,
                    IR_T_VOID);
    return emit(b, IR_OP_RET, ir_value_type(b->f, v), IR_T_VOID, 0, &v, 1,
                IR_T_VOID);
}

IrInst
ir_build_unreachable(IrBuilder *b)
{
    return emit(b, IR_OP_UNREACHABLE, IR_T_VOID, IR_T_VOID, 0, NULL, 0,
                IR_T_VOID);
}
