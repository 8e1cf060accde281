/*
 * check_ir_builder.c - building functions in memory (lib/ir/builder.c,
 * func.c, module.c): the spec's factorial built with the builder API,
 * def-use lists, replacing uses, block parameters, operand lists and
 * interned signatures.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ckmain.h"

static IrModule *m;
static IrFunc *f;

static IrSig
sig_of(IrType ret, const IrType *params, uint32_t n)
{
    IrParam p[16] = {{{0}}};
    for (uint32_t i = 0; i < n; i++)
        p[i].ty = params[i];
    return ir_sig_intern(m, ret, 0, IR_CONV_CCC, false, p, n);
}

static void
setup(void)
{
    m = ir_module_new();
    IrSym s = ir_func_declare(m, "factorial", sig_of(IR_T_I32,
                                                     &IR_T_I32, 1));
    f = ir_func_define(m, s);
}

static void
teardown(void)
{
    ir_module_free(m);
}

static uint32_t
name(const char *s)
{
    return ir_intern(m, s, strlen(s));
}

/* The pieces of spec example 12.1, built with the builder. */
typedef struct {
    IrBlock entry, head, body, exit;
    IrValue n, one, x, acc, cmp, mul, sub, result;
    IrInst br0, condbr, br1, ret;
} Fact;

static Fact
build_factorial(void)
{
    Fact t;
    IrBuilder b;
    t.entry = ir_block_create(f, "entry");
    t.head = ir_block_create(f, "loop.head");
    t.body = ir_block_create(f, "loop.body");
    t.exit = ir_block_create(f, "exit");
    ir_layout_append_block(f, t.entry);
    ir_layout_append_block(f, t.head);
    ir_layout_append_block(f, t.body);
    ir_layout_append_block(f, t.exit);
    t.n = ir_block_add_param(f, t.entry, IR_T_I32, name("n"));
    t.x = ir_block_add_param(f, t.head, IR_T_I32, name("x"));
    t.acc = ir_block_add_param(f, t.head, IR_T_I32, name("acc"));
    t.result = ir_block_add_param(f, t.exit, IR_T_I32, name("result"));

    ir_builder_at_end(&b, f, t.entry);
    t.one = ir_build_iconst(&b, IR_T_I32, 1);
    t.br0 = ir_build_br(&b, t.head, (IrValue[]){t.n, t.one}, 2);

    ir_builder_at_end(&b, f, t.head);
    t.cmp = ir_build_icmp(&b, IR_PRED_SLE, IR_T_I32, t.x, t.one);
    t.condbr = ir_build_condbr(&b, t.cmp, t.exit, &t.acc, 1, t.body,
                               NULL, 0);

    ir_builder_at_end(&b, f, t.body);
    t.mul = ir_build_binary(&b, IR_OP_IMUL, IR_T_I32, t.acc, t.x);
    t.sub = ir_build_binary(&b, IR_OP_ISUB, IR_T_I32, t.x, t.one);
    t.br1 = ir_build_br(&b, t.head, (IrValue[]){t.sub, t.mul}, 2);

    ir_builder_at_end(&b, f, t.exit);
    t.ret = ir_build_ret(&b, t.result);
    return t;
}

static IrInst
def_inst(IrValue v)
{
    IrValueData *d = ir_value(f, v);
    ck_assert_int_eq(d->kind, IR_VAL_INST);
    return (IrInst){d->def};
}

