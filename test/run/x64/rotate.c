#include <stdint.h>
#include <stdio.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

uint64_t rotl64(uint64_t);
uint32_t rotr32(uint32_t);
uint32_t rotadd32(uint32_t);
uint64_t rotuse(uint64_t);
uint64_t notrot(uint64_t, uint64_t);
uint16_t rot16(uint16_t);
int64_t masks(int64_t, int32_t, int16_t);
int64_t recs(char *, int64_t, int32_t);
int64_t topbit(int64_t, int64_t);

static uint64_t rl64(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static uint32_t rl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

int main(void)
{
    static const uint64_t v[] = {0, 1, 0x8000000000000000u, 0xffffffffffffffffu,
        0x0123456789abcdefu, 0xfedcba9876543210u, 0x80000001u, 0x7fffffffu};
    for (unsigned n = 0; n < sizeof v / sizeof v[0]; n++) {
        uint64_t x = v[n], y = v[(n + 3) % 8];
        uint32_t w = (uint32_t)x ^ (uint32_t)(x >> 32);
        CHECK(rotl64(x) == rl64(x, 13));
        CHECK(rotr32(w) == rl32(w, 27));
        CHECK(rotadd32(w) == rl32(w, 1));
        uint64_t r = rl64(x, 8);
        CHECK(rotuse(x) == r * (x << 8) + (x >> 56));
        uint64_t s = x << 13, t3 = y >> 51;
        uint64_t r1 = s | (x >> 50), r2 = s | (uint64_t)((int64_t)x >> 51);
        uint64_t r3 = s | t3, r4 = s & t3;
        CHECK(notrot(x, y) == ((r1 ^ r2) + r3) * r4 + r4);
        uint16_t h = (uint16_t)x;
        CHECK(rot16(h) == (uint16_t)((h << 4) | (h >> 12)));
        int32_t yi = (int32_t)x;
        int16_t zi = (int16_t)(x >> 16);
        CHECK(masks((int64_t)x, yi, zi) ==
              (int64_t)((x & 0xff) + (x & 0xffff) + (x & 0xffffffffu) +
                        (uint32_t)(yi & 0xff) + (int64_t)(int16_t)(zi & 0xff)));
        int64_t i = (int64_t)(x % 1000) - 500;
        int32_t j = (int32_t)(y % 1000) - 500;
        static char buf[1];
        CHECK(recs(buf, i, j) == i * 16 - (int64_t)j * 32);
        for (int64_t k = 0; k < 64; k += 21)
            CHECK(topbit((int64_t)x, k) ==
                  (int64_t)((uint64_t)((int64_t)x >> k) >> 63) + (int64_t)x / 2);
    }
    return fails != 0;
}
