/*
 * check_verify.c - the verifier (lib/ir/verify.c) on IR built with the
 * builder API: one valid function per shape, and one test per rule of
 * spec sections 7 and 9 asserting the error count and message.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ckmain.h"

static IrModule *m;
static IrFunc *f;
static IrBuilder bu;
static char *msgs;

static void
setup(void)
{
    m = ir_module_new();
    msgs = NULL;
}

static void
teardown(void)
{
    ir_module_free(m);
    free(msgs);
}

static IrSig
sig(IrType ret, int n, const IrType *ps, bool variadic)
{
    IrParam p[8] = {{{0}}};
    for (int k = 0; k < n; k++)
        p[k].ty = ps[k];
    return ir_sig_intern(m, ret, 0, IR_CONV_CCC, variadic, p, (uint32_t)n);
}

/* Defines @name returning ret with params; the entry block gets the
 * parameters and the builder points at its end. */
static IrBlock
func(const char *name, IrType ret, int n, const IrType *ps, IrValue *pv)
{
    IrSym s = ir_func_declare(m, name, sig(ret, n, ps, false));
    f = ir_func_define(m, s);
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    for (int k = 0; k < n; k++) {
        IrValue v = ir_block_add_param(f, e, ps[k], 0);
        if (pv)
            pv[k] = v;
    }
    ir_builder_at_end(&bu, f, e);
    return e;
}

static IrBlock
block(const char *name)
{
    IrBlock b = ir_block_create(f, name);
    ir_layout_append_block(f, b);
    return b;
}

static void
at(IrBlock b)
{
    ir_builder_at_end(&bu, f, b);
}

/* Verifies the module; returns the error count, keeps the text. */
static int
verify(void)
{
    size_t len;
    free(msgs);
    msgs = NULL;
    FILE *out = open_memstream(&msgs, &len);
    Diag d;
    ir_diag_init(&d, "t.sir", NULL, 0, out);
    bool ok = ir_verify_module(m, &d);
    fclose(out);
    ck_assert(ok == (d.nerrors == 0));
    return d.nerrors;
}

#define EXPECT(n, text)                                                   \
    do {                                                                  \
        int n_ = verify();                                                \
        ck_assert_msg(n_ == (n), "expected %d errors, got %d:\n%s", (n),  \
                      n_, msgs);                                          \
        ck_assert_msg(strstr(msgs, (text)) != NULL,                       \
                      "missing \"%s\" in:\n%s", (text), msgs);            \
    } while (0)

#define VALID()                                                           \
    do {                                                                  \
        int n_ = verify();                                                \
        ck_assert_msg(n_ == 0, "expected no error:\n%s", msgs);           \
    } while (0)

static const IrType I32[] = {IR_T_I32, IR_T_I32, IR_T_I32};

/* factorial of spec example 12.1 */
START_TEST(test_verify_factorial)
{
    IrValue n;
    IrBlock e = func("factorial", IR_T_I32, 1, I32, &n);
    IrBlock head = block("loop.head"), body = block("loop.body"),
            exit_ = block("exit");
    IrValue x = ir_block_add_param(f, head, IR_T_I32, 0);
    IrValue acc = ir_block_add_param(f, head, IR_T_I32, 0);
    IrValue res = ir_block_add_param(f, exit_, IR_T_I32, 0);
    at(e);
    IrValue one = ir_build_iconst(&bu, IR_T_I32, 1);
    IrValue a0[2] = {n, one};
    ir_build_br(&bu, head, a0, 2);
    at(head);
    IrValue c = ir_build_icmp(&bu, IR_PRED_SLE, IR_T_I32, x, one);
    ir_build_condbr(&bu, c, exit_, &acc, 1, body, NULL, 0);
    at(body);
    IrValue p = ir_build_binary(&bu, IR_OP_IMUL, IR_T_I32, acc, x);
    IrValue d = ir_build_binary(&bu, IR_OP_ISUB, IR_T_I32, x, one);
    IrValue a1[2] = {d, p};
    ir_build_br(&bu, head, a1, 2);
    at(exit_);
    ir_build_ret(&bu, res);
    VALID();
}
END_TEST

