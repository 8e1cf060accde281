#include <stdint.h>
#include <stdio.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

int64_t gcd(int64_t, int64_t);
int64_t fact(int64_t);
int32_t sum(const int32_t *, int32_t);
int8_t ands(int8_t);
int16_t ors(int16_t);
void fill(int64_t *, int64_t);
int64_t mixed(int64_t);
int64_t fib(int64_t);
int64_t diff(int64_t);

static int64_t ref_gcd(int64_t a, int64_t b)
{
    while (b) { int64_t r = (int64_t)((uint64_t)a % (uint64_t)b); a = b; b = r; }
    return a;
}
static int64_t ref_fact(int64_t n) { return n <= 1 ? 1 : (int64_t)((uint64_t)n * (uint64_t)ref_fact(n - 1)); }
static int32_t ref_sum(const int32_t *p, int32_t n) { return n <= 0 ? 0 : (int32_t)((uint32_t)ref_sum(p, n - 1) + (uint32_t)p[n - 1]); }
static int8_t ref_ands(int8_t n) { return n == 0 ? n : (int8_t)(ref_ands((int8_t)(n - 1)) & n); }
static int16_t ref_ors(int16_t n) { return n == 0 ? n : (int16_t)(n | ref_ors((int16_t)((uint16_t)n >> 1))); }
static int64_t ref_mixed(uint64_t n)
{
    if (n <= 1) return 1;
    if ((n & 1) != 1) return (int64_t)(n + (uint64_t)ref_mixed(n - 1));
    return (int64_t)((uint64_t)ref_mixed(n >> 1) * n);
}
static int64_t ref_fib(int64_t n) { return n < 2 ? n : 2 * ref_fib(n - 1); }
static int64_t ref_diff(int64_t n) { return n <= 0 ? 0 : n - ref_diff(n - 1); }

int main(void)
{
    int32_t a[300];
    int64_t b[64], c[64];
    for (int i = 0; i < 300; i++)
        a[i] = (i * 7919) ^ (i << 20);
    for (int64_t x = 0; x < 60; x++)
        for (int64_t y = 0; y < 60; y += 7)
            CHECK(gcd(x * 97, y * 31 + x) == ref_gcd(x * 97, y * 31 + x));
    CHECK(gcd(INT64_MIN, 6) == ref_gcd(INT64_MIN, 6));
    for (int64_t n = -3; n < 30; n++)
        CHECK(fact(n) == ref_fact(n));
    for (int32_t n = -2; n <= 300; n += 13)
        CHECK(sum(a, n) == ref_sum(a, n));
    for (int n = -128; n < 128; n += 5)
        CHECK(ands((int8_t)n) == ref_ands((int8_t)n));
    for (int n = -32768; n < 32768; n += 997)
        CHECK(ors((int16_t)n) == ref_ors((int16_t)n));
    for (int i = 0; i < 64; i++)
        b[i] = c[i] = -1;
    fill(b, 40);
    for (int i = 0; i < 40; i++)
        c[i] = i;
    for (int i = 0; i < 64; i++)
        CHECK(b[i] == c[i]);
    for (int64_t n = 0; n < 200; n += 3)
        CHECK(mixed(n) == ref_mixed((uint64_t)n));
    CHECK(mixed(-1) == ref_mixed(UINT64_MAX));
    for (int64_t n = -1; n < 20; n++)
        CHECK(fib(n) == ref_fib(n));
    for (int64_t n = -1; n < 50; n++)
        CHECK(diff(n) == ref_diff(n));
    if (!fails)
        printf("ok\n");
    return fails != 0;
}