START_TEST(test_ir_build_factorial)
{
    Fact t = build_factorial();
    ck_assert_uint_eq(ir_layout_entry(f).id, t.entry.id);
    ck_assert_str_eq(ir_str(m, ir_block(f, t.head)->name), "loop.head");
    ck_assert_uint_eq(ir_block(f, t.entry)->nparams, 1);
    ck_assert_uint_eq(ir_block(f, t.head)->nparams, 2);
    ck_assert_uint_eq(ir_block(f, t.body)->nparams, 0);
    ck_assert_uint_eq(ir_block_param(f, t.head, 0).id, t.x.id);
    ck_assert_uint_eq(ir_block_param(f, t.head, 1).id, t.acc.id);
    ck_assert_int_eq(ir_value(f, t.acc)->kind, IR_VAL_PARAM);
    ck_assert_uint_eq(ir_value(f, t.acc)->def, t.head.id);
    ck_assert_uint_eq(ir_value(f, t.acc)->index, 1);
    ck_assert_str_eq(ir_str(m, ir_value(f, t.acc)->name), "acc");

    /* %0 = iconst i32 1 */
    IrInst c = def_inst(t.one);
    ck_assert_int_eq(ir_inst_op(f, c), IR_OP_ICONST);
    ck_assert_uint_eq(ir_inst(f, c)->imm, 1);
    ck_assert_uint_eq(ir_value_type(f, t.one).id, IR_T_I32.id);
    ck_assert_uint_eq(ir_value(f, t.one)->name, 0);

    /* br loop.head(i32 %n, i32 %0) */
    ck_assert_int_eq(ir_inst_op(f, t.br0), IR_OP_BR);
    ck_assert_uint_eq(ir_inst(f, t.br0)->ntargets, 1);
    ck_assert_uint_eq(ir_inst(f, t.br0)->result.id, 0);
    ck_assert_uint_eq(ir_target(f, t.br0, 0)->block.id, t.head.id);
    ck_assert_uint_eq(ir_target(f, t.br0, 0)->nargs, 2);
    ck_assert_uint_eq(ir_target_arg(f, t.br0, 0, 0).id, t.n.id);
    ck_assert_uint_eq(ir_target_arg(f, t.br0, 0, 1).id, t.one.id);

    /* %1 = icmp sle i32 %x, %0 */
    IrInst cmp = def_inst(t.cmp);
    ck_assert_int_eq(ir_inst_op(f, cmp), IR_OP_ICMP);
    ck_assert_int_eq(ir_inst(f, cmp)->pred, IR_PRED_SLE);
    ck_assert_uint_eq(ir_inst(f, cmp)->ty.id, IR_T_I32.id);
    ck_assert_uint_eq(ir_value_type(f, t.cmp).id, IR_T_BOOL.id);
    ck_assert_uint_eq(ir_inst_arg(f, cmp, 0).id, t.x.id);
    ck_assert_uint_eq(ir_inst_arg(f, cmp, 1).id, t.one.id);

    /* condbr bool %1, exit(i32 %acc), loop.body */
    ck_assert_uint_eq(ir_inst(f, t.condbr)->nargs, 1);
    ck_assert_uint_eq(ir_inst_arg(f, t.condbr, 0).id, t.cmp.id);
    ck_assert_uint_eq(ir_inst(f, t.condbr)->ntargets, 2);
    ck_assert_uint_eq(ir_target(f, t.condbr, 0)->block.id, t.exit.id);
    ck_assert_uint_eq(ir_target(f, t.condbr, 0)->nargs, 1);
    ck_assert_uint_eq(ir_target_arg(f, t.condbr, 0, 0).id, t.acc.id);
    ck_assert_uint_eq(ir_target(f, t.condbr, 1)->block.id, t.body.id);
    ck_assert_uint_eq(ir_target(f, t.condbr, 1)->nargs, 0);

    /* %2 = imul i32 %acc, %x ; %3 = isub i32 %x, %0 */
    IrInst mul = def_inst(t.mul), sub = def_inst(t.sub);
    ck_assert_int_eq(ir_inst_op(f, mul), IR_OP_IMUL);
    ck_assert_uint_eq(ir_inst_arg(f, mul, 0).id, t.acc.id);
    ck_assert_uint_eq(ir_inst_arg(f, mul, 1).id, t.x.id);
    ck_assert_int_eq(ir_inst_op(f, sub), IR_OP_ISUB);
    ck_assert_uint_eq(ir_layout_next_inst(f, mul).id, sub.id);
    ck_assert_uint_eq(ir_layout_next_inst(f, sub).id, t.br1.id);

    /* ret i32 %result */
    ck_assert_int_eq(ir_inst_op(f, t.ret), IR_OP_RET);
    ck_assert_uint_eq(ir_inst(f, t.ret)->ty.id, IR_T_I32.id);
    ck_assert_uint_eq(ir_inst_arg(f, t.ret, 0).id, t.result.id);
    IR_FOR_BLOCKS(f, b)
        ck_assert(ir_layout_terminator(f, b).id != 0);
    ck_assert_uint_eq(ir_func_sig(f)->ret.id, IR_T_I32.id);
    ck_assert_uint_eq(ir_func_sig(f)->nparams, 1);
}
END_TEST