START_TEST(test_verify_every_op_valid)
{
    IrType pt[2] = {IR_T_I32, IR_T_F64};
    IrValue pv[2];
    IrSym printf_ = ir_func_declare(m, "printf",
                                    sig(IR_T_I32, 1, (IrType[]){IR_T_PTR},
                                        true));
    IrType agg = ir_type_struct(m, (IrType[]){IR_T_I32, IR_T_I64}, 2);
    IrInit zi = ir_init_new(m, IR_INIT_ZERO);
    IrSym g = ir_data_define(m, "g", IR_SYM_GLOBAL, agg, zi, 16);
    func("every", IR_T_I32, 2, pt, pv);
    IrSlot sl = ir_slot_create(f, agg, ir_intern(m, "s", 1));
    IrValue k = ir_build_iconst(&bu, IR_T_I32, 7);
    IrValue fc = ir_build_f32(&bu, 1.5f);
    IrValue bc = ir_build_bconst(&bu, true);
    IrValue np = ir_build_null(&bu, IR_T_PTR);
    IrValue u = ir_build_undef(&bu, agg);
    IrValue sp = ir_build_stackslot(&bu, sl);
    IrValue ga = ir_build_globaladdr(&bu, g);
    IrValue s1 = ir_build_binary(&bu, IR_OP_SHL, IR_T_I32, pv[0], k);
    IrValue bx = ir_build_binary(&bu, IR_OP_XOR, IR_T_BOOL, bc, bc);
    IrValue fe = ir_build_cast(&bu, IR_OP_FEXT, IR_T_F64, fc);
    IrValue fa = ir_build_binary(&bu, IR_OP_FADD, IR_T_F64, fe, pv[1]);
    IrValue fn = ir_build_fneg(&bu, IR_T_F64, fa);
    IrValue fcm = ir_build_fcmp(&bu, IR_PRED_UGT, IR_T_F64, fn, fa);
    IrValue ic = ir_build_icmp(&bu, IR_PRED_EQ, IR_T_PTR, np, ga);
    IrValue sel = ir_build_sel(&bu, IR_T_I32, fcm, s1, k);
    IrValue ins = ir_build_insert(&bu, agg, u, sel, 0);
    ir_build_store(&bu, agg, ins, sp, true);
    IrValue ep = ir_build_elemptr(&bu, agg, sp, 1);
    IrValue l = ir_build_load(&bu, IR_T_I64, ep, false);
    IrValue off = ir_build_offset(&bu, IR_T_I64, ep, l);
    IrValue al = ir_build_alloca(&bu, agg);
    IrValue lv = ir_build_load(&bu, agg, al, false);
    IrValue ex = ir_build_extract(&bu, agg, lv, 0);
    IrValue tr = ir_build_cast(&bu, IR_OP_TRUNC, IR_T_I8, ex);
    IrValue sx = ir_build_cast(&bu, IR_OP_SEXT, IR_T_I64, tr);
    IrValue zx = ir_build_cast(&bu, IR_OP_ZEXT, IR_T_I16, tr);
    IrValue ib = ir_build_cast(&bu, IR_OP_ITOB, IR_T_BOOL, zx);
    IrValue bi = ir_build_cast(&bu, IR_OP_BTOI, IR_T_I64, ib);
    IrValue sf = ir_build_cast(&bu, IR_OP_SITOF, IR_T_F32, bi);
    IrValue uf = ir_build_cast(&bu, IR_OP_UITOF, IR_T_F64, sx);
    IrValue fs = ir_build_cast(&bu, IR_OP_FTOSI, IR_T_I32, sf);
    IrValue fu = ir_build_cast(&bu, IR_OP_FTOUI, IR_T_I8, uf);
    IrValue ft = ir_build_cast(&bu, IR_OP_FTRUNC, IR_T_F32, uf);
    IrValue pi = ir_build_cast(&bu, IR_OP_PTOI, IR_T_I64, off);
    IrValue ip = ir_build_cast(&bu, IR_OP_ITOP, IR_T_PTR, pi);
    (void)fu; (void)ft; (void)ic; (void)bx;
    IrValue args[4] = {ip, fs, pi, fa};
    IrInst call = ir_build_call(&bu, printf_, args, 4);
    IrSig isig = sig(IR_T_I32, 1, (IrType[]){IR_T_PTR}, true);
    IrValue pfp = ir_build_globaladdr(&bu, printf_);
    ir_build_indirectcall(&bu, isig, pfp, args, 3);
    ir_build_ret(&bu, ir_inst_result(f, call));
    VALID();
}
END_TEST

START_TEST(test_verify_operand_type)
{
    func("f", IR_T_I32, 0, NULL, NULL);
    IrValue a = ir_build_iconst(&bu, IR_T_I32, 1);
    IrValue b = ir_build_iconst(&bu, IR_T_I64, 2);
    IrValue c = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, a, b);
    ir_build_ret(&bu, c);
    EXPECT(1, "type mismatch: operand %1 of iadd has type i64, expected i32");
    ck_assert_msg(strstr(msgs, "note: in instruction (as built): %2 = iadd i32 %0, %1"),
                  "%s", msgs);
}
END_TEST

START_TEST(test_verify_binary_types)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrValue a = ir_build_iconst(&bu, IR_T_I32, 1);
    IrValue t = ir_build_bconst(&bu, true);
    IrValue x = ir_build_f64(&bu, 1.0);
    ir_build_binary(&bu, IR_OP_FADD, IR_T_I32, a, a);
    ir_build_binary(&bu, IR_OP_SHL, IR_T_BOOL, t, t);
    ir_build_binary(&bu, IR_OP_IADD, IR_T_F64, x, x);
    ir_build_binary(&bu, IR_OP_AND, IR_T_BOOL, t, t);     /* valid */
    ir_build_binary(&bu, IR_OP_OR, IR_T_F64, x, x);
    ir_build_fneg(&bu, IR_T_I32, a);
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(5, "fadd requires a float type, not i32");
    ck_assert(strstr(msgs, "shl requires an integer type, not bool"));
    ck_assert(strstr(msgs, "iadd requires an integer type, not f64"));
    ck_assert(strstr(msgs, "or requires an integer or bool type, not f64"));
    ck_assert(strstr(msgs, "fneg requires a float type, not i32"));
}
END_TEST

