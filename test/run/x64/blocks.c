#include <stdint.h>
#include <stdio.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

int64_t swap(int64_t, int64_t, int64_t);
int64_t rotate(int64_t, int64_t, int64_t, int64_t, int64_t);
int32_t dup(int32_t, int32_t);
int32_t arms(int32_t, int32_t);
int32_t cond_far(int32_t, int32_t);
int32_t collatz(int64_t);
int32_t max_arr(const int32_t *, int64_t);
double fswap(double, double, int32_t);
int64_t prevsum(int32_t);

static int64_t ref_rotate(int64_t a, int64_t b, int64_t c, int64_t d, int64_t n)
{
    for (; n > 0; n--) { int64_t t = a; a = b; b = c; c = d; d = t; }
    return ((a * 10 + d) * 10 + b) * 10 + c;
}

static int32_t ref_dup(int32_t x, int32_t y)
{
    int32_t p = x, q = x, r = y;
    for (;;) {
        int32_t s = p + q;
        if (s < 100) { p = s; continue; }
        return r * r + s;
    }
}

static int32_t ref_arms(int32_t a, int32_t b)
{
    int32_t x, y;
    if (a > b) { x = a; y = b; }
    else if (a == b) { x = b; y = b; }
    else { x = a; y = b; }
    return x * 7 - y;
}

static int32_t ref_collatz(int64_t n)
{
    int32_t s = 0;
    while ((uint64_t)n > 1) { n = n % 2 == 0 ? (int64_t)((uint64_t)n / 2) : n * 3 + 1; s++; }
    return s;
}

static int64_t ref_prevsum(int32_t i, int32_t n)
{
    int64_t prev = 0, acc = 0, w;
    for (;;) {
        w = (int64_t)(uint32_t)i;
        i += 3;
        acc = acc * 10 + prev;
        if (i >= n)
            return acc + w;
        prev = w;
    }
}

static double ref_fswap(double a, double b, int32_t n)
{
    double sf = a;
    for (int32_t i = n; i != 0; i--) {
        double na = b * 0.5, nb = a;
        sf = sf + a;
        a = na; b = nb;
    }
    return sf - (a + b);
}

int
main(void)
{
    for (int64_t n = 0; n < 5; n++)
        CHECK(swap(7, 9, n) == (n % 2 ? 9007 : 7009));
    for (int64_t n = 0; n < 9; n++)
        CHECK(rotate(1, 2, 3, 4, n) == ref_rotate(1, 2, 3, 4, n));
    for (int32_t x = -3; x < 40; x += 5)
        CHECK(dup(x < 1 ? 1 : x, 3 * x) == ref_dup(x < 1 ? 1 : x, 3 * x));
    for (int32_t a = -2; a <= 2; a++)
        for (int32_t b = -2; b <= 2; b++)
            CHECK(arms(a, b) == ref_arms(a, b));
    CHECK(cond_far(1, 2) == 11 && cond_far(2, 1) == 0 && cond_far(-1, 2) == 0);
    for (int64_t n = 1; n < 200; n += 13)
        CHECK(collatz(n) == ref_collatz(n));
    int32_t arr[] = {3, -9, 44, 12, 44, -100, 7};
    CHECK(max_arr(arr, 7) == 44 && max_arr(arr, 2) == 3 && max_arr(arr, 0) == INT32_MIN);
    for (int32_t n = 0; n < 6; n++)
        CHECK(fswap(1.5, -3.0, n) == ref_fswap(1.5, -3.0, n));
    if (fails)
        printf("%d failures\n", fails);
    for (int32_t n = 0; n < 14; n++)
        CHECK(prevsum(n) == ref_prevsum(1, n));
    return fails != 0;
}
