/* C driver for structs.sir: calls each function and checks the result
 * against the same computation done in C. */
#include <stdint.h>
#include <stdio.h>

struct point { int32_t x, y; };
struct triple { int64_t a, b, c; };
struct node { int64_t value; struct node *next; };

struct point point_add(struct point, struct point);
struct triple triple_scale(struct triple, int64_t);
int64_t triple_sum(const struct triple *);
int64_t list_sum(const struct node *);

int
main(void)
{
    int bad = 0;
    struct point p = point_add((struct point){3, -4},
                               (struct point){40, 2000000000});
    printf("point_add({3, -4}, {40, 2000000000}) = {%d, %d}\n", p.x, p.y);
    bad |= p.x != 43 || p.y != 1999999996;

    struct triple t = triple_scale((struct triple){1, -2, 3}, 1000000007);
    printf("triple_scale({1, -2, 3}, 1000000007) = {%lld, %lld, %lld}\n",
           (long long)t.a, (long long)t.b, (long long)t.c);
    bad |= t.a != 1000000007 || t.b != -2000000014 || t.c != 3000000021;

    int64_t s = triple_sum(&t);
    printf("triple_sum(that) = %lld\n", (long long)s);
    bad |= s != t.a + t.b + t.c;

    struct node n3 = {30, NULL}, n2 = {20, &n3}, n1 = {10, &n2};
    int64_t l = list_sum(&n1);
    printf("list_sum(10 -> 20 -> 30) = %lld\n", (long long)l);
    bad |= l != 60;

    puts(bad ? "structs: MISMATCH" : "structs: ok");
    return bad;
}
