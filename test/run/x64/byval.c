#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

struct small { int64_t a, b, c; };
struct big { int64_t w[512]; };

int64_t sir_big(struct big, int64_t, int64_t, int64_t, int64_t, int64_t,
                int64_t, int64_t);
int64_t call_small(struct small *);
int64_t call_big(struct big *);
int64_t sir_byval(int32_t, struct small, int32_t);
int64_t call_byval(struct small *);

int64_t
c_byval(int32_t a, struct small x, int32_t b)
{
    return (x.a + x.b + x.c) * a + b;
}

int64_t
c_small(struct small s)
{
    int64_t r = s.a + 2 * s.b + 3 * s.c;
    s.a = 0;
    return r;
}

int64_t
c_big(int64_t x, struct big b, int64_t y)
{
    int64_t r = x * 1000 + y;
    for (int k = 0; k < 512; k++)
        r += b.w[k] * (k + 1);
    b.w[0] = 0;
    return r;
}

int
main(void)
{
    static struct big b;
    for (int k = 0; k < 512; k++)
        b.w[k] = k * 7 + 1;
    CHECK(sir_big(b, 1, 2, 3, 4, 5, 6, 7) == 1 + (511 * 7 + 1) + 7);
    CHECK(b.w[0] == 1);
    struct small s = {4, 5, 6};
    CHECK(call_small(&s) == 4 + 10 + 18 && s.a == 4);
    int64_t want = 3005;
    for (int k = 0; k < 512; k++)
        want += b.w[k] * (k + 1);
    CHECK(call_big(&b) == want && b.w[0] == 1);
    struct small x = {10, 20, 30};
    CHECK(sir_byval(2, x, 5) == 125 && x.a == 10);
    CHECK(call_byval(&x) == 176 && x.a == 10);
    return fails != 0;
}
