/* The C equivalent of calls.sir: its output is calls.sir's expected
 * output. */
#include <stdint.h>
#include <stdio.h>

struct point { int32_t x, y; };
struct triple { int64_t a, b, c; };
struct node { int64_t value; struct node *next; };
struct agg { int32_t i; int8_t c[3]; };

static void show(const char *n, long long v) { printf("%s %lld\n", n, v); }
static struct point point_add(struct point a, struct point b)
{ struct point r = {a.x + b.x, a.y + b.y}; return r; }
static int64_t sum3(struct triple t) { return t.a + t.b + t.c; }
static int64_t sum(int32_t *p, int64_t n)
{ int64_t acc = 0; for (int64_t i = 0; i < n; i++) acc += p[i]; return acc; }
static int64_t list_sum(struct node *n)
{ int64_t acc = 0; for (; n; n = n->next) acc += n->value; return acc; }
static int64_t swaps(int64_t n)
{
    int64_t a = 0, b = 1;
    for (int64_t i = 0; i != n; i++) { int64_t t = a + b; a = b; b = t; }
    int64_t x = a, y = b, z = n;
    for (int64_t k = 0; k != 5; k++) { int64_t t = x; x = y; y = z; z = t; }
    return x * 1000000 + y * 1000 + z;
}
static int is_odd(int64_t n);
static int is_even(int64_t n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(int64_t n) { return n == 0 ? 0 : is_even(n - 1); }
static int64_t deep(int64_t n) { return n == 0 ? 0 : deep(n - 1) + n; }
static int64_t agg_swap(int64_t n)
{
    struct agg a = {2, {0}}, b = {3, {0}};
    for (int64_t i = 0; i != n; i++) {
        int32_t m = (int32_t)((uint32_t)a.i * (uint32_t)b.i);
        struct agg a2 = a; a2.i = m;
        struct agg s = m > a.i ? a2 : a;
        a = b; b = s;
    }
    return (int64_t)a.i * 100000 + b.i;
}

int main(void)
{
    struct point p = {-4, 9};
    struct point r = point_add(p, p);
    show("point", r.x); show("point", r.y);
    struct triple t = {-100, 0, 20000000000};
    show("sum3", sum3(t));
    int32_t arr[5] = {5, -6, 7, -8, 9};
    show("sum", sum(arr, 5));
    struct node n[3] = {{10, &n[1]}, {20, &n[2]}, {30, 0}};
    show("list", list_sum(n));
    show("swap", swaps(50));
    show("rot", swaps(7));
    show("even", is_even(100001));
    show("deep", deep(200000));
    show("agg", agg_swap(7));
    return 0;
}
