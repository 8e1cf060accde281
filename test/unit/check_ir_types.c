/*
 * check_ir_types.c - interned types and the layout rules of spec section
 * 4.2 (lib/ir/types.c): every row of both tables, zero-sized types, the
 * 2^63-byte limit, interning identity and the canonical spelling.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ckmain.h"

#define BIG (UINT64_C(1) << 63)

static IrModule *m;

static void
setup(void)
{
    m = ir_module_new();
}

static void
teardown(void)
{
    ir_module_free(m);
}

static IrType
st(uint32_t n, const IrType *members)
{
    return ir_type_struct(m, members, n);
}

#define STRUCT(...) \
    st(sizeof((IrType[]){__VA_ARGS__}) / sizeof(IrType), \
       (IrType[]){__VA_ARGS__})

static IrType
empty(void)
{
    return ir_type_struct(m, NULL, 0);
}

static void
assert_spelling(IrType t, const char *want)
{
    char buf[256];
    ck_assert_str_eq(ir_type_str(m, t, buf, sizeof buf), want);
}

/* Offsets of every member, size and alignment, as the spec's table. */
static void
assert_layout(IrType t, const uint64_t *offs, uint32_t n, uint64_t size,
              uint32_t align)
{
    ck_assert_uint_eq(ir_type_nmembers(m, t), n);
    for (uint32_t k = 0; k < n; k++)
        ck_assert_uint_eq(ir_type_offset(m, t, k), offs[k]);
    ck_assert_uint_eq(ir_type_size(m, t), size);
    ck_assert_uint_eq(ir_type_align(m, t), align);
    ck_assert(!ir_type_too_big(m, t));
    ck_assert_uint_eq(size % align, 0);
}

