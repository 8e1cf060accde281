#include <math.h>
#include <stdint.h>
#include <stdio.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

int64_t argmin(const int32_t *, int32_t);
int64_t fpick(double, double, int64_t, int64_t);

static int64_t ref_argmin(const int32_t *a, int32_t n)
{
    int32_t best = INT32_MAX, at = 0;
    for (int32_t i = 0; i < n; i++)
        if (a[i] < best) { best = a[i]; at = i; }
    return (int64_t)best * 1000 + at;
}

static int64_t ref_fpick(double x, double y, int64_t u, int64_t v)
{
    int eq = x == y, ne = !eq;
    int64_t a = eq ? u : v, b = eq ? v : u, c = ne ? u : v;
    double d = ne ? x : y;
    int64_t s = ((a * 10 + b) * 10 + c) * 10 + (int64_t)d;
    return ne ? s : -s;
}

int main(void)
{
    static const int32_t a[] = {5, -3, 7, -3, -9, 4, -9, 100, -2147483647 - 1, 3};
    for (int32_t n = 0; n <= 10; n++)
        CHECK(argmin(a, n) == ref_argmin(a, n));
    static const double f[] = {1.0, 2.0, -0.0, 0.0, NAN, 3.5, -7.25};
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++) {
            double x = f[i], y = f[j];
            if (isnan(x) && isnan(y))
                continue;   /* d would be NaN: ftosi is UB */
            if (isnan(x) || isnan(y)) {
                /* une holds: d = x, which must not be NaN */
                if (isnan(x))
                    continue;
            }
            CHECK(fpick(x, y, 3, 8) == ref_fpick(x, y, 3, 8));
        }
    return fails != 0;
}