START_TEST(test_verify_constants)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrInstData d = {.op = IR_OP_ICONST, .ty = IR_T_I8, .imm = 0x1ff};
    ir_builder_insert(&bu, ir_inst_create(f, &d, NULL, 0, IR_T_I8));
    d = (IrInstData){.op = IR_OP_ICONST, .ty = IR_T_F32};
    ir_builder_insert(&bu, ir_inst_create(f, &d, NULL, 0, IR_T_F32));
    d = (IrInstData){.op = IR_OP_FCONST, .ty = IR_T_I32};
    ir_builder_insert(&bu, ir_inst_create(f, &d, NULL, 0, IR_T_I32));
    d = (IrInstData){.op = IR_OP_BCONST, .ty = IR_T_I8};
    ir_builder_insert(&bu, ir_inst_create(f, &d, NULL, 0, IR_T_BOOL));
    d = (IrInstData){.op = IR_OP_NULL, .ty = IR_T_VOID};
    ir_builder_insert(&bu, ir_inst_create(f, &d, NULL, 0, IR_T_I32));
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(5, "iconst value 0x1ff does not fit in i8");
    ck_assert(strstr(msgs, "iconst requires an integer type, not f32"));
    ck_assert(strstr(msgs, "fconst requires a float type, not i32"));
    ck_assert(strstr(msgs, "bconst requires type bool, not i8"));
    ck_assert(strstr(msgs, "null cannot have type void"));
    ck_assert_msg(!strstr(msgs, "result"), "%s", msgs);
}
END_TEST

START_TEST(test_verify_compare_sel)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrValue a = ir_build_iconst(&bu, IR_T_I32, 1);
    IrValue x = ir_build_f32(&bu, 1.0f);
    ir_build_icmp(&bu, IR_PRED_OEQ, IR_T_I32, a, a);
    ir_build_icmp(&bu, IR_PRED_EQ, IR_T_F32, x, x);
    ir_build_fcmp(&bu, IR_PRED_EQ, IR_T_F32, x, x);
    ir_build_fcmp(&bu, IR_PRED_ULT, IR_T_I32, a, a);
    ir_build_sel(&bu, IR_T_I32, a, a, a);
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(5, "icmp with oeq, which is not an integer predicate");
    ck_assert(strstr(msgs, "icmp requires an integer, bool or ptr type, "
                           "not f32"));
    ck_assert(strstr(msgs, "fcmp with eq, which is not a float predicate"));
    ck_assert(strstr(msgs, "fcmp requires a float type, not i32"));
    ck_assert(strstr(msgs, "type mismatch: condition %0 of sel has type "
                           "i32, expected bool"));
}
END_TEST

START_TEST(test_verify_memory)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrType agg = ir_type_struct(m, (IrType[]){IR_T_I32, IR_T_I64}, 2);
    IrValue a = ir_build_iconst(&bu, IR_T_I32, 1);
    IrValue p = ir_build_null(&bu, IR_T_PTR);
    IrValue x = ir_build_f32(&bu, 1.0f);
    ir_build_load(&bu, IR_T_I32, a, false);                 /* 1 */
    ir_build_store(&bu, IR_T_I64, a, p, false);             /* 2 */
    ir_build_offset(&bu, IR_T_I32, p, x);                   /* 3 */
    ir_build_elemptr(&bu, IR_T_I32, p, 0);                  /* 4 */
    ir_build_elemptr(&bu, agg, p, 2);                       /* 5 */
    IrValue u = ir_build_undef(&bu, agg);
    IrInstData d = {.op = IR_OP_EXTRACT, .ty = IR_T_I32, .ty2 = agg,
                    .imm = 1};
    ir_builder_insert(&bu, ir_inst_create(f, &d, &u, 1, IR_T_I32)); /* 6 */
    ir_build_insert(&bu, agg, u, a, 1);                     /* 7: elem */
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(7, "type mismatch: address %0 of load has type i32, expected ptr");
    ck_assert(strstr(msgs, "type mismatch: value %0 of store has type i32, "
                           "expected i64"));
    ck_assert(strstr(msgs, "offset index must have an integer type, not "
                           "f32"));
    ck_assert(strstr(msgs, "elemptr requires an aggregate type, not i32"));
    ck_assert(strstr(msgs, "elemptr index 2 is out of range for { i32, i64 } "
                           "(2 members)"));
    ck_assert(strstr(msgs, "extract result type i32 is not the type of "
                           "member 1 of the aggregate, i64"));
    ck_assert(strstr(msgs, "type mismatch: element %0 of insert has type "
                           "i32, expected i64"));
}
END_TEST

