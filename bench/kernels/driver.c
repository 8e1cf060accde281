/*
 * driver.c - runs one SIR benchmark kernel (bench/kernels/NAME.sir) many
 * times and prints a checksum, so that the -O0 and -O2 builds of the
 * same kernel can be timed and compared (bench/kernels.sh).
 *
 * usage: driver KERNEL [REPS]   KERNEL: sum dot matmul collatz
 * prints "KERNEL CHECKSUM SECONDS"; SECONDS is the wall time of the
 * repetition loop only (set-up excluded).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../driver.h"

int64_t k_sum(const int64_t *, int64_t);
double k_dot(const double *, const double *, int64_t);
void k_matmul(const int32_t *, const int32_t *, int32_t *, int32_t);
int64_t k_collatz(int64_t);


int
main(int argc, char **argv)
{
	const char *k;
	long reps;
	uint64_t h = 14695981039346656037u;
	long r;
	double t0 = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: driver sum|dot|matmul|collatz [REPS]\n");
		return 2;
	}
	k = argv[1];
	reps = argc > 2 ? atol(argv[2]) : 0;
	if (strcmp(k, "sum") == 0) {
		enum { N = 4096 };
		static int64_t a[N];
		for (int i = 0; i < N; i++)
			a[i] = (int64_t)rnd() - (1 << 30);
		if (!reps)
			reps = 40000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			a[r % N] += r;  /* keep the calls from being hoisted */
			h = mix(h, (uint64_t)k_sum(a, N));
		}
	} else if (strcmp(k, "dot") == 0) {
		enum { N = 4096 };
		static double a[N], b[N];
		for (int i = 0; i < N; i++) {
			a[i] = (double)(rnd() % 1000) / 8.0;
			b[i] = (double)(rnd() % 1000) / 16.0;
		}
		if (!reps)
			reps = 12000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			double d;
			uint64_t bits;
			a[r % N] += 1.0;
			d = k_dot(a, b, N);
			memcpy(&bits, &d, sizeof bits);
			h = mix(h, bits);
		}
	} else if (strcmp(k, "matmul") == 0) {
		enum { N = 48 };
		static int32_t a[N * N], b[N * N], c[N * N];
		for (int i = 0; i < N * N; i++) {
			a[i] = (int32_t)(rnd() % 201) - 100;
			b[i] = (int32_t)(rnd() % 201) - 100;
		}
		if (!reps)
			reps = 500;
		t0 = now();
		for (r = 0; r < reps; r++) {
			a[r % (N * N)] += 1;
			k_matmul(a, b, c, N);
			for (int i = 0; i < N * N; i++)
				h = mix(h, (uint32_t)c[i]);
		}
	} else if (strcmp(k, "collatz") == 0) {
		if (!reps)
			reps = 4;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, (uint64_t)k_collatz(100000 + r));
	} else {
		fprintf(stderr, "driver: unknown kernel %s\n", k);
		return 2;
	}
	printf("%s %016llx %.4f\n", k, (unsigned long long)h, now() - t0);
	return 0;
}
