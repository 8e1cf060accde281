/*
 * check_parse.c - the SIR reader (lib/ir/parse.c, grammar/): the IR it
 * builds (type fields per IrFormat, names, numbering, locations of
 * instructions and operands), forward references, two parses in one
 * process, float literal reading and formatting, and error counts.
 */
#include <check.h>
#include <string.h>

#include "ir.h"
#include "ckmain.h"

static IrModule *
parse(const char *src, int *nerrors)
{
    Diag d;
    ir_diag_init(&d, "t.sir", src, strlen(src), NULL);
    IrModule *m = ir_parse(src, strlen(src), &d);
    if (nerrors)
        *nerrors = d.nerrors;
    return m;
}

static IrFunc *
func(IrModule *m, const char *name)
{
    IrSym s = ir_sym_lookup(m, ir_str_find(m, name, strlen(name)));
    ck_assert_uint_ne(s.id, 0);
    return ir_sym(m, s)->func;
}

/* The n-th instruction (0-based) of the entry block. */
static IrInst
nth(IrFunc *f, int n)
{
    IrInst i = ir_layout_first_inst(f, ir_layout_entry(f));
    while (n-- > 0)
        i = ir_layout_next_inst(f, i);
    return i;
}

START_TEST(test_parse_fields)
{
    const char *src =
        "fn i64 @g(i32)\n"
        "fn i32 @f({ i32, f64 }, ptr) {\n"
        "entry({ i32, f64 } %s, ptr %p):\n"
        "  %0 = extract f64, { i32, f64 } %s, 1\n"
        "  %1 = insert { i32, f64 } %s, f64 %0, 1\n"
        "  %2 = ftosi i32, f64 %0\n"
        "  %3 = call i64 @g(i32 %2)\n"
        "  %4 = indirectcall i64 (i32) win64, ptr %p(i32 %2)\n"
        "  %5 = offset i8, ptr %p, i64 %3\n"
        "  %6 = load volatile i32, ptr %5\n"
        "  %7 = icmp ult i32 %6, %2\n"
        "  ret i32 %6\n"
        "}\n";
    IrModule *m = parse(src, NULL);
    ck_assert_ptr_nonnull(m);
    IrFunc *f = func(m, "f");
    IrType agg = ir_value_type(f, ir_block_param(f, ir_layout_entry(f), 0));

    IrInstData *d = ir_inst(f, nth(f, 0));
    ck_assert_uint_eq(d->op, IR_OP_EXTRACT);
    ck_assert_uint_eq(d->ty.id, IR_TY_F64);
    ck_assert_uint_eq(d->ty2.id, agg.id);
    ck_assert_uint_eq(d->imm, 1);

    d = ir_inst(f, nth(f, 1));
    ck_assert_uint_eq(d->ty.id, agg.id);
    ck_assert_uint_eq(d->ty2.id, IR_TY_F64);

    d = ir_inst(f, nth(f, 2));
    ck_assert_uint_eq(d->op, IR_OP_FTOSI);
    ck_assert_uint_eq(d->ty.id, IR_TY_I32);
    ck_assert_uint_eq(d->ty2.id, IR_TY_F64);

    d = ir_inst(f, nth(f, 3));
    ck_assert_uint_eq(d->op, IR_OP_CALL);
    ck_assert_uint_eq(d->ty.id, IR_TY_I64);
    ck_assert_str_eq(ir_str(m, ir_sym(m, (IrSym){(uint32_t)d->imm})->name),
                     "g");

    IrInst ic = nth(f, 4);
    d = ir_inst(f, ic);
    ck_assert_uint_eq(d->op, IR_OP_INDIRECTCALL);
    ck_assert_uint_eq(d->nargs, 2);
    const IrSigData *sd = ir_sig(m, (IrSig){(uint32_t)d->imm});
    ck_assert_uint_eq(sd->conv, IR_CONV_WIN64);
    ck_assert_uint_eq(sd->nparams, 1);
    ck_assert_uint_eq(ir_inst_arg(f, ic, 0).id,
                      ir_block_param(f, ir_layout_entry(f), 1).id);

    d = ir_inst(f, nth(f, 5));
    ck_assert_uint_eq(d->ty.id, IR_TY_I8);
    ck_assert_uint_eq(d->ty2.id, IR_TY_I64);

    d = ir_inst(f, nth(f, 6));
    ck_assert_uint_eq(d->flags, IR_INSTF_VOLATILE);

    d = ir_inst(f, nth(f, 7));
    ck_assert_uint_eq(d->pred, IR_PRED_ULT);
    ck_assert_uint_eq(ir_value_type(f, d->result).id, IR_TY_BOOL);
    ir_module_free(m);
}
END_TEST

