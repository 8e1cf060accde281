#include <stdint.h>
#include <stdio.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

typedef struct { int32_t a; float b; } IF;
typedef struct { int64_t a, b, c; } L3;
typedef struct { double a, b; } D2;
typedef struct { float a, b, c; } F3;
typedef struct { int8_t a; int16_t b; } BS;
typedef struct { int64_t a, b; } L2;
typedef struct { double a; } D1;
typedef struct { double x; int64_t n; } R;

#define PARAMS int32_t a, IF b, double c, L3 d, int8_t e, D2 f, void *g, \
    F3 h, int64_t i, float j, BS k, double l, int64_t m, double n, L2 o, \
    double p, double q, int32_t r, D1 s, int16_t t
#define ARGS a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t

R sir_mixed(PARAMS);
R sir_forward(PARAMS);

static R
ref(PARAMS)
{
    R x;
    x.n = (int64_t)a + b.a + d.a + d.b + d.c + e + (int64_t)(uintptr_t)g + i +
          k.a + k.b + m + o.a + o.b + r + t;
    double y = (double)b.b + c;
    y += f.a; y += f.b; y += (double)h.a; y += (double)h.b; y += (double)h.c;
    y += (double)j; y += l; y += n; y += p; y += q; y += s.a;
    x.x = y;
    return x;
}

R c_mixed(PARAMS) { return ref(ARGS); }

int
main(void)
{
    IF b = {-7, 0.5f};
    L3 d = {1LL << 40, -2, 3};
    D2 f = {0.25, -8.0};
    F3 h = {1.5f, 2.5f, -3.5f};
    BS k = {-9, -1000};
    L2 o = {11, -12};
    D1 s = {100.125};
    char buf[1];
    R w = ref(-1, b, 2.0, d, -5, f, buf, h, 77, 0.75f, k, 3.0, -66, 4.5, o,
              5.5, 6.5, 123456, s, -31000);
    R g1 = sir_mixed(-1, b, 2.0, d, -5, f, buf, h, 77, 0.75f, k, 3.0, -66,
                     4.5, o, 5.5, 6.5, 123456, s, -31000);
    R g2 = sir_forward(-1, b, 2.0, d, -5, f, buf, h, 77, 0.75f, k, 3.0, -66,
                       4.5, o, 5.5, 6.5, 123456, s, -31000);
    CHECK(g1.x == w.x && g1.n == w.n);
    CHECK(g2.x == w.x && g2.n == w.n);
    if (fails)
        printf("%d failures\n", fails);
    return fails != 0;
}
