#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

extern int64_t counter;
extern char buffer[64];
extern struct { int32_t a; double b; } scratch;
extern const double pi;
extern const struct { bool a; float b; bool c; } flags;
extern void *self;
extern struct { int8_t a; const char *b; int64_t c; char d[3]; } record;
extern void *const table[2];
extern struct { int8_t a; int16_t b; int32_t c; int64_t d; } narrow;
extern float fl[3];
int64_t c_ext = 100;

int64_t bump(void);
int32_t power(int64_t);
int32_t power32(int32_t);
int64_t ext_add(int64_t);
void *addr_of(int32_t);
int64_t call_table(int64_t);
int64_t slots(int8_t, int16_t, int32_t, int64_t, float, double, bool);
int64_t allocas(int64_t);
int32_t volatiles(int32_t *, int64_t, int32_t);
void *offset12(void *, int32_t);
int64_t sum_struct_array(void *, int64_t);
int32_t load_then_store(int32_t *, int32_t);
int64_t fold_both(int64_t *, int64_t *);

int
main(void)
{
    CHECK(counter == 5);
    CHECK(bump() == 6 && bump() == 7 && counter == 7);
    for (int i = 0; i < 4; i++)
        CHECK(power(i) == 1 << i && power32(i) == 1 << i);
    CHECK(((uintptr_t)buffer & 63) == 0);
    for (int i = 0; i < 64; i++)
        CHECK(buffer[i] == 0);
    CHECK(pi == 3.141592653589793);
    CHECK(flags.a == true && flags.b == 1.5f && flags.c == false);
    CHECK(self == &self);
    CHECK(record.a == -1 && !strcmp(record.b, "ir") && !strcmp(record.d, "ab"));
    CHECK(table[0] == &counter && table[1] == (void *)bump);
    CHECK(narrow.a == -2 && narrow.b == -300 && narrow.c == -70000 &&
          narrow.d == -5000000000LL);
    CHECK(fl[0] == 0.5f && fl[1] == -1.25f && fl[2] == 1e-40f);
    CHECK(ext_add(5) == 100 && c_ext == 105);
    CHECK(addr_of(0) == buffer);
    CHECK(addr_of(1) != 0);
    CHECK(call_table(0) == counter);
    scratch.a = 3;
    CHECK(scratch.a == 3);
    int64_t want = -3 + -1234 + 123456 + 1000000000000LL + 7 + -2 + 1 + -1234;
    CHECK(slots(-3, -1234, 123456, 1000000000000LL, 7.75f, -2.5, true) == want);
    CHECK(allocas(0) == 0);
    CHECK(allocas(5) == 43210);  /* nodes 4, 3, 2, 1, 0 from the last */
    int32_t arr[4] = {0};
    CHECK(volatiles(arr, 2, 21) == 42 && arr[2] == 21);
    struct { int32_t a, b, c; } s3[5];
    CHECK(offset12(&s3[4], -3) == (void *)&s3[1]);
    CHECK(offset12(&s3[0], 4) == (void *)&s3[4]);
    struct { int8_t a; int64_t b; } sa[3] = {{1, 10}, {2, 200}, {(int8_t)255, 3000}};
    CHECK(sum_struct_array(sa, 3) == 1 + 10 + 2 + 200 + 255 + 3000);
    int32_t cell = 5;
    CHECK(load_then_store(&cell, 7) == 2 && cell == 7);
    int64_t u = -3, w = 1000000007;
    CHECK(fold_both(&u, &w) == -3 * 1000000007LL - 1000000007LL);
    if (fails)
        printf("%d failures\n", fails);
    return fails != 0;
}
