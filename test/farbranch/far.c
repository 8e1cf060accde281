/* The driver of test/farbranch: each function of far.sir against the
 * same computation in C, on both sides of its far branch. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int64_t far_eq(int64_t, int64_t), far_lt(int64_t, int64_t);
int64_t far_bit(_Bool, int64_t, int64_t);

static long big, small;

static uint64_t
body(uint64_t v, uint64_t x, long n)
{
    v += x;
    for (long i = 1; i <= n; i++)
        v = i % 2 ? v + x : v ^ x;
    return v;
}

static int fails;

static void
check(const char *what, int64_t got, uint64_t want)
{
    if ((uint64_t)got != want) {
        printf("%s: %lld, want %lld\n", what, (long long)got,
               (long long)want);
        fails++;
    }
}

int
main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    big = atol(argv[1]);
    small = atol(argv[2]);
    check("far_eq(0, 7)", far_eq(0, 7), 7);
    check("far_eq(3, 7)", far_eq(3, 7), body(7, 3, big));
    check("far_lt(2, 9)", far_lt(2, 9), 9);
    check("far_lt(12, 9)", far_lt(12, 9), body(9, 12, big));
    check("far_bit(1, 8, 5)", far_bit(1, 8, 5), 5);
    check("far_bit(0, 7, 5)", far_bit(0, 7, 5), body(5, 7, small));
    return fails != 0;
}