START_TEST(test_verify_casts)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrValue a = ir_build_iconst(&bu, IR_T_I32, 1);
    IrValue x = ir_build_f32(&bu, 1.0f);
    IrValue y = ir_build_f64(&bu, 1.0);
    IrValue p = ir_build_null(&bu, IR_T_PTR);
    ir_build_cast(&bu, IR_OP_SEXT, IR_T_I16, a);
    ir_build_cast(&bu, IR_OP_ZEXT, IR_T_I32, a);
    ir_build_cast(&bu, IR_OP_TRUNC, IR_T_I64, a);
    ir_build_cast(&bu, IR_OP_ITOB, IR_T_BOOL, x);
    ir_build_cast(&bu, IR_OP_BTOI, IR_T_I32, a);
    ir_build_cast(&bu, IR_OP_SITOF, IR_T_I32, a);
    ir_build_cast(&bu, IR_OP_FTOUI, IR_T_F32, y);
    ir_build_cast(&bu, IR_OP_FEXT, IR_T_F32, y);
    ir_build_cast(&bu, IR_OP_FTRUNC, IR_T_F64, x);
    ir_build_cast(&bu, IR_OP_ITOP, IR_T_PTR, p);
    ir_build_cast(&bu, IR_OP_PTOI, IR_T_PTR, p);
    ir_build_cast(&bu, IR_OP_SEXT, IR_T_BOOL, a);
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(12, "invalid conversion: sext from i32 to i16 (the result must "
               "be wider than the operand)");
    ck_assert(strstr(msgs, "invalid conversion: zext from i32 to i32"));
    ck_assert(strstr(msgs, "invalid conversion: trunc from i32 to i64 (the "
                           "result must be narrower than the operand)"));
    ck_assert(strstr(msgs, "itob from f32 to bool"));
    ck_assert(strstr(msgs, "btoi from i32 to i32"));
    ck_assert(strstr(msgs, "sitof from i32 to i32"));
    ck_assert(strstr(msgs, "ftoui from f64 to f32"));
    ck_assert(strstr(msgs, "fext from f64 to f32 (fext converts f32 to f64 "
                           "only)"));
    ck_assert(strstr(msgs, "ftrunc from f32 to f64"));
    ck_assert(strstr(msgs, "itop from ptr to ptr"));
    ck_assert(strstr(msgs, "ptoi from ptr to ptr"));
    ck_assert(strstr(msgs, "sext from i32 to bool (both types must be "
                           "integer types)"));
}
END_TEST

START_TEST(test_verify_branches)
{
    IrValue pv[1];
    IrBlock e = func("f", IR_T_VOID, 1, I32, pv);
    IrBlock a = block("a"), b = block("b"), c = block("c");
    ir_block_add_param(f, b, IR_T_I64, ir_intern(m, "p", 1));
    IrValue t = ir_build_bconst(&bu, true);
    ir_build_condbr(&bu, t, a, NULL, 0, a, NULL, 0);    /* F6 */
    at(a);
    ir_build_br(&bu, b, pv, 1);                         /* type */
    at(b);
    ir_build_condbr(&bu, pv[0], c, NULL, 0, e, pv, 1);  /* cond, entry */
    at(c);
    ir_build_br(&bu, b, NULL, 0);                       /* count */
    EXPECT(5, "condbr targets must be different blocks (both are a)");
    ck_assert(strstr(msgs, "type mismatch: argument %0 of br to b has type "
                           "i32, expected i64 (parameter %p)"));
    ck_assert(strstr(msgs, "type mismatch: condition %0 of condbr has type "
                           "i32, expected bool"));
    ck_assert(strstr(msgs, "condbr to the entry block entry"));
    ck_assert(strstr(msgs, "br to b passes 0 arguments, but b has 1 "
                           "parameter"));
}
END_TEST

START_TEST(test_verify_branch_outside)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrBlock gone = ir_block_create(f, "gone");
    ir_build_br(&bu, gone, NULL, 0);
    EXPECT(1, "br to a block that is not in function @f");
}
END_TEST

START_TEST(test_verify_ret)
{
    func("f", IR_T_I32, 0, NULL, NULL);
    ir_build_ret(&bu, (IrValue){0});
    func("g", IR_T_I32, 0, NULL, NULL);
    ir_build_ret(&bu, ir_build_iconst(&bu, IR_T_I64, 0));
    func("h", IR_T_VOID, 0, NULL, NULL);
    ir_build_ret(&bu, ir_build_iconst(&bu, IR_T_I64, 0));
    EXPECT(3, "ret void in @f, which returns i32");
    ck_assert(strstr(msgs, "ret type i64 does not match the return type of "
                           "@g, i32"));
    ck_assert(strstr(msgs, "ret i64 in @h, which returns void"));
}
END_TEST

START_TEST(test_verify_dominance)
{
    func("f", IR_T_I32, 0, NULL, NULL);
    IrBlock a = block("a"), b = block("b"), j = block("j"), u = block("u");
    IrValue t = ir_build_bconst(&bu, true);
    IrValue k = ir_build_iconst(&bu, IR_T_I32, 3);
    ir_build_condbr(&bu, t, a, NULL, 0, b, NULL, 0);
    at(a);
    IrValue x = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, k, k);
    ir_build_br(&bu, j, NULL, 0);
    at(b);
    ir_build_br(&bu, j, NULL, 0);
    at(j);
    IrValue y = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, x, k); /* x ! */
    ir_build_ret(&bu, y);
    at(u);                      /* unreachable: anything dominates it */
    IrValue z = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, x, y);
    ir_build_ret(&bu, z);
    EXPECT(1, "definition of %2 in block a does not dominate its use by "
              "iadd in block j");
}
END_TEST

