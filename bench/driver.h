/*
 * driver.h - what the timing drivers of bench/kernels and bench/compare
 * share: a fixed LCG (every build sees the same data), a monotonic clock
 * and a hash step for the checksums.
 */
#include <stdint.h>
#include <time.h>

static uint64_t seed = 12345;

static uint32_t
rnd(void)
{
	seed = seed * 6364136223846793005u + 1442695040888963407u;
	return (uint32_t)(seed >> 33);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t
mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 1099511628211u;
}
