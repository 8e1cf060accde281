#include <stdint.h>
#include <stdio.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

int8_t lea8(int8_t, int8_t);
int16_t lea16(int16_t, int16_t);
int32_t lea32(int32_t, int32_t);
int64_t lea64(int64_t, int64_t, int64_t);
int32_t testand(int64_t, int64_t);
int32_t testand8(int8_t, int8_t);
int64_t collatz_total(int64_t);
void clamp(int32_t *, int64_t, int32_t, int32_t);
int32_t idx(int32_t *, int32_t, int16_t, int8_t);
void matmul(const int32_t *, const int32_t *, int32_t *, int32_t);
int64_t sum64(const int64_t *, int64_t);
int32_t xor2(const int32_t *, int32_t);

static const int64_t vals[] = {
    0, 1, -1, 2, 3, 7, -8, 127, -128, 255, 32767, -32768, 65535, 65280,
    INT32_MAX, INT32_MIN, (int64_t)UINT32_MAX, INT64_MAX, INT64_MIN,
    0x123456789abcdefLL, -0x7edcba9876543210LL, 1000000007, -999999937,
};
enum { NV = sizeof vals / sizeof vals[0] };

static int32_t
ref_testand(int64_t x, int64_t m)
{
    return ((x & m) != 0) | ((x & 0xff00) == 0) << 1 | ((x & m) < 0) << 2;
}

static int64_t
ref_collatz(int64_t limit)
{
    int64_t total = 0;
    for (int64_t s = 1; s < limit; s++) {
        uint64_t x = (uint64_t)s;
        while (x != 1) {
            x = x & 1 ? 3 * x + 1 : x >> 1;
            total++;
        }
    }
    return total;
}

int
main(void)
{
    for (int i = 0; i < NV; i++)
        for (int j = 0; j < NV; j++) {
            int64_t a = vals[i], b = vals[j], c = vals[(i + j) % NV];
            CHECK(lea8((int8_t)a, (int8_t)b) ==
                  (int8_t)(uint8_t)((uint8_t)a * 5u + (uint8_t)b + 7u));
            CHECK(lea16((int16_t)a, (int16_t)b) ==
                  (int16_t)(uint16_t)((uint16_t)a + ((uint16_t)b << 2) -
                                      30000u));
            CHECK(lea32((int32_t)a, (int32_t)b) ==
                  (int32_t)((uint32_t)a * 9u + 2000000000u +
                            (uint32_t)b * 4u));
            CHECK(lea64(a, b, c) ==
                  (int64_t)(((uint64_t)a + (uint64_t)b * 8 - 2000000000u +
                             4294967296u + (uint64_t)c) * 3));
            CHECK(testand(a, b) == ref_testand(a, b));
            CHECK(testand8((int8_t)a, (int8_t)b) ==
                  ((int8_t)((int8_t)a & (int8_t)b) > 0));
        }
    for (int64_t l = 1; l < 60; l += 7)
        CHECK(collatz_total(l) == ref_collatz(l));
    CHECK(collatz_total(3000) == ref_collatz(3000));
    int32_t arr[64], ref[64];
    for (int i = 0; i < 64; i++)
        arr[i] = ref[i] = (int32_t)(vals[i % NV] ^ (i * 2654435761u));
    clamp(arr, 64, -1000000, 1 << 30);
    for (int i = 0; i < 64; i++) {
        int32_t v = ref[i] < -1000000 ? -1000000 : ref[i];
        v = v > (1 << 30) ? 1 << 30 : v;
        CHECK(arr[i] == v);
    }
    clamp(arr, 0, 0, 0);
    CHECK(arr[5] == (ref[5] < -1000000 ? -1000000 : ref[5] > (1 << 30) ? 1 << 30 : ref[5]));
    int32_t buf[512];
    for (int i = 0; i < 512; i++)
        buf[i] = i * 7 - 1000;
    for (int a = -200; a < 200; a += 37)
        for (int b = -250; b < 250; b += 53)
            for (int c = -128; c < 128; c += 29) {
                int32_t *p = buf + 256;
                int32_t va = p[a], vb = p[b];
                CHECK(idx(p, a, (int16_t)b, (int8_t)c) ==
                      (int32_t)((uint32_t)va + (uint32_t)vb));
                CHECK(p[c] == va);
            }
    enum { N = 13 };
    int32_t ma[N * N], mb[N * N], mc[N * N];
    for (int i = 0; i < N * N; i++) {
        ma[i] = (int32_t)(i * 2654435761u);
        mb[i] = (int32_t)(i * 40503u) - 7;
    }
    for (int n = 0; n <= N; n += N / 3 + 1) {
        matmul(ma, mb, mc, n);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                uint32_t s = 0;
                for (int k = 0; k < n; k++)
                    s += (uint32_t)ma[i * n + k] * (uint32_t)mb[k * n + j];
                CHECK(mc[i * n + j] == (int32_t)s);
            }
    }
    int64_t big[40];
    for (int i = 0; i < 40; i++)
        big[i] = vals[i % NV] ^ (int64_t)i << 40;
    for (int64_t n = -3; n <= 40; n++) {
        uint64_t s = 0;
        for (int64_t i = 0; i < n; i++)
            s += (uint64_t)big[i];
        CHECK(sum64(big, n) == (int64_t)s);
    }
    CHECK(sum64(big, INT64_MIN) == 0);
    for (int32_t n = 0; n <= 40; n++) {
        uint32_t h = 0;
        for (uint32_t i = 0; i < (uint32_t)n; i += 2)
            h ^= (uint32_t)buf[i];
        CHECK(xor2(buf, n) == (int32_t)h);
    }
    if (fails)
        printf("%d failures\n", fails);
    return fails != 0;
}