START_TEST(test_verify_same_block_order)
{
    func("f", IR_T_I32, 0, NULL, NULL);
    IrValue k = ir_build_iconst(&bu, IR_T_I32, 3);
    IrValue x = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, k, k);
    IrInst xi = {ir_value(f, x)->def};
    IrValue y = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, k, k);
    IrInst yi = {ir_value(f, y)->def};
    /* x uses y (defined after it), y uses itself */
    IrValue ax[2] = {y, k}, ay[2] = {y, k};
    ir_inst_set_args(f, xi, ax, 2);
    ir_inst_set_args(f, yi, ay, 2);
    ir_build_ret(&bu, y);
    EXPECT(2, "%2 is used by iadd before its definition");
    ck_assert(strstr(msgs, "iadd uses its own result %2"));
}
END_TEST

START_TEST(test_verify_unreachable_checked)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    ir_build_ret(&bu, (IrValue){0});
    IrBlock u = block("u"), w = block("w");
    at(u);
    IrValue v = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32,
                                ir_build_f32(&bu, 1), ir_build_f32(&bu, 2));
    (void)v;
    ir_build_br(&bu, w, NULL, 0);
    at(w);
    /* w is only reached from unreachable u: uses of u's values are fine */
    ir_build_binary(&bu, IR_OP_ISUB, IR_T_I32, v, v);
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(2, "type mismatch: operand %0 of iadd has type f32, expected i32");
}
END_TEST

START_TEST(test_verify_terminators)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrBlock a = block("a");
    ir_build_br(&bu, a, NULL, 0);
    ir_build_iconst(&bu, IR_T_I32, 0);
    at(a);
    ir_build_iconst(&bu, IR_T_I32, 0);
    EXPECT(3, "br must be the last instruction of block entry");
    ck_assert(strstr(msgs, "block entry does not end with a terminator"));
    ck_assert(strstr(msgs, "block a does not end with a terminator"));
}
END_TEST

START_TEST(test_verify_dangling)
{
    func("f", IR_T_I32, 0, NULL, NULL);
    IrBlock a = block("a");
    IrValue p = ir_block_add_param(f, a, IR_T_I32, ir_intern(m, "p", 1));
    IrValue k = ir_build_iconst(&bu, IR_T_I32, 3);
    IrValue x = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, k, k);
    ir_build_br(&bu, a, &k, 1);
    at(a);
    IrValue y = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, p, x);
    ir_build_ret(&bu, y);
    ir_block_remove_param(f, a, 0);
    ir_layout_remove_inst(f, (IrInst){ir_value(f, x)->def});
    EXPECT(3, "use of undefined value %p in iadd");
    ck_assert_msg(strstr(msgs, "use of undefined value %v3 in iadd"), "%s",
                  msgs);
    ck_assert(strstr(msgs, "br to a passes 1 argument, but a has 0 "
                           "parameters"));
}
END_TEST

START_TEST(test_verify_entry)
{
    IrValue pv[2];
    IrBlock e = func("f", IR_T_VOID, 2, I32, pv);
    ir_build_ret(&bu, (IrValue){0});
    ir_value(f, pv[1])->ty = IR_T_I64;
    func("g", IR_T_VOID, 0, NULL, NULL);
    ir_build_ret(&bu, (IrValue){0});
    ir_block_add_param(f, ir_layout_entry(f), IR_T_I32, 0);
    (void)e;
    EXPECT(2, "type mismatch: entry block parameter %1 has type i64, but "
              "parameter 2 of @f has type i32");
    ck_assert(strstr(msgs, "entry block entry has 1 parameter, but @g has "
                           "0"));
}
END_TEST

START_TEST(test_verify_calls)
{
    IrSym p = ir_func_declare(m, "printf", sig(IR_T_I32, 1,
                                               (IrType[]){IR_T_PTR}, true));
    IrSym two = ir_func_declare(m, "two", sig(IR_T_VOID, 2, I32, false));
    IrInit zi = ir_init_new(m, IR_INIT_ZERO);
    IrSym g = ir_data_define(m, "g", IR_SYM_GLOBAL, IR_T_I32, zi, 0);
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrValue n = ir_build_null(&bu, IR_T_PTR);
    IrValue b8 = ir_build_iconst(&bu, IR_T_I8, 1);
    IrValue a[3] = {n, b8, b8};
    ir_build_call(&bu, p, a, 2);                    /* variadic i8 */
    ir_build_call(&bu, two, a + 1, 1);              /* count + type */
    IrInstData d = {.op = IR_OP_CALL, .ty = IR_T_I32, .imm = g.id};
    ir_builder_insert(&bu, ir_inst_create(f, &d, NULL, 0, IR_T_I32));
    d = (IrInstData){.op = IR_OP_CALL, .ty = IR_T_I64, .imm = p.id};
    ir_builder_insert(&bu, ir_inst_create(f, &d, &n, 1, IR_T_I64));
    d = (IrInstData){.op = IR_OP_CALL, .ty = IR_T_VOID, .imm = two.id};
    IrValue a2[2] = {ir_build_iconst(&bu, IR_T_I32, 0),
                     ir_build_iconst(&bu, IR_T_I32, 0)};
    ir_builder_insert(&bu, ir_inst_create(f, &d, a2, 2, IR_T_I32));
    ir_build_indirectcall(&bu, ir_sym_c(m, two)->sig, b8, a2, 2);
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(7, "variadic argument 2 (%1) of call to @printf has type i8; "
              "only i32, i64, ptr and f64 can be passed there");
    ck_assert(strstr(msgs, "call to @two passes 1 argument, expected 2"));
    ck_assert(strstr(msgs, "type mismatch: argument 1 (%1) of call to @two "
                           "has type i8, expected i32"));
    ck_assert(strstr(msgs, "call to @g, which is not a function"));
    ck_assert(strstr(msgs, "call return type i64 does not match the return "
                           "type of @printf, i32"));
    ck_assert(strstr(msgs, "call of a void function must not have a "
                           "result"));
    ck_assert(strstr(msgs, "type mismatch: callee %1 of indirectcall has "
                           "type i8, expected ptr"));
}
END_TEST

