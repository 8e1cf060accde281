#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

void fill_bytes(uint8_t *, int32_t, int32_t, int8_t);
int32_t fill_zeros(int32_t *, int32_t, int32_t);
uint64_t fill_ones(int64_t *, uint64_t, uint64_t);
void fill_f64(double *, uint32_t, uint32_t);
void fill_negzero(double *, int32_t, int32_t);
void fill_bool(bool *, int64_t, int64_t, bool);
void fill_zext(int16_t *, int32_t, int32_t);

enum { N = 1024, MID = 512 };

/* Buffers of N elements, filled with a pattern; the functions get a
 * pointer to element MID, so indices run from -MID to MID - 1. */
static uint8_t b1[N], e1[N];
static int32_t b4[N], e4[N];
static int64_t b8[N], e8[N];
static double bd[N], ed[N];
static bool bb[N], eb[N];
static int16_t b2[N], e2[N];

static void
pattern(void *a, void *e, size_t n)
{
    uint8_t *p = a;
    for (size_t k = 0; k < n; k++)
        p[k] = (uint8_t)(k * 37 + 11);
    memcpy(e, a, n);
}

int main(void)
{
    static const int32_t bounds[][2] = {
        {0, 0}, {0, 1}, {0, 7}, {3, 200}, {-5, 5}, {-512, 511},
        {-100, -20}, {10, 3}, {-1, 0}, {0, 512}, {100, 101}, {7, -7},
    };
    for (unsigned t = 0; t < sizeof bounds / sizeof bounds[0]; t++) {
        int32_t lo = bounds[t][0], n = bounds[t][1];

        pattern(b1, e1, sizeof b1);
        fill_bytes(b1 + MID, lo, n, (int8_t)-93);
        for (int32_t i = lo; i < n; i++)
            e1[MID + i] = (uint8_t)-93;
        CHECK(memcmp(b1, e1, sizeof b1) == 0);

        pattern(b4, e4, sizeof b4);
        int32_t r = fill_zeros(b4 + MID, lo, n);
        int32_t i;
        for (i = lo; i < n; i++)
            e4[MID + i] = 0;
        CHECK(memcmp(b4, e4, sizeof b4) == 0);
        CHECK(r == i);

        pattern(bd, ed, sizeof bd);
        fill_negzero(bd + MID, lo, n);
        for (i = lo; i < n; i++)
            ed[MID + i] = -0.0;
        CHECK(memcmp(bd, ed, sizeof bd) == 0);

        pattern(bb, eb, sizeof bb);
        for (int k = 0; k < N; k++)
            bb[k] = eb[k] = k & 1;
        fill_bool(bb + MID, lo, n, t & 1);
        for (int64_t j = lo; j < n; j++)
            eb[MID + j] = t & 1;
        CHECK(memcmp(bb, eb, sizeof bb) == 0);

        /* unsigned and zext forms: indices from 0 */
        uint32_t ulo = lo < 0 ? (uint32_t)-lo : (uint32_t)lo;
        uint32_t un = n < 0 ? (uint32_t)-n : (uint32_t)n;
        pattern(b8, e8, sizeof b8);
        uint64_t u = fill_ones(b8, ulo, un);
        uint64_t j;
        for (j = ulo; j < un; j++)
            e8[j] = -1;
        CHECK(memcmp(b8, e8, sizeof b8) == 0);
        CHECK(u == j);

        pattern(bd, ed, sizeof bd);
        fill_f64(bd, ulo, un);
        for (uint32_t k = ulo; k < un; k++)
            ed[k] = 0.0;
        CHECK(memcmp(bd, ed, sizeof bd) == 0);

        pattern(b2, e2, sizeof b2);
        fill_zext(b2, (int32_t)ulo, (int32_t)un);
        for (uint32_t k = ulo; k < un; k++)
            e2[k] = -2;
        CHECK(memcmp(b2, e2, sizeof b2) == 0);
    }
    /* unsigned i64 bounds near the top: lo > n as signed values */
    pattern(b8, e8, sizeof b8);
    CHECK(fill_ones(b8, UINT64_MAX - 1, 3) == UINT64_MAX - 1);
    CHECK(memcmp(b8, e8, sizeof b8) == 0);
    if (fails)
        return 1;
    printf("fill: ok\n");
    return 0;
}