START_TEST(test_ir_type_size_scalars)
{
    static const struct {
        IrType t;
        uint64_t size;
        uint32_t align, bits;
        const char *name;
    } rows[] = {
        {IR_T_BOOL, 1, 1, 1, "bool"}, {IR_T_I8, 1, 1, 8, "i8"},
        {IR_T_I16, 2, 2, 16, "i16"},  {IR_T_I32, 4, 4, 32, "i32"},
        {IR_T_I64, 8, 8, 64, "i64"},  {IR_T_F32, 4, 4, 32, "f32"},
        {IR_T_F64, 8, 8, 64, "f64"},  {IR_T_PTR, 8, 8, 64, "ptr"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ck_assert_uint_eq(ir_type_size(m, rows[i].t), rows[i].size);
        ck_assert_uint_eq(ir_type_align(m, rows[i].t), rows[i].align);
        ck_assert_uint_eq(ir_type_bits(rows[i].t), rows[i].bits);
        ck_assert_uint_eq(ir_type_nmembers(m, rows[i].t), 0);
        ck_assert(!ir_type_too_big(m, rows[i].t));
        ck_assert(ir_type_is_scalar(rows[i].t));
        ck_assert(!ir_type_is_aggregate(rows[i].t));
        assert_spelling(rows[i].t, rows[i].name);
    }
    ck_assert_int_eq(ir_type_kind(m, IR_T_I32), IR_TY_I32);
    ck_assert(ir_type_is_int(IR_T_I8) && ir_type_is_int(IR_T_I64));
    ck_assert(!ir_type_is_int(IR_T_BOOL) && !ir_type_is_int(IR_T_PTR));
    ck_assert(ir_type_is_float(IR_T_F32) && ir_type_is_float(IR_T_F64));
    ck_assert(!ir_type_is_float(IR_T_I32));
    ck_assert(!ir_type_is_scalar(IR_T_VOID));
}
END_TEST

START_TEST(test_ir_type_size_arrays)
{
    /* [T x N]: N * size(T), align(T). */
    IrType a = ir_type_array(m, IR_T_I32, 10);
    ck_assert_int_eq(ir_type_kind(m, a), IR_TY_ARRAY);
    ck_assert(ir_type_is_aggregate(a));
    ck_assert_uint_eq(ir_type_size(m, a), 40);
    ck_assert_uint_eq(ir_type_align(m, a), 4);
    ck_assert_uint_eq(ir_type_nmembers(m, a), 10);
    ck_assert_uint_eq(ir_type_elem(m, a).id, IR_T_I32.id);
    ck_assert_uint_eq(ir_type_member(m, a, 7).id, IR_T_I32.id);
    ck_assert_uint_eq(ir_type_offset(m, a, 7), 28);
    assert_spelling(a, "[i32 x 10]");

    IrType b = ir_type_array(m, IR_T_BOOL, 3);
    ck_assert_uint_eq(ir_type_size(m, b), 3);
    ck_assert_uint_eq(ir_type_align(m, b), 1);

    IrType aa = ir_type_array(m, ir_type_array(m, IR_T_F64, 3), 2);
    ck_assert_uint_eq(ir_type_size(m, aa), 48);
    ck_assert_uint_eq(ir_type_align(m, aa), 8);
    ck_assert_uint_eq(ir_type_offset(m, aa, 1), 24);
    assert_spelling(aa, "[[f64 x 3] x 2]");
}
END_TEST

/* The second table of spec 4.2, row by row. */
START_TEST(test_ir_type_size_spec_table)
{
    {
        IrType t = STRUCT(IR_T_I8, IR_T_I64, IR_T_I16);
        assert_layout(t, (uint64_t[]){0, 8, 16}, 3, 24, 8);
        assert_spelling(t, "{ i8, i64, i16 }");
    }
    {
        IrType t = STRUCT(IR_T_I32, ir_type_array(m, IR_T_I8, 3));
        assert_layout(t, (uint64_t[]){0, 4}, 2, 8, 4);
        assert_spelling(t, "{ i32, [i8 x 3] }");
    }
    {
        IrType t = STRUCT(IR_T_BOOL, IR_T_F32, IR_T_BOOL);
        assert_layout(t, (uint64_t[]){0, 4, 8}, 3, 12, 4);
        assert_spelling(t, "{ bool, f32, bool }");
    }
    {
        IrType t = STRUCT(IR_T_PTR, IR_T_I64, IR_T_I64);
        assert_layout(t, (uint64_t[]){0, 8, 16}, 3, 24, 8);
        assert_spelling(t, "{ ptr, i64, i64 }");
    }
    {
        IrType t = STRUCT(empty(), IR_T_I32);
        assert_layout(t, (uint64_t[]){0, 0}, 2, 4, 4);
        assert_spelling(t, "{ {}, i32 }");
    }
    {
        IrType t = ir_type_array(m, STRUCT(IR_T_I16, IR_T_I8), 3);
        assert_layout(t, (uint64_t[]){0, 4, 8}, 3, 12, 2);
        assert_spelling(t, "[{ i16, i8 } x 3]");
    }
    {
        IrType t = STRUCT(ir_type_array(m, IR_T_I64, 0));
        assert_layout(t, (uint64_t[]){0}, 1, 0, 8);
        assert_spelling(t, "{ [i64 x 0] }");
    }
    {
        IrType t = empty();
        assert_layout(t, NULL, 0, 0, 1);
        assert_spelling(t, "{}");
    }
}
END_TEST

START_TEST(test_ir_type_offset_padding)
{
    /* Trailing padding to the struct's alignment. */
    IrType t = STRUCT(IR_T_I64, IR_T_I8);
    assert_layout(t, (uint64_t[]){0, 8}, 2, 16, 8);
    /* Nested structs align as their strictest member. */
    IrType in = STRUCT(IR_T_I8, IR_T_I16);          /* size 4, align 2 */
    IrType out = STRUCT(IR_T_I8, in, IR_T_I8);
    assert_layout(in, (uint64_t[]){0, 2}, 2, 4, 2);
    assert_layout(out, (uint64_t[]){0, 2, 6}, 3, 8, 2);
    ck_assert_uint_eq(ir_type_member(m, out, 1).id, in.id);
    /* Members that need no padding. */
    IrType p = STRUCT(IR_T_I32, IR_T_I16, IR_T_I8, IR_T_BOOL);
    assert_layout(p, (uint64_t[]){0, 4, 6, 7}, 4, 8, 4);
    /* f64 after a one-byte member. */
    IrType d = STRUCT(IR_T_BOOL, IR_T_F64);
    assert_layout(d, (uint64_t[]){0, 8}, 2, 16, 8);
    /* An array member keeps its element alignment. */
    IrType a = STRUCT(IR_T_I8, ir_type_array(m, IR_T_I32, 2), IR_T_I8);
    assert_layout(a, (uint64_t[]){0, 4, 12}, 3, 16, 4);
}
END_TEST

START_TEST(test_ir_type_size_zero_sized)
{
    IrType z[] = {
        empty(),
        ir_type_array(m, IR_T_I32, 0),
        ir_type_array(m, empty(), 5),
        STRUCT(empty(), empty()),
        STRUCT(ir_type_array(m, IR_T_I8, 0), empty()),
        ir_type_array(m, STRUCT(empty()), UINT64_MAX),
        ir_type_array(m, ir_type_array(m, IR_T_F64, 0), 1000),
    };
    for (size_t i = 0; i < sizeof z / sizeof z[0]; i++) {
        ck_assert_uint_eq(ir_type_size(m, z[i]), 0);
        ck_assert(!ir_type_too_big(m, z[i]));
    }
    /* Alignment still counts for zero-sized members. */
    ck_assert_uint_eq(ir_type_align(m, z[1]), 4);
    IrType t = STRUCT(IR_T_I8, ir_type_array(m, IR_T_I64, 0));
    assert_layout(t, (uint64_t[]){0, 8}, 2, 8, 8);
    IrType u = STRUCT(empty(), IR_T_I8, empty());
    assert_layout(u, (uint64_t[]){0, 0, 1}, 3, 1, 1);
    ck_assert_uint_eq(ir_type_offset(m, z[5], 12345), 0);
}
END_TEST

START_TEST(test_ir_type_too_big_limit)
{
    /* Just below 2^63 is fine; 2^63 and more is too big (spec L2). */
    IrType ok = ir_type_array(m, IR_T_I8, BIG - 1);
    ck_assert(!ir_type_too_big(m, ok));
    ck_assert_uint_eq(ir_type_size(m, ok), BIG - 1);
    ck_assert(ir_type_too_big(m, ir_type_array(m, IR_T_I8, BIG)));
    ck_assert(ir_type_too_big(m, ir_type_array(m, IR_T_I8, UINT64_MAX)));
    ck_assert(ir_type_too_big(m, ir_type_array(m, IR_T_I64,
                                               UINT64_C(1) << 60)));
    ck_assert(!ir_type_too_big(m, ir_type_array(m, IR_T_I64,
                                                (UINT64_C(1) << 60) - 1)));
    /* Products that overflow 64 bits. */
    IrType g = ir_type_array(m, IR_T_I8, UINT64_C(1) << 32);
    ck_assert(!ir_type_too_big(m, g));
    ck_assert(ir_type_too_big(m, ir_type_array(m, g, UINT64_C(1) << 32)));
    ck_assert(ir_type_too_big(m, ir_type_array(m, IR_T_PTR, UINT64_MAX)));
}
END_TEST

START_TEST(test_ir_type_too_big_structs)
{
    IrType big1 = ir_type_array(m, IR_T_I8, BIG - 1);
    IrType half = ir_type_array(m, IR_T_I8, UINT64_C(1) << 62);
    ck_assert(!ir_type_too_big(m, STRUCT(big1)));
    ck_assert(ir_type_too_big(m, STRUCT(big1, IR_T_I8)));
    ck_assert(ir_type_too_big(m, STRUCT(half, half)));
    ck_assert(ir_type_too_big(m, STRUCT(half, half, empty())));
    /* Padding before a member pushes it over. */
    IrType b9 = ir_type_array(m, IR_T_I8, BIG - 9);
    ck_assert(!ir_type_too_big(m, STRUCT(b9, IR_T_I8)));
    ck_assert(ir_type_too_big(m, STRUCT(b9, IR_T_I64)));
    /* Rounding the final size up to the alignment pushes it over. */
    IrType b3 = ir_type_array(m, IR_T_I8, BIG - 3);
    IrType t = STRUCT(IR_T_I16, b3);            /* 2 + 2^63-3 = 2^63-1 */
    ck_assert(ir_type_too_big(m, t));
    IrType b4 = ir_type_array(m, IR_T_I8, BIG - 4);
    IrType fits = STRUCT(IR_T_I16, b4);         /* 2^63 - 2 */
    ck_assert(!ir_type_too_big(m, fits));
    ck_assert_uint_eq(ir_type_size(m, fits), BIG - 2);
    /* A type containing a too-big type is too big, even zero times. */
    IrType huge = ir_type_array(m, IR_T_I8, BIG);
    ck_assert(ir_type_too_big(m, STRUCT(IR_T_I8, huge)));
    ck_assert(ir_type_too_big(m, ir_type_array(m, huge, 1)));
    ck_assert(ir_type_too_big(m, ir_type_array(m, huge, 0)));
    ck_assert(ir_type_too_big(m, STRUCT(STRUCT(huge))));
}
END_TEST

START_TEST(test_ir_type_intern_identity)
{
    IrType a1 = ir_type_array(m, IR_T_I32, 4);
    IrType a2 = ir_type_array(m, IR_T_I32, 4);
    ck_assert_uint_eq(a1.id, a2.id);
    ck_assert(ir_type_eq(a1, a2));
    ck_assert_uint_ne(a1.id, ir_type_array(m, IR_T_I32, 5).id);
    ck_assert_uint_ne(a1.id, ir_type_array(m, IR_T_I64, 4).id);
    ck_assert_uint_ne(a1.id, ir_type_array(m, IR_T_F32, 4).id);

    IrType s1 = STRUCT(IR_T_I32, a1);
    uint32_t n = ir_num_types(m);
    IrType s2 = STRUCT(IR_T_I32, ir_type_array(m, IR_T_I32, 4));
    ck_assert_uint_eq(s1.id, s2.id);
    ck_assert_uint_eq(ir_num_types(m), n);      /* nothing new interned */
    ck_assert_uint_ne(s1.id, STRUCT(a1, IR_T_I32).id);
    ck_assert_uint_ne(s1.id, STRUCT(IR_T_I32).id);
    ck_assert_uint_ne(s1.id, STRUCT(IR_T_I32, a1, empty()).id);

    /* { i32 } and [i32 x 1] have the same layout but are different. */
    IrType one = STRUCT(IR_T_I32);
    ck_assert_uint_ne(one.id, ir_type_array(m, IR_T_I32, 1).id);
    ck_assert_uint_eq(empty().id, empty().id);
    ck_assert_uint_ne(empty().id, STRUCT(empty()).id);
    /* Members are kept after a hit dropped the duplicate's copy. */
    IrType again = STRUCT(IR_T_I8, IR_T_I64, IR_T_I16);
    IrType again2 = STRUCT(IR_T_I8, IR_T_I64, IR_T_I16);
    IrType other = STRUCT(IR_T_I16, IR_T_I16);
    ck_assert_uint_eq(again.id, again2.id);
    ck_assert_uint_eq(ir_type_member(m, other, 1).id, IR_T_I16.id);
    ck_assert_uint_eq(ir_type_member(m, again, 2).id, IR_T_I16.id);
    assert_spelling(again, "{ i8, i64, i16 }");
    assert_spelling(other, "{ i16, i16 }");
}
END_TEST

/* Many types force the hash table to grow; ids must stay stable. */
START_TEST(test_ir_type_intern_many)
{
    enum { N = 3000 };
    IrType *ids = malloc(N * sizeof *ids);
    for (uint32_t i = 0; i < N; i++) {
        IrType arr = ir_type_array(m, IR_T_I16, i);
        ids[i] = (i % 2) ? STRUCT(arr, IR_T_I8) : arr;
    }
    uint32_t n = ir_num_types(m);
    for (uint32_t i = 0; i < N; i++) {
        IrType arr = ir_type_array(m, IR_T_I16, i);
        IrType t = (i % 2) ? STRUCT(arr, IR_T_I8) : arr;
        ck_assert_uint_eq(t.id, ids[i].id);
        ck_assert_uint_eq(ir_type_size(m, t),
                          (i % 2) ? (2 * i + 1 + 1) & ~UINT64_C(1) : 2 * i);
    }
    ck_assert_uint_eq(ir_num_types(m), n);
    free(ids);
}
END_TEST

START_TEST(test_ir_type_intern_per_module)
{
    /* Types of two modules are independent. */
    IrModule *m2 = ir_module_new();
    IrType a = ir_type_array(m, IR_T_I8, 3);
    IrType b = ir_type_struct(m2, (IrType[]){IR_T_I64}, 1);
    IrType c = ir_type_array(m2, IR_T_I8, 3);
    ck_assert_uint_eq(ir_type_kind(m2, b), IR_TY_STRUCT);
    ck_assert_uint_eq(ir_type_size(m2, c), 3);
    ck_assert_uint_eq(ir_type_size(m, a), 3);
    ir_module_free(m2);
}
END_TEST

START_TEST(test_ir_type_str_nested_and_truncated)
{
    IrType t = STRUCT(IR_T_PTR, ir_type_array(m, STRUCT(IR_T_F32, empty()),
                                              2));
    assert_spelling(t, "{ ptr, [{ f32, {} } x 2] }");
    char small[10];
    ir_type_str(m, t, small, sizeof small);
    ck_assert_uint_eq(strlen(small), 9);
    ck_assert_str_eq(small + 6, "...");
    char buf[64];
    FILE *fp = fmemopen(buf, sizeof buf, "w");
    ir_type_print(m, t, fp);
    fclose(fp);
    ck_assert_str_eq(buf, "{ ptr, [{ f32, {} } x 2] }");
    IrType big = ir_type_array(m, IR_T_I8, UINT64_MAX);
    assert_spelling(big, "[i8 x 18446744073709551615]");
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("ir_types");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_ir_type_size_scalars);
    tcase_add_test(tc, test_ir_type_size_arrays);
    tcase_add_test(tc, test_ir_type_size_spec_table);
    tcase_add_test(tc, test_ir_type_offset_padding);
    tcase_add_test(tc, test_ir_type_size_zero_sized);
    tcase_add_test(tc, test_ir_type_too_big_limit);
    tcase_add_test(tc, test_ir_type_too_big_structs);
    tcase_add_test(tc, test_ir_type_intern_identity);
    tcase_add_test(tc, test_ir_type_intern_many);
    tcase_add_test(tc, test_ir_type_intern_per_module);
    tcase_add_test(tc, test_ir_type_str_nested_and_truncated);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