START_TEST(test_verify_signatures)
{
    IrParam ps[3] = {{.ty = IR_T_I32, .attrs = IR_ATTR_NONNULL},
                     {.ty = IR_T_PTR, .attrs = IR_ATTR_BYVAL, .byval = 0},
                     {.ty = IR_T_PTR, .attrs = IR_ATTR_BYVAL |
                                               IR_ATTR_NOALIAS, .byval = 8}};
    IrSig s = ir_sig_intern(m, IR_T_I64, IR_ATTR_NOALIAS, IR_CONV_CCC, false,
                            ps, 3);
    ir_func_declare(m, "d", s);
    IrSym i = ir_func_declare(m, "i", sig(IR_T_VOID, 0, NULL, false));
    ir_sym(m, i)->internal = true;
    ir_func_declare(m, ".Lx", sig(IR_T_VOID, 0, NULL, false));
    ir_func_declare(m, ".", sig(IR_T_VOID, 0, NULL, false));
    ir_func_declare(m, ".x", sig(IR_T_VOID, 0, NULL, false));   /* valid */
    EXPECT(6, "@d: return attributes require a ptr return type, not i64");
    ck_assert(strstr(msgs, "@d: attributes on parameter 1 require type ptr, "
                           "not i32"));
    ck_assert(strstr(msgs, "@d: byval(0) on parameter 2: the size must be "
                           "at least 1"));
    ck_assert(strstr(msgs, "internal on @i, which is only declared"));
    ck_assert(strstr(msgs, "symbol name @.Lx is reserved"));
    ck_assert(strstr(msgs, "symbol name @. is reserved"));
}
END_TEST

START_TEST(test_verify_refs)
{
    IrInit zi = ir_init_new(m, IR_INIT_ZERO);
    IrSym g = ir_data_define(m, "g", IR_SYM_GLOBAL, IR_T_I32, zi, 0);
    func("f", IR_T_VOID, 0, NULL, NULL);
    ir_build_globaladdr(&bu, g);
    ir_build_stackslot(&bu, (IrSlot){3});
    IrInstData d = {.op = IR_OP_GLOBALADDR, .imm = 99};
    ir_builder_insert(&bu, ir_inst_create(f, &d, NULL, 0, IR_T_PTR));
    ir_build_ret(&bu, (IrValue){0});
    ir_sym(m, g)->dead = true;
    EXPECT(3, "globaladdr refers to @g, which was removed");
    ck_assert(strstr(msgs, "stackslot refers to a stack slot that does not "
                           "exist in @f"));
    ck_assert(strstr(msgs, "globaladdr refers to a symbol that does not "
                           "exist"));
}
END_TEST

static IrInit
ini(IrInitKind k, uint64_t bits)
{
    IrInit i = ir_init_new(m, k);
    ir_init(m, i)->bits = bits;
    return i;
}

static IrInit
agg(IrInitKind k, const IrInit *items, uint32_t n)
{
    uint32_t first = ir_init_list(m, items, n);
    IrInit i = ir_init_new(m, k);
    ir_init(m, i)->first = first;
    ir_init(m, i)->count = n;
    return i;
}

