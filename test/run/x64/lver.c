#include <stdint.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)
int64_t addr_sum(char *, int32_t, int32_t, int32_t);
int64_t addr_sum16(char *, int16_t, int16_t, int16_t);
int32_t sum_stride(const int32_t *, const int32_t *, int32_t, int32_t, int32_t);
int64_t addr_stencil(char *, int32_t, int32_t, int32_t, int32_t);

static int64_t
addr_of(char *p, uint32_t e, unsigned size)
{
	return (int64_t)((uint64_t)(uintptr_t)p + size * (uint64_t)(int64_t)(int32_t)e);
}

static int64_t
ref_stencil(char *p, int32_t row, int32_t w, int32_t s, int32_t n)
{
	uint64_t acc = 0;
	uint32_t e = (uint32_t)row;
	for (int32_t i = 0; i < n; i++) {
		uint32_t c = (uint32_t)row + (uint32_t)i;
		acc += (uint64_t)addr_of(p, c - (uint32_t)w, 4);
		acc += 3 * (uint64_t)addr_of(p, c + 1, 4);
		acc += 5 * (uint64_t)addr_of(p, e - (uint32_t)w, 2);
		e += (uint32_t)s;
	}
	return (int64_t)acc;
}

/* the same sums in C, with SIR's wrapping index arithmetic */
static int64_t
ref_sum(char *p, int32_t e0, int32_t s, int32_t n)
{
	uint64_t acc = 0;
	uint32_t e = (uint32_t)e0;
	for (int32_t i = 0; i < n; i++) {
		acc += (uint64_t)(uintptr_t)p + 4 * (uint64_t)(int64_t)(int32_t)e;
		e += (uint32_t)s;
	}
	return (int64_t)acc;
}

static int64_t
ref_sum16(char *p, int16_t base, int16_t i0, int16_t n)
{
	uint64_t acc = 0;
	uint16_t i = (uint16_t)i0;
	for (; i < (uint16_t)n; i++) {
		int16_t e = (int16_t)(uint16_t)((uint16_t)base + i);
		acc += (uint64_t)(uintptr_t)p + 8 * (uint64_t)(int64_t)e;
	}
	return (int64_t)(acc + (uint64_t)i * 1000003);
}

int main(void) {
	char *p = (char *)(uintptr_t)0x100000;
	static const int32_t e0s[] = {0, 5, -7, 2147483000, 2147483640,
	    -2147483000, -2147483640, 2147483647, -2147483647 - 1};
	static const int32_t ss[] = {1, -1, 3, 1000, -1000, 65536, 2147483647,
	    -2147483647 - 1, 0};
	static const int32_t ns[] = {0, 1, 2, 7, 100, -5};
	for (unsigned a = 0; a < sizeof e0s / sizeof *e0s; a++)
		for (unsigned b = 0; b < sizeof ss / sizeof *ss; b++)
			for (unsigned c = 0; c < sizeof ns / sizeof *ns; c++) {
				int32_t e0 = e0s[a], s = ss[b], n = ns[c];
				int64_t got = addr_sum(p, e0, s, n);
				int64_t want = ref_sum(p, e0, s, n);
				if (got != want) {
					printf("addr_sum(%d, %d, %d): %lld, want %lld\n",
					       e0, s, n, (long long)got, (long long)want);
					fails++;
				}
			}
	static const int32_t rows[] = {0, 1000, -1000, 2147483000, 2147483646,
	    -2147483647 - 1, -2147483000};
	static const int32_t ws[] = {0, 7, -7, 640, 2147483647, -2147483647 - 1};
	static const int32_t sts[] = {1, -3, 0, 100000, -2147483647 - 1};
	static const int32_t sns[] = {0, 1, 5, 50, -1};
	for (unsigned a = 0; a < sizeof rows / sizeof *rows; a++)
		for (unsigned b = 0; b < sizeof ws / sizeof *ws; b++)
			for (unsigned d = 0; d < sizeof sts / sizeof *sts; d++)
				for (unsigned c = 0; c < sizeof sns / sizeof *sns; c++) {
					int32_t r = rows[a], w = ws[b], s = sts[d], n = sns[c];
					int64_t got = addr_stencil(p, r, w, s, n);
					int64_t want = ref_stencil(p, r, w, s, n);
					if (got != want) {
						printf("addr_stencil(%d, %d, %d, %d): %lld, want %lld\n",
						       r, w, s, n, (long long)got, (long long)want);
						fails++;
					}
				}
	/* the last index exactly INT_MAX (check passes), one more (fails) */
	CHECK(addr_sum(p, 2147483647 - 9, 1, 10) == ref_sum(p, 2147483647 - 9, 1, 10));
	CHECK(addr_sum(p, 2147483647 - 9, 1, 11) == ref_sum(p, 2147483647 - 9, 1, 11));
	CHECK(addr_sum(p, -2147483647 - 1 + 9, -1, 10) == ref_sum(p, -2147483647 - 1 + 9, -1, 10));
	CHECK(addr_sum(p, -2147483647 - 1 + 9, -1, 11) == ref_sum(p, -2147483647 - 1 + 9, -1, 11));
	static const int16_t bases[] = {0, 100, 32760, -32768, -5, 32767};
	static const int16_t i0s[] = {0, 3, 65530 - 65536, 32766};
	static const int16_t n16[] = {0, 1, 10, 40, 32767, -32768 + 5, -1};
	for (unsigned a = 0; a < sizeof bases / sizeof *bases; a++)
		for (unsigned b = 0; b < sizeof i0s / sizeof *i0s; b++)
			for (unsigned c = 0; c < sizeof n16 / sizeof *n16; c++) {
				int16_t base = bases[a], i0 = i0s[b], n = n16[c];
				int64_t got = addr_sum16(p, base, i0, n);
				int64_t want = ref_sum16(p, base, i0, n);
				if (got != want) {
					printf("addr_sum16(%d, %d, %d): %lld, want %lld\n",
					       base, i0, n, (long long)got, (long long)want);
					fails++;
				}
			}
	static int32_t arr[1000], brr[100];
	for (int i = 0; i < 1000; i++)
		arr[i] = i * 7 - 300;
	for (int i = 0; i < 100; i++)
		brr[i] = 1000 - i * i;
	for (int32_t start = 0; start < 10; start++)
		for (int32_t stride = -3; stride <= 9; stride++)
			for (int32_t n = 0; n <= 100; n += 11) {
				if (start + stride * (n - 1) < 0 ||
				    start + stride * (n - 1) >= 1000)
					continue;
				int32_t want = 0;
				for (int32_t i = 0; i < n; i++)
					want += arr[start + i * stride] + brr[i];
				CHECK(sum_stride(arr, brr, start, stride, n) == want);
			}
	/* a pointer past the array, an index that brings it back */
	CHECK(sum_stride(arr + 1000, brr, -1000, 1, 100) ==
	      sum_stride(arr, brr, 0, 1, 100));
	if (fails)
		printf("%d failures\n", fails);
	return fails != 0;
}