/* Names are stored without sigils; numbered values have name 0. */
START_TEST(test_parse_names_and_locations)
{
    const char *src =
        "fn void @f(i32) {\n"
        "  $slot = stack i32\n"
        "\n"
        "entry(i32 %x):\n"
        "  %0 = stackslot $slot\n"
        "  store i32 %x, ptr %0\n"
        "  br next\n"
        "\n"
        "next:\n"
        "  ret void\n"
        "}\n";
    IrModule *m = parse(src, NULL);
    ck_assert_ptr_nonnull(m);
    IrFunc *f = func(m, "f");
    IrBlock entry = ir_layout_entry(f);
    ck_assert_str_eq(ir_str(m, ir_block(f, entry)->name), "entry");
    ck_assert_uint_eq(ir_block(f, entry)->loc.line, 4);
    IrValue x = ir_block_param(f, entry, 0);
    ck_assert_str_eq(ir_str(m, ir_value(f, x)->name), "x");
    ck_assert_str_eq(ir_str(m, ir_slot(f, (IrSlot){1})->name), "slot");
    ck_assert_uint_eq(ir_slot(f, (IrSlot){1})->loc.line, 2);

    IrInst ss = nth(f, 0);
    ck_assert_uint_eq(ir_value(f, ir_inst_result(f, ss))->name, 0);
    ck_assert_uint_eq(ir_inst(f, ss)->loc.line, 5);
    ck_assert_uint_eq(ir_inst(f, ss)->loc.col, 3);

    /* store: unnamed, located at its opcode; operand locations. */
    IrInst st = nth(f, 1);
    IrInstData *d = ir_inst(f, st);
    ck_assert_uint_eq(d->loc.line, 6);
    ck_assert_uint_eq(d->loc.col, 3);
    ck_assert_uint_eq(f->vlocs.data[d->args].col, 13);
    ck_assert_uint_eq(f->vlocs.data[d->args + 1].col, 21);
    ck_assert_uint_eq(f->vlocs.data[d->args + 1].line, 6);

    IrInst br = nth(f, 2);
    IrBlock next = ir_target(f, br, 0)->block;
    ck_assert_str_eq(ir_str(m, ir_block(f, next)->name), "next");
    ck_assert_uint_eq(ir_layout_next_block(f, entry).id, next.id);
    ir_module_free(m);
}
END_TEST

/* Values, blocks and symbols used before their definition. */
START_TEST(test_parse_forward_references)
{
    const char *src =
        "fn i32 @f(i32) {\n"
        "entry(i32 %n):\n"
        "  br head(i32 %n)\n"
        "body:\n"
        "  %r = call i32 @g(i32 %v)\n"
        "  br head(i32 %r)\n"
        "head(i32 %v):\n"
        "  %0 = icmp eq i32 %v, %v\n"
        "  condbr bool %0, out, body\n"
        "out:\n"
        "  ret i32 %v\n"
        "}\n"
        "fn i32 @g(i32)\n";
    IrModule *m = parse(src, NULL);
    ck_assert_ptr_nonnull(m);
    IrFunc *f = func(m, "f");
    IrBlock body = ir_layout_next_block(f, ir_layout_entry(f));
    IrBlock head = ir_layout_next_block(f, body);
    IrInst call = ir_layout_first_inst(f, body);
    ck_assert_uint_eq(ir_inst_arg(f, call, 0).id,
                      ir_block_param(f, head, 0).id);
    IrSym g = ir_sym_lookup(m, ir_str_find(m, "g", 1));
    ck_assert_uint_eq(ir_inst(f, call)->imm, g.id);
    ck_assert_uint_eq(ir_num_syms(m), 2);
    ir_module_free(m);
}
END_TEST

/* Two modules parsed in one process do not share state, and a module
 * with errors gives NULL. */
START_TEST(test_parse_two_modules)
{
    int n1, n2;
    IrModule *a = parse("fn void @a() {\nentry:\n  ret void\n}\n", &n1);
    IrModule *b = parse("@x = global i32 7\n", &n2);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(n1 + n2, 0);
    ck_assert_uint_eq(ir_num_syms(a), 1);
    ck_assert_uint_eq(ir_num_syms(b), 1);
    const IrInitData *i = ir_init_c(b, ir_sym(b, (IrSym){1})->init);
    ck_assert_uint_eq(i->kind, IR_INIT_INT);
    ck_assert_uint_eq(i->bits, 7);
    ir_module_free(a);
    ir_module_free(b);

    int n;
    ck_assert_ptr_null(parse("@x = global i8 256\n@y = global i8 -129\n",
                             &n));
    ck_assert_int_eq(n, 2);
    ck_assert_ptr_null(parse("fn void @f() {", &n));
    ck_assert_int_eq(n, 1);
    ck_assert_ptr_null(parse("\x80", &n));
    ck_assert_int_eq(n, 1);
}
END_TEST