/* The printer writes the builder's factorial exactly as spec 12.1. */
START_TEST(test_ir_build_factorial_prints_as_spec)
{
    build_factorial();
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    ir_print_module(m, fp);
    fclose(fp);
    ck_assert_str_eq(text,
        "fn i32 @factorial(i32) {\n"
        "entry(i32 %n):\n"
        "  %0 = iconst i32 1\n"
        "  br loop.head(i32 %n, i32 %0)\n"
        "\n"
        "loop.head(i32 %x, i32 %acc):\n"
        "  %1 = icmp sle i32 %x, %0\n"
        "  condbr bool %1, exit(i32 %acc), loop.body\n"
        "\n"
        "loop.body:\n"
        "  %2 = imul i32 %acc, %x\n"
        "  %3 = isub i32 %x, %0\n"
        "  br loop.head(i32 %3, i32 %2)\n"
        "\n"
        "exit(i32 %result):\n"
        "  ret i32 %result\n"
        "}\n");
    free(text);
    /* It parses back, verifies and prints the same. */
    Diag d;
    ir_diag_init(&d, "<builder>", NULL, 0, NULL);
    ck_assert(ir_verify_module(m, &d));
    char *src = NULL;
    fp = open_memstream(&src, &len);
    ir_print_module(m, fp);
    fclose(fp);
    ir_diag_init(&d, "<builder>", src, len, NULL);
    IrModule *m2 = ir_parse(src, len, &d);
    ck_assert_ptr_nonnull(m2);
    ck_assert(ir_verify_module(m2, &d));
    char *again = NULL;
    fp = open_memstream(&again, &len);
    ir_print_module(m2, fp);
    fclose(fp);
    ck_assert_str_eq(again, src);
    ir_module_free(m2);
    free(src);
    free(again);
}
END_TEST

/* Checks that every use of v is listed, in layout order, and that its
 * slot holds v. */
static void
assert_uses(const IrUses *u, IrValue v, const IrInst *insts, uint32_t n)
{
    ck_assert_uint_eq(ir_uses_count(u, v), n);
    for (uint32_t k = 0; k < n; k++) {
        IrUse use = u->uses[u->start[v.id] + k];
        ck_assert_uint_eq(use.inst.id, insts[k].id);
        ck_assert_uint_eq(f->vpool.data[use.slot].id, v.id);
    }
}

#define USES(u, v, ...) \
    assert_uses(u, v, (IrInst[]){__VA_ARGS__}, \
                sizeof((IrInst[]){__VA_ARGS__}) / sizeof(IrInst))

START_TEST(test_ir_uses_compute_factorial)
{
    Fact t = build_factorial();
    IrUses u;
    ir_uses_compute(f, &u);
    ck_assert_uint_eq(u.nvalues, ir_num_values(f));
    IrInst cmp = def_inst(t.cmp), mul = def_inst(t.mul);
    IrInst sub = def_inst(t.sub);
    USES(&u, t.n, t.br0);
    USES(&u, t.one, t.br0, cmp, sub);
    USES(&u, t.x, cmp, mul, sub);
    USES(&u, t.acc, t.condbr, mul);
    USES(&u, t.cmp, t.condbr);
    USES(&u, t.mul, t.br1);
    USES(&u, t.sub, t.br1);
    USES(&u, t.result, t.ret);
    ck_assert_uint_eq(ir_uses_count(&u, (IrValue){0}), 0);
    uint32_t total = 0;
    for (uint32_t v = 1; v < ir_num_values(f); v++)
        total += ir_uses_count(&u, (IrValue){v});
    ck_assert_uint_eq(total, 13);
    ir_uses_free(&u);
    ck_assert_ptr_null(u.start);
}
END_TEST

START_TEST(test_ir_uses_compute_twice_and_unlaid)
{
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    IrValue p = ir_block_add_param(f, e, IR_T_I32, 0);
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    IrValue s = ir_build_binary(&b, IR_OP_IADD, IR_T_I32, p, p);
    IrValue dead = ir_build_binary(&b, IR_OP_IMUL, IR_T_I32, s, p);
    ir_build_ret(&b, s);
    ir_layout_remove_inst(f, def_inst(dead));   /* no longer counted */
    IrUses u;
    ir_uses_compute(f, &u);
    USES(&u, p, def_inst(s), def_inst(s));
    ck_assert_uint_eq(u.uses[u.start[p.id]].slot + 1,
                      u.uses[u.start[p.id] + 1].slot);
    ck_assert_uint_eq(ir_uses_count(&u, s), 1);
    ck_assert_uint_eq(ir_uses_count(&u, dead), 0);
    ir_uses_free(&u);
}
END_TEST

