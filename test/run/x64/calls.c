#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

typedef double Many(int32_t, double, int64_t, float, int8_t, int16_t, bool,
                    void *, int64_t, double, int32_t, float, double, double,
                    double, double, double, double, int64_t, int8_t);
Many sir_many;
double call_many(void *);
int32_t narrow_sum(int8_t, int16_t, bool);
int8_t narrow_ret8(int32_t);
int16_t narrow_ret16(int32_t);
bool narrow_retb(int32_t);
int32_t narrow_calls(int32_t);
int32_t print_stuff(int32_t);
int32_t format_doubles(char *, int64_t, double, double);
void *get_twice(void);
int32_t apply_twice(int32_t);
int64_t call_ptr(int64_t (*)(int64_t, int64_t), int64_t, int64_t);
int64_t fib(int64_t);
int32_t zero_args(void);

static double
ref_many(int32_t a, double b, int64_t c, float d, int8_t e, int16_t f, bool g,
         void *h, int64_t i, double j, int32_t k, float l, double m, double n,
         double o, double p, double q, double r, int64_t s, int8_t t)
{
    double x = (double)a + b;
    x += (double)c; x += (double)d; x += (double)e; x += (double)f;
    x += (double)(int)g; x += (double)(int64_t)(uintptr_t)h; x += (double)i;
    x += j; x += (double)k; x += (double)l; x += m; x += n; x += o; x += p;
    x += q; x += r; x += (double)s; x += (double)t;
    return x;
}

double
c_many(int32_t a, double b, int64_t c, float d, int8_t e, int16_t f, bool g,
       void *h, int64_t i, double j, int32_t k, float l, double m, double n,
       double o, double p, double q, double r, int64_t s, int8_t t)
{
    return ref_many(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t);
}

int8_t c_narrow_i8(int32_t x) { return (int8_t)(x * 3); }
int16_t c_narrow_i16(int32_t x) { return (int16_t)(x * 5); }
bool c_narrow_bool(int32_t x) { return x > 10; }
int32_t c_apply(int32_t (*f)(int32_t), int32_t x) { return f(f(x)) + 1; }
static int64_t mix(int64_t a, int64_t b) { return a * 10 + b; }
static int64_t rfib(int64_t n) { return n < 2 ? n : rfib(n - 1) + rfib(n - 2); }

/* Calls through a pointer so the compiler cannot narrow the arguments. */
static int32_t (*volatile ns)(int32_t, int32_t, int32_t) = (void *)narrow_sum;

int
main(void)
{
    double want = ref_many(-1, 0.5, 1000000000000LL, 0.25f, -7, -300, true,
                           (void *)4096, 9, -2.0, 77, 8.0f, 1, 2, 3, 4, 5, 6,
                           -5, 100);
    CHECK(sir_many(-1, 0.5, 1000000000000LL, 0.25f, -7, -300, true,
                   (void *)4096, 9, -2.0, 77, 8.0f, 1, 2, 3, 4, 5, 6, -5,
                   100) == want);
    CHECK(call_many((void *)4096) == want);
    CHECK(narrow_sum(-5, -1000, true) == -1004);
    /* garbage in the upper bits must be ignored */
    CHECK(ns(0x12345680 | 0xfb, 0x7654 << 16 | 0xfc18, 0x101) == -5 - 1000 + 1);
    for (int32_t x = -300; x < 300; x += 7) {
        CHECK(narrow_ret8(x) == (int8_t)x);
        CHECK(narrow_ret16(x * 1000) == (int16_t)(x * 1000));
        CHECK(narrow_retb(x) == (x & 1));
        int32_t w = (int8_t)(x * 3) + (int16_t)(x * 5) + (x > 10);
        CHECK(narrow_calls(x) == w);
    }
    int32_t (*t)(int32_t) = (int32_t (*)(int32_t))get_twice();
    CHECK(t(21) == 42);
    CHECK(apply_twice(5) == 21);
    CHECK(call_ptr(mix, 3, 4) == 343);
    CHECK(fib(20) == rfib(20));
    CHECK(zero_args() == 42);
    char buf[64], ref[64];
    int n = format_doubles(buf, sizeof buf, 1.5, -0.25);
    int m = snprintf(ref, sizeof ref, "%g/%g/%g/%g", 1.5, -0.25, 1.5 * -0.25, 1.5 + 0.25);
    CHECK(n == m && !strcmp(buf, ref));
    fflush(stdout);
    n = print_stuff(-9);
    CHECK(n == (int)strlen("-9 -123456789012 sir 3.142 A -9!\n"));
    if (fails)
        printf("%d failures\n", fails);
    return fails != 0;
}
