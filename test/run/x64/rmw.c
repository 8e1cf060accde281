#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

void hist(int64_t *, const uint8_t *, int64_t);
void ops(void *, void *);
int32_t blocked(int32_t *, int32_t);

static void
ref_ops(unsigned char *p, unsigned char *q)
{
	uint32_t a, x;
	int64_t f, y;
	memcpy(&x, q, 4); memcpy(&a, p, 4); a += x; memcpy(p, &a, 4);
	memcpy(&x, q, 4); memcpy(&a, p, 4); a -= x; memcpy(p, &a, 4);
	memcpy(&x, q, 4); memcpy(&a, p, 4); a &= x; memcpy(p, &a, 4);
	memcpy(&a, p, 4); a |= (uint32_t)-252645136; memcpy(p, &a, 4);
	memcpy(&x, q, 4); memcpy(&a, p, 4); a ^= x; memcpy(p, &a, 4);
	memcpy(&y, q + 8, 8); memcpy(&f, p + 8, 8);
	f = (int64_t)((uint64_t)f - (uint64_t)y); memcpy(p + 8, &f, 8);
}

int main(void)
{
	int64_t cnt[256] = {0}, want[256] = {0};
	uint8_t s[1000];
	for (int i = 0; i < 1000; i++)
		s[i] = (uint8_t)(i * 37 + (i >> 3));
	hist(cnt, s, 1000);
	for (int i = 0; i < 1000; i++)
		want[s[i]]++;
	for (int i = 0; i < 256; i++)
		CHECK(cnt[i] == want[i]);
	_Alignas(8) unsigned char a[24], b[24], ra[24], rb[24];
	for (int i = 0; i < 24; i++)
		a[i] = ra[i] = (unsigned char)(i * 29 + 3), b[i] = rb[i] = (unsigned char)(i * 101 + 7);
	ops(a, b);
	ref_ops(ra, rb);
	CHECK(memcmp(a, ra, 24) == 0 && memcmp(b, rb, 24) == 0);
	ops(a, a);         /* p == q */
	ref_ops(ra, ra);
	CHECK(memcmp(a, ra, 24) == 0);
	int32_t w = 5;
	CHECK(blocked(&w, 7) == 12 && w == 12);
	if (!fails)
		printf("ok\n");
	return fails != 0;
}