START_TEST(test_ir_replace_all_uses)
{
    Fact t = build_factorial();
    IrBuilder b;
    ir_builder_before(&b, f, t.br0);
    IrValue two = ir_build_iconst(&b, IR_T_I32, 2);
    ir_replace_all_uses(f, t.one, two);
    IrUses u;
    ir_uses_compute(f, &u);
    ck_assert_uint_eq(ir_uses_count(&u, t.one), 0);
    USES(&u, two, t.br0, def_inst(t.cmp), def_inst(t.sub));
    ck_assert_uint_eq(ir_target_arg(f, t.br0, 0, 1).id, two.id);
    ir_uses_free(&u);
    /* The definition itself is untouched. */
    ck_assert_uint_eq(ir_inst_result(f, def_inst(t.one)).id, t.one.id);
    /* Branch arguments and operands of every kind. */
    ir_replace_all_uses(f, t.acc, t.x);
    ir_uses_compute(f, &u);
    ck_assert_uint_eq(ir_uses_count(&u, t.acc), 0);
    USES(&u, t.x, def_inst(t.cmp), t.condbr, def_inst(t.mul),
         def_inst(t.mul), def_inst(t.sub));
    ck_assert_uint_eq(ir_target_arg(f, t.condbr, 0, 0).id, t.x.id);
    ir_uses_free(&u);
    /* Replacing a value with no uses changes nothing. */
    ir_replace_all_uses(f, t.acc, t.n);
    ir_uses_compute(f, &u);
    ck_assert_uint_eq(ir_uses_count(&u, t.n), 1);
    ir_uses_free(&u);
}
END_TEST

START_TEST(test_ir_block_param_add_remove)
{
    IrBlock x = ir_block_create(f, "x"), y = ir_block_create(f, "y");
    IrValue a = ir_block_add_param(f, x, IR_T_I32, name("a"));
    IrValue bv = ir_block_add_param(f, x, IR_T_F64, name("b"));
    IrValue other = ir_block_add_param(f, y, IR_T_I8, 0);
    /* x's run is no longer at the end of the pool: it moves. */
    IrValue c = ir_block_add_param(f, x, IR_T_PTR, name("c"));
    ck_assert_uint_eq(ir_block(f, x)->nparams, 3);
    ck_assert_uint_eq(ir_block_param(f, x, 0).id, a.id);
    ck_assert_uint_eq(ir_block_param(f, x, 1).id, bv.id);
    ck_assert_uint_eq(ir_block_param(f, x, 2).id, c.id);
    ck_assert_uint_eq(ir_block_param(f, y, 0).id, other.id);
    ck_assert_uint_eq(ir_value(f, c)->index, 2);
    ck_assert_uint_eq(ir_value_type(f, bv).id, IR_T_F64.id);

    ir_block_remove_param(f, x, 1);
    ck_assert_uint_eq(ir_block(f, x)->nparams, 2);
    ck_assert_uint_eq(ir_block_param(f, x, 0).id, a.id);
    ck_assert_uint_eq(ir_block_param(f, x, 1).id, c.id);
    ck_assert_uint_eq(ir_value(f, c)->index, 1);
    ck_assert_int_eq(ir_value(f, bv)->kind, IR_VAL_NONE);
    ck_assert_uint_eq(ir_block_param(f, y, 0).id, other.id);

    ir_block_remove_param(f, x, 1);             /* last */
    ck_assert_uint_eq(ir_block(f, x)->nparams, 1);
    IrValue d = ir_block_add_param(f, x, IR_T_I16, 0);
    ck_assert_uint_eq(ir_block_param(f, x, 1).id, d.id);
    ck_assert_uint_eq(ir_value(f, d)->index, 1);
    ir_block_remove_param(f, x, 0);             /* first */
    ck_assert_uint_eq(ir_block_param(f, x, 0).id, d.id);
    ck_assert_uint_eq(ir_value(f, d)->index, 0);
    ck_assert_uint_eq(ir_value(f, d)->def, x.id);
    ir_block_remove_param(f, x, 0);
    ck_assert_uint_eq(ir_block(f, x)->nparams, 0);
    ck_assert_uint_eq(ir_block_param(f, y, 0).id, other.id);
}
END_TEST

