#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

double rems(const double *, const double *, int64_t, int64_t *);
float remf(float, float);
double notcalled(double, double);

int main(void)
{
    static const double v[] = {7.5, -7.5, 2.0, -0.0, 0.0, 1e308, 3.0,
        0.1, -1e-300, 5e-324, 123456789.125, INFINITY, 1.0, -2.5};
    enum { N = sizeof v / sizeof v[0] };
    double a[N * N], b[N * N];
    int n = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (v[j] != 0.0 && !isinf(v[i])) {
                a[n] = v[i];
                b[n] = v[j];
                n++;
            }
    double s = 0;
    int64_t k = 0, neg = 0, got;
    for (int i = 0; i < n; i++) {
        double r = fmod(a[i], b[i]);
        s += r;
        k += (int64_t)i * 3;
        neg += r < 0;
    }
    double g = rems(a, b, n, &got);
    CHECK(memcmp(&g, &s, sizeof g) == 0);
    CHECK(got == k + neg);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            float x = (float)v[i], y = (float)v[j];
            float r = remf(x, y), e = fmodf(x, y);
            CHECK(isnan(e) ? isnan(r) : memcmp(&r, &e, sizeof r) == 0);
        }
    CHECK(notcalled(1.0, 2.0) == 42.0);
    if (fails)
        return 1;
    printf("frem: ok\n");
    return 0;
}
