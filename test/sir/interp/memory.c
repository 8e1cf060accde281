/* The C equivalent of memory.sir: its output is memory.sir's expected
 * output (cc memory.c && ./a.out). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct s { int8_t a; int64_t b; int16_t c; };
struct n { int16_t a; int32_t b[3]; };
static struct s g = {-2, 81985529216486895, 4660};
static struct n nested[2] = {{1, {2, 3, 4}}, {5, {6, 7, 8}}};

static void show(const char *n, uint64_t v) { printf("%s %llx\n", n, (unsigned long long)v); }

int main(void) {
    struct s s;
    uint64_t u[4];
    int8_t a8 = -100; memcpy(u, &a8, 1); show("i8", *(uint8_t *)u);
    int16_t a16 = -30000; memcpy(u, &a16, 2); show("i16", *(uint16_t *)u);
    int32_t a32 = -2000000000; memcpy(u, &a32, 4); show("i32", *(uint32_t *)u);
    int64_t a64 = -81985529216486896; memcpy(u, &a64, 8); show("i64", (uint64_t)u[0]);
    float af = -1.75f; uint32_t fb; memcpy(&fb, &af, 4); show("f32", fb);
    double ad = 6.02e23; uint64_t db; memcpy(&db, &ad, 8); show("f64", db);
    u[0] = 0; *(unsigned char *)u = 1; show("bool", u[0]);
    show("ptr", 1);
    s = g;
    show("layout", (uint8_t)s.a); show("layout", s.b); show("layout", (uint16_t)s.c);
    show("layout", 1);
    u[3] = 77; show("neg", u[3]);
    show("nest", (uint32_t)nested[1].b[2]);
    show("nest", (uint32_t)nested[0].b[1]);
    struct n w[2]; memcpy(w, nested, sizeof w);
    struct n w0 = w[0]; w0.b[0] = 9; w[1] = w0; memcpy(nested, w, sizeof w);
    show("agg", (uint32_t)nested[1].b[0]); show("agg", (uint32_t)nested[1].b[1]);
    show("zero", 0);
    show("alloca", 10); show("alloca", 9);
    g.b++; show("glob", g.b);
    return 0;
}