START_TEST(test_ir_sig_intern)
{
    IrParam p2[2] = {{.ty = IR_T_I32}, {.ty = IR_T_PTR}};
    IrSig s1 = ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, false, p2, 2);
    IrSig s2 = ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, false,
                             (IrParam[]){{.ty = IR_T_I32},
                                         {.ty = IR_T_PTR}}, 2);
    ck_assert_uint_ne(s1.id, 0);
    ck_assert_uint_eq(s1.id, s2.id);
    const IrSigData *d = ir_sig(m, s1);
    ck_assert_uint_eq(d->ret.id, IR_T_I64.id);
    ck_assert_uint_eq(d->nparams, 2);
    ck_assert(!d->variadic);
    ck_assert_uint_eq(ir_sig_param(m, s1, 1)->ty.id, IR_T_PTR.id);

    /* Each difference gives a new signature. */
    IrParam na[2] = {{.ty = IR_T_I32}, {.ty = IR_T_PTR,
                                        .attrs = IR_ATTR_NONNULL}};
    IrParam bv[2] = {{.ty = IR_T_I32}, {.ty = IR_T_PTR,
                                        .attrs = IR_ATTR_BYVAL, .byval = 16}};
    IrParam bv2[2] = {{.ty = IR_T_I32}, {.ty = IR_T_PTR,
                                         .attrs = IR_ATTR_BYVAL, .byval = 24}};
    IrSig v[] = {
        s1,
        ir_sig_intern(m, IR_T_I32, 0, IR_CONV_CCC, false, p2, 2),
        ir_sig_intern(m, IR_T_I64, IR_ATTR_NOALIAS, IR_CONV_CCC, false,
                      p2, 2),
        ir_sig_intern(m, IR_T_I64, 0, IR_CONV_SYSV, false, p2, 2),
        ir_sig_intern(m, IR_T_I64, 0, IR_CONV_WIN64, false, p2, 2),
        ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, true, p2, 2),
        ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, false, p2, 1),
        ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, false, na, 2),
        ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, false, bv, 2),
        ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, false, bv2, 2),
        ir_sig_intern(m, IR_T_VOID, 0, IR_CONV_CCC, false, NULL, 0),
    };
    size_t n = sizeof v / sizeof v[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            ck_assert_uint_ne(v[i].id, v[j].id);
    /* Attributes do not matter to ir_sig_same_types; types do. */
    ck_assert(ir_sig_same_types(m, s1, v[2]));
    ck_assert(ir_sig_same_types(m, s1, v[7]));
    ck_assert(ir_sig_same_types(m, v[8], v[9]));
    ck_assert(!ir_sig_same_types(m, s1, v[1]));
    ck_assert(!ir_sig_same_types(m, s1, v[3]));
    ck_assert(!ir_sig_same_types(m, s1, v[5]));
    ck_assert(!ir_sig_same_types(m, s1, v[6]));
    ck_assert_uint_eq(ir_sig_param(m, v[9], 1)->byval, 24);
    /* Interning again finds every one. */
    ck_assert_uint_eq(ir_sig_intern(m, IR_T_I64, 0, IR_CONV_CCC, false,
                                    bv2, 2).id, v[9].id);
    ck_assert_uint_eq(ir_sig_intern(m, IR_T_VOID, 0, IR_CONV_CCC, false,
                                    NULL, 0).id, v[10].id);
    /* Aggregate parameter types are part of the identity. */
    IrType s = ir_type_struct(m, (IrType[]){IR_T_I32, IR_T_I32}, 2);
    IrType s2b = ir_type_struct(m, (IrType[]){IR_T_I32, IR_T_I32}, 2);
    ck_assert_uint_eq(sig_of(IR_T_VOID, &s, 1).id,
                      sig_of(IR_T_VOID, &s2b, 1).id);
}
END_TEST

START_TEST(test_ir_sig_intern_many)
{
    enum { N = 500 };
    IrSig *ids = malloc(N * sizeof *ids);
    for (uint32_t i = 0; i < N; i++) {
        IrType t = ir_type_array(m, IR_T_I8, i);
        ids[i] = sig_of(t, &t, 1);
    }
    for (uint32_t i = 0; i < N; i++) {
        IrType t = ir_type_array(m, IR_T_I8, i);
        ck_assert_uint_eq(sig_of(t, &t, 1).id, ids[i].id);
    }
    free(ids);
}
END_TEST

