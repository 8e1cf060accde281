/*
 * check_ir_strings.c - the module's string interner (lib/ir/strings.c):
 * identity, the empty string, embedded NULs, lookups without interning
 * and growth of the table.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ckmain.h"

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

static uint32_t
in(const char *s)
{
    return ir_intern(m, s, strlen(s));
}

START_TEST(test_ir_intern_identity)
{
    uint32_t a = in("main"), b = in("loop"), c = in("main");
    ck_assert_uint_ne(a, 0);
    ck_assert_uint_ne(b, 0);
    ck_assert_uint_eq(a, c);
    ck_assert_uint_ne(a, b);
    ck_assert_str_eq(ir_str(m, a), "main");
    ck_assert_str_eq(ir_str(m, b), "loop");
    ck_assert_uint_eq(ir_str_len(m, a), 4);
    /* Interning from a buffer that is not NUL-terminated. */
    char buf[] = {'m', 'a', 'i', 'n', 'X'};
    ck_assert_uint_eq(ir_intern(m, buf, 4), a);
}
END_TEST

START_TEST(test_ir_intern_empty)
{
    ck_assert_uint_eq(ir_intern(m, "", 0), 0);
    ck_assert_uint_eq(ir_intern(m, "abc", 0), 0);
    ck_assert_str_eq(ir_str(m, 0), "");
    ck_assert_uint_eq(ir_str_len(m, 0), 0);
    ck_assert_uint_eq(ir_str_find(m, "", 0), 0);
    /* An id that was never handed out reads as the empty string. */
    ck_assert_str_eq(ir_str(m, 123456), "");
    ck_assert_uint_eq(ir_str_len(m, 123456), 0);
}
END_TEST

START_TEST(test_ir_intern_prefixes)
{
    uint32_t ab = in("ab"), abc = in("abc"), a = in("a");
    ck_assert_uint_ne(ab, abc);
    ck_assert_uint_ne(ab, a);
    ck_assert_uint_ne(abc, a);
    ck_assert_str_eq(ir_str(m, ab), "ab");
    ck_assert_str_eq(ir_str(m, abc), "abc");
    ck_assert_str_eq(ir_str(m, a), "a");
    /* Case matters. */
    ck_assert_uint_ne(in("Main"), in("main"));
}
END_TEST

START_TEST(test_ir_intern_embedded_nul)
{
    /* String literals of the data extension may hold any byte. */
    uint32_t x = ir_intern(m, "a\0b", 3);
    uint32_t y = ir_intern(m, "a", 1);
    uint32_t z = ir_intern(m, "a\0c", 3);
    ck_assert_uint_ne(x, y);
    ck_assert_uint_ne(x, z);
    ck_assert_uint_eq(ir_str_len(m, x), 3);
    ck_assert_int_eq(memcmp(ir_str(m, x), "a\0b", 4), 0);  /* NUL after */
    ck_assert_uint_eq(ir_intern(m, "a\0b", 3), x);
    uint32_t bytes = ir_intern(m, "\xff\x01\x80", 3);
    ck_assert_uint_eq(ir_str_len(m, bytes), 3);
    ck_assert_int_eq(memcmp(ir_str(m, bytes), "\xff\x01\x80", 3), 0);
}
END_TEST

START_TEST(test_ir_str_find)
{
    ck_assert_uint_eq(ir_str_find(m, "nothing", 7), 0);
    uint32_t id = in("entry");
    ck_assert_uint_eq(ir_str_find(m, "entry", 5), id);
    ck_assert_uint_eq(ir_str_find(m, "entr", 4), 0);
    /* Finding does not intern. */
    ck_assert_uint_eq(ir_str_find(m, "other", 5), 0);
    ck_assert_uint_eq(ir_str_find(m, "other", 5), 0);
    uint32_t o = in("other");
    ck_assert_uint_eq(ir_str_find(m, "other", 5), o);
}
END_TEST

/* Enough strings to grow the table several times; every id stays. */
START_TEST(test_ir_intern_many)
{
    enum { N = 20000 };
    uint32_t *ids = malloc(N * sizeof *ids);
    char buf[32];
    for (uint32_t i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "v%u", i);
        ids[i] = ir_intern(m, buf, (size_t)n);
        ck_assert_uint_ne(ids[i], 0);
    }
    for (uint32_t i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "v%u", i);
        ck_assert_uint_eq(ir_str_find(m, buf, (size_t)n), ids[i]);
        ck_assert_uint_eq(ir_intern(m, buf, (size_t)n), ids[i]);
        ck_assert_str_eq(ir_str(m, ids[i]), buf);
        if (i)
            ck_assert_uint_ne(ids[i], ids[i - 1]);
    }
    free(ids);
}
END_TEST

START_TEST(test_ir_intern_long)
{
    size_t n = 1 << 20;
    char *s = malloc(n);
    memset(s, 'x', n);
    uint32_t a = ir_intern(m, s, n);
    s[n - 1] = 'y';
    uint32_t b = ir_intern(m, s, n);
    ck_assert_uint_ne(a, b);
    ck_assert_uint_eq(ir_str_len(m, a), n);
    ck_assert_int_eq(ir_str(m, b)[n - 1], 'y');
    ck_assert_int_eq(ir_str(m, a)[n - 1], 'x');
    ck_assert_int_eq(ir_str(m, a)[n], 0);
    free(s);
}
END_TEST

START_TEST(test_ir_intern_per_module)
{
    IrModule *m2 = ir_module_new();
    uint32_t a = in("x");
    uint32_t b = ir_intern(m2, "yy", 2);
    uint32_t c = ir_intern(m2, "x", 1);
    ck_assert_str_eq(ir_str(m, a), "x");
    ck_assert_str_eq(ir_str(m2, b), "yy");
    ck_assert_str_eq(ir_str(m2, c), "x");
    ck_assert_uint_eq(ir_str_find(m, "yy", 2), 0);
    ir_module_free(m2);
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("ir_strings");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_ir_intern_identity);
    tcase_add_test(tc, test_ir_intern_empty);
    tcase_add_test(tc, test_ir_intern_prefixes);
    tcase_add_test(tc, test_ir_intern_embedded_nul);
    tcase_add_test(tc, test_ir_str_find);
    tcase_add_test(tc, test_ir_intern_many);
    tcase_add_test(tc, test_ir_intern_long);
    tcase_add_test(tc, test_ir_intern_per_module);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
