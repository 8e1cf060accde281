/* C side of c-abi.sir: functions with every kind of argument and result
 * the interpreter passes through libffi, and callbacks into SIR. */
#include <stdarg.h>
#include <stdint.h>

struct small { int32_t x, y; };
struct mixed { float f; int32_t i; };
struct big { int64_t a, b, c; };
struct dbl { double x, y; };
struct bytes { int8_t c[3]; };

int32_t lib_counter = 42;

int64_t
mix(int8_t a, int16_t b, int32_t c, int64_t d, float e, double f, _Bool g,
    int64_t h, int64_t i, double j, double k, double l, double m, double n,
    double o, double p, int32_t q)
{
    return a * 3 + b * 5 + c * 7 + d * 11 + (int64_t)(e * 4) +
           (int64_t)(f * 8) + g * 13 + h * 17 + i * 19 +
           (int64_t)((j + k + l + m + n + o + p) * 16) + q * 23;
}

struct small
add_small(struct small a, struct small b)
{
    struct small r = {a.x + b.x, a.y - b.y};
    return r;
}

struct mixed
scale_mixed(struct mixed m, int32_t k)
{
    struct mixed r = {m.f * (float)k, m.i * k};
    return r;
}

struct big
twist_big(struct big v)
{
    struct big r = {v.c, v.a + v.b, v.a * v.b};
    return r;
}

struct dbl
swap_dbl(struct dbl d)
{
    struct dbl r = {d.y, d.x * 2};
    return r;
}

int32_t
sum_bytes(struct bytes b)
{
    return b.c[0] + b.c[1] * 100 + b.c[2] * 10000;
}

int8_t
neg8(int8_t x)
{
    return (int8_t)-x;
}

int16_t
twice16(int16_t x)
{
    return (int16_t)(x * 2);
}

_Bool
is_odd(int32_t x)
{
    return x & 1;
}

int64_t
vsum(int32_t n, ...)
{
    va_list ap;
    int64_t s = 0;
    va_start(ap, n);
    for (int32_t k = 0; k < n; k++)
        s += va_arg(ap, int64_t);
    va_end(ap);
    return s;
}

int64_t
call_cb(int64_t (*cb)(struct small, double, int8_t, struct big), int32_t k)
{
    struct small s = {k, -k};
    struct big b = {1, 2, 3};
    return cb(s, 0.5 * k, (int8_t)-k, b) + 1000;
}

struct small
call_cb2(struct small (*cb)(struct small, float), struct small s)
{
    return cb(s, 2.5f);
}