START_TEST(test_ir_builder_before)
{
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    IrInst r = ir_build_unreachable(&b);
    ir_builder_before(&b, f, r);
    b.loc = (IrLoc){7, 3};
    IrValue x = ir_build_iconst(&b, IR_T_I8, 0x1ff);
    IrValue y = ir_build_bconst(&b, true);
    IrInst xi = def_inst(x), yi = def_inst(y);
    ck_assert_uint_eq(ir_layout_first_inst(f, e).id, xi.id);
    ck_assert_uint_eq(ir_layout_next_inst(f, xi).id, yi.id);
    ck_assert_uint_eq(ir_layout_next_inst(f, yi).id, r.id);
    ck_assert_uint_eq(ir_inst(f, xi)->imm, 0xff);    /* masked to i8 */
    ck_assert_uint_eq(ir_inst(f, xi)->loc.line, 7);
    ck_assert_uint_eq(ir_inst(f, xi)->loc.col, 3);
    ck_assert_uint_eq(ir_inst(f, yi)->imm, 1);
    ck_assert_uint_eq(ir_value_type(f, y).id, IR_T_BOOL.id);
    ir_builder_at_end(&b, f, e);
    IrValue z = ir_build_iconst(&b, IR_T_I64, UINT64_MAX);
    ck_assert_uint_eq(ir_layout_last_inst(f, e).id, def_inst(z).id);
    ck_assert_uint_eq(ir_inst(f, def_inst(z))->imm, UINT64_MAX);
    IrValue h = ir_build_iconst(&b, IR_T_I16, 0x12345);
    ck_assert_uint_eq(ir_inst(f, def_inst(h))->imm, 0x2345);
    IrValue d = ir_build_f64(&b, 1.5);
    ck_assert_uint_eq(ir_inst(f, def_inst(d))->imm,
                      UINT64_C(0x3FF8000000000000));
    IrValue s = ir_build_f32(&b, -2.0f);
    ck_assert_uint_eq(ir_inst(f, def_inst(s))->imm, 0xC0000000u);
    ck_assert_uint_eq(ir_value_type(f, s).id, IR_T_F32.id);
}
END_TEST

START_TEST(test_ir_build_calls)
{
    IrSig gs = sig_of(IR_T_I64, (IrType[]){IR_T_I32, IR_T_PTR}, 2);
    IrSym g = ir_func_declare(m, "g", gs);
    IrSym h = ir_func_declare(m, "h", sig_of(IR_T_VOID, NULL, 0));
    ck_assert_uint_eq(ir_sym_lookup(m, name("g")).id, g.id);
    ck_assert_ptr_null(ir_sym_c(m, g)->func);
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    IrValue a = ir_build_iconst(&b, IR_T_I32, 5);
    IrValue p = ir_build_null(&b, IR_T_PTR);
    IrInst c = ir_build_call(&b, g, (IrValue[]){a, p}, 2);
    ck_assert_int_eq(ir_inst_op(f, c), IR_OP_CALL);
    ck_assert_uint_eq(ir_inst(f, c)->imm, g.id);
    ck_assert_uint_eq(ir_inst(f, c)->nargs, 2);
    ck_assert_uint_eq(ir_value_type(f, ir_inst_result(f, c)).id,
                      IR_T_I64.id);
    IrInst cv = ir_build_call(&b, h, NULL, 0);
    ck_assert_uint_eq(ir_inst_result(f, cv).id, 0);
    IrValue fp = ir_build_globaladdr(&b, g);
    ck_assert_uint_eq(ir_inst(f, def_inst(fp))->imm, g.id);
    IrInst ic = ir_build_indirectcall(&b, gs, fp, (IrValue[]){a, p}, 2);
    ck_assert_int_eq(ir_inst_op(f, ic), IR_OP_INDIRECTCALL);
    ck_assert_uint_eq(ir_inst(f, ic)->imm, gs.id);
    ck_assert_uint_eq(ir_inst(f, ic)->nargs, 3);
    ck_assert_uint_eq(ir_inst_arg(f, ic, 0).id, fp.id);
    ck_assert_uint_eq(ir_inst_arg(f, ic, 2).id, p.id);
    ck_assert_uint_eq(ir_value_type(f, ir_inst_result(f, ic)).id,
                      IR_T_I64.id);
    IrInst r = ir_build_ret(&b, (IrValue){0});
    ck_assert_uint_eq(ir_inst(f, r)->nargs, 0);
    ck_assert_uint_eq(ir_inst(f, r)->ty.id, IR_T_VOID.id);
}
END_TEST

