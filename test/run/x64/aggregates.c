#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

typedef struct { int8_t a; struct { double b; int16_t c[3]; } in; char *d; } Big;
typedef struct { int32_t i; float f; } IF;
typedef struct { int64_t v[3]; } A3;
typedef struct {} E;
typedef struct { int64_t n; double x; } Acc;

Big build(int8_t, double, int16_t, char *);
void copy(Big *, const Big *);
IF pick(bool, IF, IF);
A3 pick3(int64_t, int64_t, A3, A3);
void *pickp(bool, void *, void *);
bool pickb(bool, bool, bool);
int32_t zs(E, int32_t, E, int32_t);
int32_t zcall(int32_t);
Acc loop_agg(int64_t);

Acc c_step(Acc a, int64_t i) { a.n += i; a.x = a.x * 0.5 + (double)i; return a; }

int
main(void)
{
    char s[] = "x";
    Big b = build(-5, 2.75, 1234, s);
    CHECK(b.a == -5 && b.in.b == 2.75 && b.in.c[0] == 0 && b.in.c[1] == 0 &&
          b.in.c[2] == 1234 && b.d == s);
    Big c;
    memset(&c, 0x55, sizeof c);
    copy(&c, &b);
    CHECK(c.a == -5 && c.in.b == 2.75 && c.in.c[2] == 1234 && c.d == s &&
          c.in.c[0] == 0 && c.in.c[1] == 0);
    IF x = {1, 1.5f}, y = {-2, -2.5f};
    IF r1 = pick(true, x, y), r2 = pick(false, x, y);
    CHECK(r1.i == 1 && r1.f == 1.5f && r2.i == -2 && r2.f == -2.5f);
    A3 p = {{1, 2, 3}}, q = {{4, 5, 6}};
    A3 r3 = pick3(1, 2, p, q), r4 = pick3(2, 1, p, q);
    CHECK(r3.v[0] == 1 && r3.v[2] == 3 && r4.v[0] == 4 && r4.v[2] == 6);
    CHECK(pickp(true, s, 0) == s && pickp(false, s, 0) == 0);
    for (int i = 0; i < 8; i++)
        CHECK(pickb(i & 1, i & 2, i & 4) == ((i & 1) ? (i & 2) != 0 : (i & 4) != 0));
    E e;
    CHECK(zs(e, 3, e, 4) == 7);
    CHECK(zcall(21) == 42);
    Acc want = {0, 0.0};
    for (int64_t i = 0; i < 10; i++)
        want = c_step(want, i);
    Acc got = loop_agg(10);
    CHECK(got.n == want.n && got.x == want.x);
    if (fails)
        printf("%d failures\n", fails);
    return fails != 0;
}
