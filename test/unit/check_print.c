/*
 * check_print.c - the canonical printer (lib/ir/print.c) on IR built with
 * the builder API: numbering of unnamed values in textual order, header,
 * data and initializer forms, float and integer literal spelling.
 */
#include <check.h>
#include <string.h>

#include "ir.h"
#include "ckmain.h"

/* The printed module, as a malloc'd string. */
static char *
print_module(IrModule *m)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    ir_print_module(m, f);
    fclose(f);
    return s;
}

static char *
print_inst(IrFunc *fn, IrInst i)
{
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    ir_print_inst(fn, i, f);
    fclose(f);
    return s;
}

static uint32_t
name(IrModule *m, const char *s)
{
    return ir_intern(m, s, strlen(s));
}

static IrSig
sig(IrModule *m, IrType ret, const IrType *params, uint32_t n, bool va)
{
    IrParam p[8] = {0};
    for (uint32_t k = 0; k < n; k++)
        p[k].ty = params[k];
    return ir_sig_intern(m, ret, 0, IR_CONV_CCC, va, p, n);
}

#define CHECK_TEXT(got, want)                                           \
    do {                                                                \
        char *g_ = (got);                                               \
        ck_assert_str_eq(g_, (want));                                   \
        free(g_);                                                       \
    } while (0)