START_TEST(test_ir_build_memory_and_aggregates)
{
    IrType pair = ir_type_struct(m, (IrType[]){IR_T_I8, IR_T_I64}, 2);
    IrSlot sl = ir_slot_create(f, pair, name("s"));
    ck_assert_uint_eq(ir_slot(f, sl)->ty.id, pair.id);
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    IrValue sp = ir_build_stackslot(&b, sl);
    ck_assert_uint_eq(ir_inst(f, def_inst(sp))->imm, sl.id);
    ck_assert_uint_eq(ir_value_type(f, sp).id, IR_T_PTR.id);
    IrValue ep = ir_build_elemptr(&b, pair, sp, 1);
    ck_assert_uint_eq(ir_inst(f, def_inst(ep))->imm, 1);
    ck_assert_uint_eq(ir_inst(f, def_inst(ep))->ty.id, pair.id);
    IrValue v = ir_build_load(&b, IR_T_I64, ep, true);
    ck_assert(ir_inst(f, def_inst(v))->flags & IR_INSTF_VOLATILE);
    IrValue agg = ir_build_load(&b, pair, sp, false);
    ck_assert(!(ir_inst(f, def_inst(agg))->flags & IR_INSTF_VOLATILE));
    IrValue x = ir_build_extract(&b, pair, agg, 1);
    ck_assert_uint_eq(ir_value_type(f, x).id, IR_T_I64.id);
    ck_assert_uint_eq(ir_inst(f, def_inst(x))->ty2.id, pair.id);
    IrValue y = ir_build_insert(&b, pair, agg, v, 1);
    ck_assert_uint_eq(ir_value_type(f, y).id, pair.id);
    ck_assert_uint_eq(ir_inst(f, def_inst(y))->ty2.id, IR_T_I64.id);
    IrInst st = ir_build_store(&b, pair, y, sp, false);
    ck_assert_uint_eq(ir_inst_result(f, st).id, 0);
    ck_assert_uint_eq(ir_inst_arg(f, st, 0).id, y.id);
    ck_assert_uint_eq(ir_inst_arg(f, st, 1).id, sp.id);
    IrValue i = ir_build_iconst(&b, IR_T_I16, 3);
    IrValue o = ir_build_offset(&b, pair, sp, i);
    ck_assert_uint_eq(ir_inst(f, def_inst(o))->ty.id, pair.id);
    ck_assert_uint_eq(ir_inst(f, def_inst(o))->ty2.id, IR_T_I16.id);
    IrValue w = ir_build_cast(&b, IR_OP_SEXT, IR_T_I64, i);
    ck_assert_uint_eq(ir_inst(f, def_inst(w))->ty.id, IR_T_I64.id);
    ck_assert_uint_eq(ir_inst(f, def_inst(w))->ty2.id, IR_T_I16.id);
    IrValue al = ir_build_alloca(&b, pair);
    ck_assert_uint_eq(ir_value_type(f, al).id, IR_T_PTR.id);
    ck_assert_uint_eq(ir_inst(f, def_inst(al))->ty.id, pair.id);
    IrValue c = ir_build_fcmp(&b, IR_PRED_UNO, IR_T_F64,
                              ir_build_f64(&b, 0), ir_build_f64(&b, 1));
    ck_assert_int_eq(ir_inst(f, def_inst(c))->pred, IR_PRED_UNO);
    IrValue s = ir_build_sel(&b, IR_T_I64, c, v, x);
    ck_assert_uint_eq(ir_inst_arg(f, def_inst(s), 0).id, c.id);
    ck_assert_uint_eq(ir_inst(f, def_inst(s))->nargs, 3);
}
END_TEST

START_TEST(test_ir_inst_set_args)
{
    Fact t = build_factorial();
    IrInst mul = def_inst(t.mul);
    /* Shrinking and same length stay in place; growing moves. */
    uint32_t at = ir_inst(f, mul)->args;
    ir_inst_set_args(f, mul, (IrValue[]){t.x, t.acc}, 2);
    ck_assert_uint_eq(ir_inst(f, mul)->args, at);
    ck_assert_uint_eq(ir_inst_arg(f, mul, 0).id, t.x.id);
    ir_inst_set_args(f, mul, (IrValue[]){t.one, t.x, t.acc}, 3);
    ck_assert_uint_eq(ir_inst(f, mul)->nargs, 3);
    ck_assert_uint_eq(ir_inst_arg(f, mul, 2).id, t.acc.id);
    /* Arguments that point into the old run. */
    ir_inst_set_args(f, mul, ir_inst_args(f, mul) + 1, 2);
    ck_assert_uint_eq(ir_inst(f, mul)->nargs, 2);
    ck_assert_uint_eq(ir_inst_arg(f, mul, 0).id, t.x.id);
    ck_assert_uint_eq(ir_inst_arg(f, mul, 1).id, t.acc.id);
    /* Branch arguments. */
    ir_target_set_args(f, t.condbr, 1, &t.x, 1);
    ck_assert_uint_eq(ir_target(f, t.condbr, 1)->nargs, 1);
    ck_assert_uint_eq(ir_target_arg(f, t.condbr, 1, 0).id, t.x.id);
    ck_assert_uint_eq(ir_target_arg(f, t.condbr, 0, 0).id, t.acc.id);
    ir_target_set_args(f, t.br0, 0, NULL, 0);
    ir_inst_set_args(f, t.ret, NULL, 0);
    ck_assert_uint_eq(ir_inst(f, t.ret)->nargs, 0);
    ck_assert_uint_eq(ir_target(f, t.br0, 0)->nargs, 0);
    IrUses u;
    ir_uses_compute(f, &u);
    ck_assert_uint_eq(ir_uses_count(&u, t.n), 0);
    ck_assert_uint_eq(ir_uses_count(&u, t.x), 4);   /* cmp mul sub condbr */
    ck_assert_uint_eq(ir_uses_count(&u, t.result), 0);
    ir_uses_free(&u);
}
END_TEST

