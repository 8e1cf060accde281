/* C driver for kernel.sir: runs each kernel on the same data as a C
 * version of it and prints both results. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void saxpy(int64_t n, float a, float *restrict x, float *restrict y);
double dot(int64_t n, const float *x, const float *y);
int32_t fnv1a(const void *p, int64_t n);

enum { N = 1000 };

static uint32_t
c_fnv1a(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

int
main(void)
{
    static float x[N], y[N], cy[N];
    int bad = 0;

    for (int i = 0; i < N; i++) {
        x[i] = (float)i * 0.25f;
        y[i] = cy[i] = (float)(N - i);
    }
    saxpy(N, 1.5f, x, y);
    for (int i = 0; i < N; i++) {
        float p = 1.5f * x[i];   /* two roundings, as in SIR: no fma */
        cy[i] = p + cy[i];
        bad |= memcmp(&y[i], &cy[i], sizeof y[i]) != 0;
    }
    printf("saxpy: y[1] = %g, y[999] = %g\n", y[1], y[999]);

    double d = dot(N, x, y), cd = 0.0;
    for (int i = 0; i < N; i++) {
        double p = (double)x[i] * (double)y[i];
        cd = cd + p;
    }
    printf("dot: %.17g (C: %.17g)\n", d, cd);
    bad |= d != cd;

    const char *s = "The quick brown fox jumps over the lazy dog";
    uint32_t h = (uint32_t)fnv1a(s, (int64_t)strlen(s));
    printf("fnv1a: 0x%08x (C: 0x%08x)\n", h, c_fnv1a((const void *)s,
                                                     strlen(s)));
    bad |= h != c_fnv1a((const void *)s, strlen(s));

    puts(bad ? "kernel: MISMATCH" : "kernel: ok");
    return bad;
}