START_TEST(test_verify_data)
{
    IrType a4 = ir_type_array(m, IR_T_I32, 4);
    IrType s8 = ir_type_array(m, IR_T_I8, 4);
    IrType st = ir_type_struct(m, (IrType[]){IR_T_I8, IR_T_PTR, IR_T_F64}, 3);
    IrInit one = ini(IR_INIT_INT, 1);
    IrInit four[4] = {one, one, one, one};
    ir_data_define(m, "ok1", IR_SYM_CONST, a4, agg(IR_INIT_ARRAY, four, 4),
                   16);
    IrInit str = ir_init_new(m, IR_INIT_STRING);
    ir_init(m, str)->str = ir_intern(m, "sir\0", 4);
    ir_data_define(m, "ok2", IR_SYM_CONST, s8, str, 0);
    IrSym self = ir_data_define(m, "ok3", IR_SYM_GLOBAL, IR_T_PTR,
                                (IrInit){0}, 0);
    IrInit ref = ir_init_new(m, IR_INIT_SYMREF);
    ir_init(m, ref)->sym = self;
    ir_sym(m, self)->init = ref;
    IrInit mem[3] = {ini(IR_INIT_INT, 255), ir_init_new(m, IR_INIT_NULL),
                     ini(IR_INIT_FLOAT, 0)};
    ir_data_define(m, "ok4", IR_SYM_GLOBAL, st, agg(IR_INIT_STRUCT, mem, 3),
                   0);
    ir_data_define(m, "ok5", IR_SYM_EXTERN, st, (IrInit){0}, 0);
    /* errors */
    ir_data_define(m, "e1", IR_SYM_CONST, a4, agg(IR_INIT_ARRAY, four, 3),
                   0);
    ir_data_define(m, "e2", IR_SYM_CONST, a4, str, 0);
    ir_data_define(m, "e3", IR_SYM_CONST, ir_type_array(m, IR_T_I8, 3), str,
                   0);
    IrInit bad[3] = {ini(IR_INIT_INT, 256), ini(IR_INIT_INT, 1), ref};
    ir_data_define(m, "e4", IR_SYM_GLOBAL, st, agg(IR_INIT_STRUCT, bad, 3),
                   0);
    ir_data_define(m, "e5", IR_SYM_GLOBAL, IR_T_I32, one, 3);
    ir_data_define(m, "e6", IR_SYM_GLOBAL, IR_T_I64, one, 4);
    ir_data_define(m, "e7", IR_SYM_EXTERN, IR_T_I64, one, 0);
    EXPECT(9, "array initializer has 3 members, but [i32 x 4] has 4");
    ck_assert(strstr(msgs, "a string initializer cannot initialize "
                           "[i32 x 4]"));
    ck_assert(strstr(msgs, "string initializer has 4 bytes, but [i8 x 3] "
                           "has 3"));
    ck_assert(strstr(msgs, "integer initializer does not fit in i8"));
    ck_assert(strstr(msgs, "an integer initializer cannot initialize ptr"));
    ck_assert(strstr(msgs, "a symbol reference initializer cannot "
                           "initialize f64"));
    ck_assert(strstr(msgs, "alignment 3 of @e5 must be a power of two"));
    ck_assert(strstr(msgs, "alignment 4 of @e6 is less than the alignment "
                           "of i64, 8"));
    ck_assert(strstr(msgs, "extern @e7 cannot have an initializer"));
}
END_TEST

START_TEST(test_verify_too_big)
{
    IrType big = ir_type_array(m, IR_T_I64, UINT64_C(1) << 61);
    func("f", IR_T_VOID, 0, NULL, NULL);
    ir_slot_create(f, big, ir_intern(m, "s", 1));
    ir_build_alloca(&bu, big);
    ir_build_ret(&bu, (IrValue){0});
    EXPECT(2, "type [i64 x 2305843009213693952] is too large (2^63 bytes or "
              "more)");
}
END_TEST

START_TEST(test_verify_duplicate_names)
{
    func("f", IR_T_VOID, 0, NULL, NULL);
    IrBlock a = block("a");
    IrBlock a2 = block("a");
    uint32_t x = ir_intern(m, "x", 1);
    IrValue p = ir_block_add_param(f, a, IR_T_I32, x);
    IrValue q = ir_block_add_param(f, a2, IR_T_I32, x);
    (void)p; (void)q;
    ir_slot_create(f, IR_T_I32, x);
    ir_slot_create(f, IR_T_I32, x);
    IrValue z = ir_build_iconst(&bu, IR_T_I32, 0);
    ir_build_ret(&bu, (IrValue){0});
    at(a);
    ir_build_unreachable(&bu);
    at(a2);
    ir_build_unreachable(&bu);
    (void)z;
    EXPECT(3, "label a is defined twice in @f");
    ck_assert(strstr(msgs, "value %x is defined twice in @f"));
    ck_assert(strstr(msgs, "stack slot $x is defined twice in @f"));
}
END_TEST

START_TEST(test_verify_func_alone)
{
    func("f", IR_T_I32, 0, NULL, NULL);
    IrValue a = ir_build_iconst(&bu, IR_T_I64, 1);
    ir_build_ret(&bu, a);
    Diag d;
    ir_diag_init(&d, "t.sir", NULL, 0, NULL);
    ck_assert(!ir_verify_func(f, &d));
    ck_assert_int_eq(d.nerrors, 1);
    func("g", IR_T_I64, 0, NULL, NULL);
    ir_build_ret(&bu, ir_build_iconst(&bu, IR_T_I64, 1));
    ir_diag_init(&d, "t.sir", NULL, 0, NULL);
    ck_assert(ir_verify_func(f, &d));
    ck_assert_int_eq(d.nerrors, 0);
}
END_TEST

START_TEST(test_verify_no_blocks)
{
    IrSym s = ir_func_declare(m, "f", sig(IR_T_VOID, 0, NULL, false));
    ir_func_define(m, s);
    EXPECT(1, "function @f has a body without blocks");
}
END_TEST

/* A million instructions in one block plus a long chain of blocks:
 * linear time, no recursion. */
START_TEST(test_verify_big)
{
    enum { N = 1000000, NB = 200000 };
    func("f", IR_T_I32, 0, NULL, NULL);
    IrValue acc = ir_build_iconst(&bu, IR_T_I32, 1);
    for (int k = 0; k < N; k++)
        acc = ir_build_binary(&bu, IR_OP_IADD, IR_T_I32, acc, acc);
    IrBlock x = block("x");
    IrValue r = ir_block_add_param(f, x, IR_T_I32, 0);
    IrBlock prev = ir_layout_entry(f);
    IrValue t = ir_build_bconst(&bu, true);
    for (int k = 0; k < NB; k++) {
        IrBlock b = ir_block_create(f, NULL);
        ir_layout_append_block(f, b);
        ir_build_condbr(&bu, t, b, NULL, 0, x, &acc, 1);
        at(b);
        prev = b;
    }
    (void)prev;
    ir_build_br(&bu, x, &acc, 1);
    at(x);
    ir_build_ret(&bu, r);
    VALID();
}
END_TEST