START_TEST(test_ir_func_symbols)
{
    ck_assert_uint_eq(ir_num_syms(m), 1);
    IrSym s = ir_sym_lookup(m, name("factorial"));
    ck_assert_uint_eq(s.id, 1);
    ck_assert_ptr_eq(ir_sym(m, s)->func, f);
    ck_assert_int_eq(ir_sym(m, s)->kind, IR_SYM_FUNC);
    ck_assert_uint_eq(f->sym.id, s.id);
    ck_assert_ptr_eq(f->mod, m);
    ck_assert_uint_eq(ir_sym_lookup(m, name("nope")).id, 0);
    IrSym d = ir_data_define(m, "table", IR_SYM_CONST, IR_T_I64,
                             ir_init_new(m, IR_INIT_ZERO), 16);
    ck_assert_uint_eq(ir_num_syms(m), 2);
    ck_assert_uint_eq(ir_sym_c(m, d)->align, 16);
    ck_assert_int_eq(ir_sym_c(m, d)->kind, IR_SYM_CONST);
    ck_assert_int_eq(ir_init_c(m, ir_sym_c(m, d)->init)->kind,
                     IR_INIT_ZERO);
    /* Fresh block labels skip names already taken. */
    IrBlock b1 = ir_block_create(f, "bb1");
    IrBlock b2 = ir_block_create(f, NULL);
    ck_assert_str_ne(ir_str(m, ir_block(f, b2)->name), "bb1");
    ck_assert_uint_ne(ir_block(f, b1)->name, ir_block(f, b2)->name);
}
END_TEST

/* Fresh labels never repeat one taken, whether it was taken before the
 * first fresh label or in between (the label set catches up), and
 * labels made by ir_block_create_named count too. */
START_TEST(test_ir_fresh_labels_unique)
{
    char buf[32];
    for (int k = 1; k <= 300; k += 2) {
        snprintf(buf, sizeof buf, "bb%d", k);
        ir_block_create(f, buf);
    }
    enum { N = 600 };
    IrBlock fresh[N];
    for (int k = 0; k < N; k++) {
        fresh[k] = ir_block_create(f, NULL);
        if (k == N / 2)
            for (int x = 0; x < 50; x++) {
                snprintf(buf, sizeof buf, "bb%d", 460 + x);
                ir_block_create_named(f, name(buf));
            }
    }
    for (uint32_t a = 1; a < ir_num_blocks(f); a++)
        for (uint32_t b = a + 1; b < ir_num_blocks(f); b++)
            ck_assert_uint_ne(ir_block(f, (IrBlock){a})->name,
                              ir_block(f, (IrBlock){b})->name);
    ck_assert_uint_ne(ir_block(f, fresh[0])->name, 0);
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("ir_builder");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_ir_build_factorial);
    tcase_add_test(tc, test_ir_build_factorial_prints_as_spec);
    tcase_add_test(tc, test_ir_uses_compute_factorial);
    tcase_add_test(tc, test_ir_uses_compute_twice_and_unlaid);
    tcase_add_test(tc, test_ir_replace_all_uses);
    tcase_add_test(tc, test_ir_block_param_add_remove);
    tcase_add_test(tc, test_ir_sig_intern);
    tcase_add_test(tc, test_ir_sig_intern_many);
    tcase_add_test(tc, test_ir_builder_before);
    tcase_add_test(tc, test_ir_build_calls);
    tcase_add_test(tc, test_ir_build_memory_and_aggregates);
    tcase_add_test(tc, test_ir_inst_set_args);
    tcase_add_test(tc, test_ir_func_symbols);
    tcase_add_test(tc, test_ir_fresh_labels_unique);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
