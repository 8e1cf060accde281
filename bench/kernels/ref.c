/*
 * ref.c - the benchmark kernels in C, linked with driver.c by
 * bench/kernels.sh to get the reference checksums the SIR builds must
 * print.  Each function is the C comment at the top of its .sir file.
 */
#include <stdint.h>

int64_t
k_sum(const int64_t *a, int64_t n)
{
	uint64_t s = 0;  /* unsigned: SIR's iadd wraps */

	for (int64_t i = 0; i < n; i++)
		s += (uint64_t)a[i];
	return (int64_t)s;
}

double
k_dot(const double *a, const double *b, int64_t n)
{
	double s = 0;

	for (int64_t i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

void
k_matmul(const int32_t *a, const int32_t *b, int32_t *c, int32_t n)
{
	for (int32_t i = 0; i < n; i++)
		for (int32_t j = 0; j < n; j++) {
			uint32_t sum = 0;
			for (int32_t k = 0; k < n; k++)
				sum += (uint32_t)a[i * n + k] * (uint32_t)b[k * n + j];
			c[i * n + j] = (int32_t)sum;
		}
}

int64_t
k_collatz(int64_t limit)
{
	int64_t total = 0;

	for (int64_t s = 1; s < limit; s++) {
		uint64_t x = (uint64_t)s;
		while (x != 1) {
			if (x & 1)
				x = 3 * x + 1;
			else
				x = x >> 1;
			total++;
		}
	}
	return total;
}