START_TEST(test_parse_initializer_bits)
{
    const char *src =
        "@a = global { i8, f32, f64, ptr, [i8 x 2] } "
        "{ -1, 1.5, NaN, @a - 8, c\"\\00\\FF\" }\n";
    IrModule *m = parse(src, NULL);
    ck_assert_ptr_nonnull(m);
    IrInit top = ir_sym(m, (IrSym){1})->init;
    ck_assert_uint_eq(ir_init_c(m, ir_init_child(m, top, 0))->bits, 0xFF);
    ck_assert_uint_eq(ir_init_c(m, ir_init_child(m, top, 1))->bits,
                      0x3FC00000);
    ck_assert_uint_eq(ir_init_c(m, ir_init_child(m, top, 2))->bits,
                      0x7FF8000000000000ull);
    const IrInitData *r = ir_init_c(m, ir_init_child(m, top, 3));
    ck_assert_uint_eq(r->kind, IR_INIT_SYMREF);
    ck_assert_uint_eq(r->sym.id, 1);
    ck_assert_int_eq(r->addend, -8);
    const IrInitData *s = ir_init_c(m, ir_init_child(m, top, 4));
    ck_assert_uint_eq(ir_str_len(m, s->str), 2);
    ck_assert_int_eq(memcmp(ir_str(m, s->str), "\0\xFF", 2), 0);
    ir_module_free(m);
}
END_TEST

START_TEST(test_float_parse_format)
{
    uint64_t b;
    char buf[48];
    ck_assert(ir_float_parse("0.1", 3, true, &b));
    ck_assert_uint_eq(b, 0x3DCCCCCD);
    ck_assert(ir_float_parse("-0.0", 4, false, &b));
    ck_assert_uint_eq(b, 0x8000000000000000ull);
    ck_assert(!ir_float_parse("3.5e38", 6, true, &b));
    ck_assert(ir_float_parse("3.5e38", 6, false, &b));
    ck_assert(ir_float_parse("1e-400", 6, false, &b));      /* underflow */
    /* Rounded once to binary32, not through binary64. */
    ck_assert(ir_float_parse("1.0000000596046448", 18, true, &b));
    ck_assert_uint_eq(b, 0x3F800001);

    ck_assert_str_eq(ir_float_format(0x3FF8000000000000ull, false, buf),
                     "1.5");
    ck_assert_str_eq(ir_float_format(0x4059000000000000ull, false, buf),
                     "100.0");
    ck_assert_str_eq(ir_float_format(0x3F50624DD2F1A9FCull, false, buf),
                     "0.001");
    ck_assert_str_eq(ir_float_format(0x4341C37937E08000ull, false, buf),
                     "1e16");
    ck_assert_str_eq(ir_float_format(0x3E90C6F7A0B5ED8Dull, false, buf),
                     "2.5e-7");
    ck_assert_str_eq(ir_float_format(0x7F7FFFFF, true, buf),
                     "3.4028235e38");
    ck_assert_str_eq(ir_float_format(0x80000000, true, buf), "-0.0");
    ck_assert_str_eq(ir_float_format(0x7FC00000, true, buf), "NaN");
    ck_assert_str_eq(ir_float_format(0x7F800000, true, buf), "0f7F800000");
    ck_assert_str_eq(ir_float_format(0xFFF8000000000001ull, false, buf),
                     "0fFFF8000000000001");
    ck_assert_str_eq(ir_float_format(0x3DCCCCCD, true, buf), "0.1");
    ck_assert_str_eq(ir_float_format(1, false, buf), "5e-324");
    /* A power of two whose shortest decimal is not the nearest one of
     * its length (the rounding interval below it is narrower). */
    ck_assert_str_eq(ir_float_format(0x61F0000000000000ull, false, buf),
                     "5.758609657015292e163");
}
END_TEST

static Suite *
parse_suite(void)
{
    Suite *s = suite_create("parse");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_parse_fields);
    tcase_add_test(tc, test_parse_names_and_locations);
    tcase_add_test(tc, test_parse_forward_references);
    tcase_add_test(tc, test_parse_two_modules);
    tcase_add_test(tc, test_parse_initializer_bits);
    tcase_add_test(tc, test_float_parse_format);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(parse_suite());
}