/* Random, mostly ill-formed IR: the verifier must report, never crash
 * (run under ASan with make check SAN=1). */
START_TEST(test_verify_chaos)
{
    srand(4242);
    FILE *null = fopen("/dev/null", "w");
    for (int round = 0; round < 300; round++) {
        teardown();
        setup();
        IrType agg = ir_type_struct(m, (IrType[]){IR_T_I32, IR_T_PTR}, 2);
        IrType types[] = {IR_T_VOID, IR_T_BOOL, IR_T_I8, IR_T_I32, IR_T_I64,
                          IR_T_F32, IR_T_F64, IR_T_PTR, agg, {999}};
        int nt = (int)(sizeof types / sizeof *types);
        IrSym callee = ir_func_declare(m, "c", sig(IR_T_I32, 2, I32, true));
        IrValue pv[2];
        func("f", IR_T_I32, 2, I32, pv);
        ir_slot_create(f, agg, ir_intern(m, "s", 1));
        int nb = 1 + rand() % 5;
        IrBlock bs[6];
        bs[0] = ir_layout_entry(f);
        for (int k = 1; k < nb; k++) {
            bs[k] = block(NULL);
            if (rand() % 2)
                ir_block_add_param(f, bs[k], types[rand() % nt], 0);
        }
        IrValue vals[64];
        int nv = 0;
        vals[nv++] = pv[0];
        vals[nv++] = pv[1];
        for (int k = 0; k < nb; k++) {
            at(bs[k]);
            int ni = rand() % 8;
            for (int j = 0; j <= ni; j++) {
                IrInstData d = {0};
                d.op = (uint8_t)(rand() % (IR_NUM_OPS + 2));
                d.pred = (uint8_t)(rand() % (IR_NUM_PREDS + 1));
                d.ty = types[rand() % nt];
                d.ty2 = types[rand() % nt];
                d.imm = (uint64_t)(rand() % 4);
                if (d.op == IR_OP_CALL)
                    d.imm = rand() % 3 ? callee.id : 7;
                IrValue args[4];
                uint32_t na = (uint32_t)(rand() % 4);
                for (uint32_t a = 0; a < na; a++)
                    args[a] = rand() % 8 ? vals[rand() % nv]
                                         : (IrValue){(uint32_t)rand() % 100};
                IrType rty = rand() % 3 ? types[rand() % (nt - 1)]
                                        : IR_T_VOID;
                IrInst i = ir_inst_create(f, &d, args, na, rty);
                if (d.op == IR_OP_BR || d.op == IR_OP_CONDBR ||
                    rand() % 10 == 0) {
                    IrBlock tb[2] = {bs[rand() % nb],
                                     rand() % 5 ? bs[rand() % nb]
                                                : (IrBlock){77}};
                    const IrValue *al[2] = {args, args};
                    uint32_t nl[2] = {na, na};
                    ir_inst_set_targets(f, i, tb, al, nl,
                                        (uint32_t)(1 + rand() % 2));
                }
                ir_builder_insert(&bu, i);
                if (ir_inst_result(f, i).id && nv < 64)
                    vals[nv++] = ir_inst_result(f, i);
            }
        }
        Diag d;
        ir_diag_init(&d, "t.sir", NULL, 0, null);
        d.limit = 1000;
        ir_verify_module(m, &d);
    }
    fclose(null);
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("verify");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_verify_factorial);
    tcase_add_test(tc, test_verify_every_op_valid);
    tcase_add_test(tc, test_verify_operand_type);
    tcase_add_test(tc, test_verify_binary_types);
    tcase_add_test(tc, test_verify_constants);
    tcase_add_test(tc, test_verify_compare_sel);
    tcase_add_test(tc, test_verify_memory);
    tcase_add_test(tc, test_verify_casts);
    tcase_add_test(tc, test_verify_branches);
    tcase_add_test(tc, test_verify_ret);
    tcase_add_test(tc, test_verify_branch_outside);
    tcase_add_test(tc, test_verify_dominance);
    tcase_add_test(tc, test_verify_same_block_order);
    tcase_add_test(tc, test_verify_unreachable_checked);
    tcase_add_test(tc, test_verify_terminators);
    tcase_add_test(tc, test_verify_dangling);
    tcase_add_test(tc, test_verify_entry);
    tcase_add_test(tc, test_verify_calls);
    tcase_add_test(tc, test_verify_signatures);
    tcase_add_test(tc, test_verify_refs);
    tcase_add_test(tc, test_verify_data);
    tcase_add_test(tc, test_verify_too_big);
    tcase_add_test(tc, test_verify_duplicate_names);
    tcase_add_test(tc, test_verify_no_blocks);
    tcase_add_test(tc, test_verify_func_alone);
    tcase_add_test(tc, test_verify_big);
    tcase_add_test(tc, test_verify_chaos);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