/* Example 12.1 built in memory prints as the spec writes it. */
START_TEST(test_print_module_factorial)
{
    IrModule *m = ir_module_new();
    IrType i32 = IR_T_I32;
    IrSym s = ir_func_declare(m, "factorial", sig(m, i32, &i32, 1, false));
    IrFunc *f = ir_func_define(m, s);
    IrBlock entry = ir_block_create(f, "entry");
    IrBlock head = ir_block_create(f, "loop.head");
    IrBlock body = ir_block_create(f, "loop.body");
    IrBlock exit = ir_block_create(f, "exit");
    ir_layout_append_block(f, entry);
    ir_layout_append_block(f, head);
    ir_layout_append_block(f, body);
    ir_layout_append_block(f, exit);
    IrValue n = ir_block_add_param(f, entry, i32, name(m, "n"));
    IrValue x = ir_block_add_param(f, head, i32, name(m, "x"));
    IrValue acc = ir_block_add_param(f, head, i32, name(m, "acc"));
    IrValue res = ir_block_add_param(f, exit, i32, name(m, "result"));
    IrBuilder b;
    ir_builder_at_end(&b, f, entry);
    IrValue one = ir_build_iconst(&b, i32, 1);
    IrValue a1[2] = {n, one};
    ir_build_br(&b, head, a1, 2);
    ir_builder_at_end(&b, f, head);
    IrValue c = ir_build_icmp(&b, IR_PRED_SLE, i32, x, one);
    ir_build_condbr(&b, c, exit, &acc, 1, body, NULL, 0);
    ir_builder_at_end(&b, f, body);
    IrValue p = ir_build_binary(&b, IR_OP_IMUL, i32, acc, x);
    IrValue d = ir_build_binary(&b, IR_OP_ISUB, i32, x, one);
    IrValue a2[2] = {d, p};
    ir_build_br(&b, head, a2, 2);
    ir_builder_at_end(&b, f, exit);
    ir_build_ret(&b, res);
    CHECK_TEXT(print_module(m),
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
    ir_module_free(m);
}
END_TEST

/* A value created by a pass in front of existing ones takes the next
 * number in textual order and the later ones shift. */
START_TEST(test_print_module_pass_values_renumbered)
{
    IrModule *m = ir_module_new();
    IrType i64 = IR_T_I64;
    IrSym s = ir_func_declare(m, "f", sig(m, i64, &i64, 1, false));
    IrFunc *f = ir_func_define(m, s);
    IrBlock entry = ir_block_create(f, "entry");
    ir_layout_append_block(f, entry);
    IrValue a = ir_block_add_param(f, entry, i64, 0);
    IrBuilder b;
    ir_builder_at_end(&b, f, entry);
    IrValue k = ir_build_iconst(&b, i64, 5);
    IrValue r = ir_build_binary(&b, IR_OP_IADD, i64, a, k);
    IrInst ret = ir_build_ret(&b, r);
    CHECK_TEXT(print_inst(f, ret), "ret i64 %2");
    /* A pass inserts a multiply before the add and uses it. */
    IrInst add = {ir_value(f, r)->def};
    ir_builder_before(&b, f, add);
    IrValue mul = ir_build_binary(&b, IR_OP_IMUL, i64, a, a);
    IrValue args[2] = {mul, k};
    ir_inst_set_args(f, add, args, 2);
    CHECK_TEXT(print_module(m),
        "fn i64 @f(i64) {\n"
        "entry(i64 %0):\n"
        "  %1 = iconst i64 5\n"
        "  %2 = imul i64 %0, %0\n"
        "  %3 = iadd i64 %2, %1\n"
        "  ret i64 %3\n"
        "}\n");
    CHECK_TEXT(print_inst(f, add), "%3 = iadd i64 %2, %1");
    /* Removing an instruction from the layout frees its number. */
    ir_layout_remove_inst(f, (IrInst){ir_value(f, k)->def});
    CHECK_TEXT(print_inst(f, add), "%2 = iadd i64 %1, %?2");
    ir_module_free(m);
}
END_TEST

/* A builder-given name made only of digits is a numbered name (spec
 * section 5): it is renumbered, never printed as is, so it cannot clash
 * with the numbers of unnamed values. */
START_TEST(test_print_module_digit_names_renumbered)
{
    IrModule *m = ir_module_new();
    IrType i32 = IR_T_I32;
    IrSym s = ir_func_declare(m, "f", sig(m, i32, &i32, 1, false));
    IrFunc *f = ir_func_define(m, s);
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    IrValue a = ir_block_add_param(f, e, i32, name(m, "7"));
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    IrValue k = ir_build_iconst(&b, i32, 1);
    IrValue r = ir_build_binary(&b, IR_OP_IADD, i32, a, k);
    ir_value(f, r)->name = name(m, "0");
    IrValue r2 = ir_build_binary(&b, IR_OP_IADD, i32, r, k);
    ir_value(f, r2)->name = name(m, "0x");
    ir_build_ret(&b, r2);
    CHECK_TEXT(print_module(m),
        "fn i32 @f(i32) {\n"
        "entry(i32 %0):\n"
        "  %1 = iconst i32 1\n"
        "  %2 = iadd i32 %0, %1\n"
        "  %0x = iadd i32 %2, %1\n"
        "  ret i32 %0x\n"
        "}\n");
    ir_module_free(m);
}
END_TEST

START_TEST(test_print_module_empty)
{
    IrModule *m = ir_module_new();
    CHECK_TEXT(print_module(m), "");
    ir_module_free(m);
}
END_TEST

/* Declarations and data one line each; blank lines only next to
 * definitions; dead symbols skipped. */
START_TEST(test_print_module_items)
{
    IrModule *m = ir_module_new();
    IrType p = IR_T_PTR;
    IrParam mp[3] = {{IR_T_PTR, IR_ATTR_NONNULL | IR_ATTR_NOALIAS, 0},
                     {IR_T_PTR, IR_ATTR_BYVAL, 24}, {IR_T_I64, 0, 0}};
    ir_func_declare(m, "memcpy", ir_sig_intern(m, IR_T_PTR, 0, IR_CONV_SYSV,
                                               false, mp, 3));
    ir_func_declare(m, "malloc",
                    ir_sig_intern(m, IR_T_PTR,
                                  IR_ATTR_NONNULL | IR_ATTR_NOALIAS,
                                  IR_CONV_WIN64, false, mp + 2, 1));
    IrSym dead = ir_func_declare(m, "gone", sig(m, IR_T_VOID, NULL, 0, 0));
    ir_sym(m, dead)->dead = true;
    ir_func_declare(m, "nothing", sig(m, IR_T_VOID, NULL, 0, true));
    IrSym g = ir_func_declare(m, "g", sig(m, IR_T_VOID, &p, 1, true));
    ir_sym(m, g)->internal = true;
    IrFunc *f = ir_func_define(m, g);
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    ir_block_add_param(f, e, p, name(m, "q"));
    ir_slot_create(f, ir_type_array(m, IR_T_I8, 3), name(m, "0"));
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    ir_build_stackslot(&b, (IrSlot){1});
    ir_build_ret(&b, (IrValue){0});
    IrInit z = ir_init_new(m, IR_INIT_ZERO);
    ir_data_define(m, "z", IR_SYM_GLOBAL, IR_T_I32, z, 16);
    ir_data_define(m, "env", IR_SYM_EXTERN, IR_T_PTR, (IrInit){0}, 0);
    CHECK_TEXT(print_module(m),
        "fn ptr @memcpy(noalias nonnull ptr, byval(24) ptr, i64) sysv\n"
        "fn noalias nonnull ptr @malloc(i64) win64\n"
        "fn void @nothing(...)\n"
        "\n"
        "internal fn void @g(ptr, ...) {\n"
        "  $0 = stack [i8 x 3]\n"
        "\n"
        "entry(ptr %q):\n"
        "  %0 = stackslot $0\n"
        "  ret void\n"
        "}\n"
        "\n"
        "@z = global i32 zeroinit, align 16\n"
        "@env = extern ptr\n");
    ir_module_free(m);
}
END_TEST

/* Integer constants print signed per width; floats in shortest form. */
START_TEST(test_print_inst_constants)
{
    IrModule *m = ir_module_new();
    IrSym s = ir_func_declare(m, "c", sig(m, IR_T_VOID, NULL, 0, false));
    IrFunc *f = ir_func_define(m, s);
    IrBlock e = ir_block_create(f, "entry");
    ir_layout_append_block(f, e);
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    static const struct { IrType t; uint64_t bits; const char *want; } ic[] = {
        {{IR_TY_I8}, 255, "%0 = iconst i8 -1"},
        {{IR_TY_I8}, 127, "%0 = iconst i8 127"},
        {{IR_TY_I8}, 128, "%0 = iconst i8 -128"},
        {{IR_TY_I16}, 0xFFFF, "%0 = iconst i16 -1"},
        {{IR_TY_I32}, 0x80000000u, "%0 = iconst i32 -2147483648"},
        {{IR_TY_I64}, UINT64_C(0x8000000000000000),
         "%0 = iconst i64 -9223372036854775808"},
        {{IR_TY_I64}, UINT64_C(0x7FFFFFFFFFFFFFFF),
         "%0 = iconst i64 9223372036854775807"},
    };
    for (size_t k = 0; k < sizeof ic / sizeof ic[0]; k++) {
        IrValue v = ir_build_iconst(&b, ic[k].t, ic[k].bits);
        IrInst i = {ir_value(f, v)->def};
        CHECK_TEXT(print_inst(f, i), ic[k].want);
        ir_layout_remove_inst(f, i);
    }
    static const struct { bool f32; uint64_t bits; const char *want; } fc[] = {
        {false, 0x3FF8000000000000, "1.5"},
        {false, 0x4059000000000000, "100.0"},
        {false, 0x3F50624DD2F1A9FC, "0.001"},
        {false, 0x8000000000000000, "-0.0"},
        {false, 0x0000000000000000, "0.0"},
        {false, 0x43118B54F22AEB00, "1234567890123456.0"},
        {false, 0x4341C37937E08000, "1e16"},
        {false, 0x3EE4F8B588E368F1, "1e-5"},
        {false, 0x3EB0C6F7A0B5ED8D, "1e-6"},
        {false, 0x3F1A36E2EB1C432D, "0.0001"},
        {false, 0x3E90C6F7A0B5ED8D, "2.5e-7"},
        {false, 0x000012688B70E62B, "1e-310"},
        {false, 0x0000000000000001, "5e-324"},
        {false, 0x7FEFFFFFFFFFFFFF, "1.7976931348623157e308"},
        {false, 0x3FB999999999999A, "0.1"},
        {false, 0xC00921FB54442D18, "-3.141592653589793"},
        {false, 0x7FF8000000000000, "NaN"},
        {false, 0x7FF0000000000000, "0f7FF0000000000000"},
        {false, 0xFFF0000000000000, "0fFFF0000000000000"},
        {false, 0xFFF8000000000001, "0fFFF8000000000001"},
        {false, 0xFFF8000000000000, "0fFFF8000000000000"},
        {true, 0x7F7FFFFF, "3.4028235e38"},
        {true, 0x3DCCCCCD, "0.1"},
        {true, 0x3FC00000, "1.5"},
        {true, 0x80000000, "-0.0"},
        {true, 0x00000001, "1e-45"},
        {true, 0x7FC00000, "NaN"},
        {true, 0x7F800000, "0f7F800000"},
        {true, 0x7FC00001, "0f7FC00001"},
    };
    for (size_t k = 0; k < sizeof fc / sizeof fc[0]; k++) {
        IrValue v = ir_build_fconst(&b, fc[k].f32 ? IR_T_F32 : IR_T_F64,
                                    fc[k].bits);
        IrInst i = {ir_value(f, v)->def};
        char want[80];
        snprintf(want, sizeof want, "%%0 = fconst %s %s",
                 fc[k].f32 ? "f32" : "f64", fc[k].want);
        CHECK_TEXT(print_inst(f, i), want);
        ir_layout_remove_inst(f, i);
    }
    ir_module_free(m);
}
END_TEST

/* Initializers print in structure with literals typed member by member. */
START_TEST(test_print_module_initializers)
{
    IrModule *m = ir_module_new();
    IrType mem[4] = {IR_T_I8, IR_T_PTR, IR_T_F32, ir_type_array(m, IR_T_I8, 4)};
    IrType st = ir_type_struct(m, mem, 4);
    IrInit kids[4];
    kids[0] = ir_init_new(m, IR_INIT_INT);
    ir_init(m, kids[0])->bits = 0xFF;
    IrSym self = ir_data_define(m, "self", IR_SYM_CONST, st, (IrInit){0}, 0);
    kids[1] = ir_init_new(m, IR_INIT_SYMREF);
    ir_init(m, kids[1])->sym = self;
    ir_init(m, kids[1])->addend = -8;
    kids[2] = ir_init_new(m, IR_INIT_FLOAT);
    ir_init(m, kids[2])->bits = 0x3DCCCCCD;
    kids[3] = ir_init_new(m, IR_INIT_STRING);
    ir_init(m, kids[3])->str = ir_intern(m, "a\"\\\n", 4);
    IrInit top = ir_init_new(m, IR_INIT_STRUCT);
    uint32_t first = ir_init_list(m, kids, 4);
    ir_init(m, top)->first = first;
    ir_init(m, top)->count = 4;
    ir_sym(m, self)->init = top;
    ir_sym(m, self)->internal = true;
    IrInit es = ir_init_new(m, IR_INIT_STRUCT);
    ir_data_define(m, "e", IR_SYM_GLOBAL, ir_type_struct(m, NULL, 0), es, 0);
    IrInit ea = ir_init_new(m, IR_INIT_ARRAY);
    ir_data_define(m, "a", IR_SYM_GLOBAL, ir_type_array(m, IR_T_I64, 0), ea, 0);
    IrInit r = ir_init_new(m, IR_INIT_SYMREF);
    ir_init(m, r)->sym = self;
    ir_init(m, r)->addend = 16;
    ir_data_define(m, "r", IR_SYM_GLOBAL, IR_T_I64, r, 0);
    CHECK_TEXT(print_module(m),
        "internal @self = const { i8, ptr, f32, [i8 x 4] } "
        "{ -1, @self - 8, 0.1, c\"a\\22\\5C\\0A\" }\n"
        "@e = global {} {}\n"
        "@a = global [i64 x 0] []\n"
        "@r = global i64 @self + 16\n");
    ir_module_free(m);
}
END_TEST

/* Every operand shape, through one function. */
START_TEST(test_print_inst_shapes)
{
    IrModule *m = ir_module_new();
    IrType pi[2] = {IR_T_PTR, IR_T_I32};
    IrSym callee = ir_func_declare(m, "h", sig(m, IR_T_I32, pi, 2, true));
    IrSym s = ir_func_declare(m, "f", sig(m, IR_T_VOID, pi, 2, false));
    IrFunc *f = ir_func_define(m, s);
    IrBlock e = ir_block_create(f, "entry");
    IrBlock t = ir_block_create(f, "one");
    ir_layout_append_block(f, e);
    ir_layout_append_block(f, t);
    IrValue p = ir_block_add_param(f, e, IR_T_PTR, name(m, "p"));
    IrValue n = ir_block_add_param(f, e, IR_T_I32, name(m, "n"));
    IrType agg = ir_type_struct(m, pi, 2);
    IrBuilder b;
    ir_builder_at_end(&b, f, e);
    const char *want[16];
    IrInst in[16];
    int k = 0;
#define LAST() ((IrInst){f->layout.blast[e.id].id})
    ir_build_load(&b, agg, p, true);
    in[k] = LAST(); want[k++] = "%0 = load volatile { ptr, i32 }, ptr %p";
    ir_build_store(&b, IR_T_I32, n, p, false);
    in[k] = LAST(); want[k++] = "store i32 %n, ptr %p";
    IrValue o = ir_build_offset(&b, agg, p, n);
    in[k] = LAST(); want[k++] = "%1 = offset { ptr, i32 }, ptr %p, i32 %n";
    ir_build_elemptr(&b, agg, o, 1);
    in[k] = LAST(); want[k++] = "%2 = elemptr { ptr, i32 }, ptr %1, 1";
    IrValue u = ir_build_undef(&b, agg);
    IrValue x = ir_build_extract(&b, agg, u, 1);
    in[k] = LAST(); want[k++] = "%4 = extract i32, { ptr, i32 } %3, 1";
    ir_build_insert(&b, agg, u, x, 1);
    in[k] = LAST(); want[k++] = "%5 = insert { ptr, i32 } %3, i32 %4, 1";
    IrValue z = ir_build_cast(&b, IR_OP_ZEXT, IR_T_I64, x);
    in[k] = LAST(); want[k++] = "%6 = zext i64, i32 %4";
    IrValue c = ir_build_fcmp(&b, IR_PRED_ONE, IR_T_F64, z, z);
    in[k] = LAST(); want[k++] = "%7 = fcmp one f64 %6, %6";
    ir_build_sel(&b, IR_T_I32, c, n, x);
    in[k] = LAST(); want[k++] = "%8 = sel i32, bool %7, %n, %4";
    IrValue args[3] = {p, n, z};
    ir_build_call(&b, callee, args, 3);
    in[k] = LAST(); want[k++] = "%9 = call i32 @h(ptr %p, i32 %n, i64 %6)";
    IrParam sp[1] = {{IR_T_PTR, IR_ATTR_NONNULL, 0}};
    IrSig is = ir_sig_intern(m, IR_T_VOID, 0, IR_CONV_WIN64, true, sp, 1);
    ir_build_indirectcall(&b, is, p, args, 1);
    in[k] = LAST();
    want[k++] = "indirectcall void (nonnull ptr, ...) win64, ptr %p(ptr %p)";
    ir_build_globaladdr(&b, callee);
    in[k] = LAST(); want[k++] = "%10 = globaladdr @h";
    ir_build_alloca(&b, agg);
    in[k] = LAST(); want[k++] = "%11 = alloca { ptr, i32 }";
    ir_build_condbr(&b, c, t, &n, 1, t, NULL, 0);
    in[k] = LAST(); want[k++] = "condbr bool %7, one(i32 %n), one";
    for (int j = 0; j < k; j++)
        CHECK_TEXT(print_inst(f, in[j]), want[j]);
    ir_module_free(m);
#undef LAST
}
END_TEST

static Suite *
print_suite(void)
{
    Suite *s = suite_create("print");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_print_module_factorial);
    tcase_add_test(tc, test_print_module_pass_values_renumbered);
    tcase_add_test(tc, test_print_module_digit_names_renumbered);
    tcase_add_test(tc, test_print_module_empty);
    tcase_add_test(tc, test_print_module_items);
    tcase_add_test(tc, test_print_inst_constants);
    tcase_add_test(tc, test_print_module_initializers);
    tcase_add_test(tc, test_print_inst_shapes);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(print_suite());
}
