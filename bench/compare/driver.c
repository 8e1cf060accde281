/*
 * driver.c - times one comparison kernel (see ref.c), in the style of
 * bench/kernels/driver.c.
 *
 * usage: driver KERNEL [REPS]
 *   KERNEL: bodies adler blur isort tree classify sieve fib crc vm qsort
 *           hash
 * prints "KERNEL CHECKSUM SECONDS" (SECONDS: the repetition loop only).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../driver.h"

struct vec3 { double x, y, z; };
struct body { struct vec3 pos, vel; double mass; };
struct tree { int32_t key; struct tree *left, *right; };

double k_bodies(struct body *, int, double);
uint32_t k_adler(const unsigned char *);
void k_blur(const int32_t *, int32_t *, int, int);
void k_isort(int32_t *, int);
int k_tree(const struct tree *, const int32_t *, int);
int64_t k_classify(const unsigned char *, int);
int k_sieve(unsigned char *, int);
int k_fib(int);
uint32_t k_crc(const unsigned char *, int);
uint32_t k_vm(const int32_t *);
void k_qsort(int32_t *, int);
uint32_t k_hash(uint64_t *, const uint64_t *, int);


static struct tree *
insert(struct tree *t, struct tree *n)
{
	struct tree **pp = &t;

	while (*pp)
		pp = n->key < (*pp)->key ? &(*pp)->left : &(*pp)->right;
	*pp = n;
	return t;
}

int
main(int argc, char **argv)
{
	const char *k;
	long reps, r;
	uint64_t h = 14695981039346656037u;
	double t0 = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: driver KERNEL [REPS]\n");
		return 2;
	}
	k = argv[1];
	reps = argc > 2 ? atol(argv[2]) : 0;
	if (strcmp(k, "bodies") == 0) {
		enum { N = 1024 };
		static struct body b[N];
		for (int i = 0; i < N; i++) {
			b[i].pos.x = (double)(rnd() % 1000);
			b[i].pos.y = (double)(rnd() % 1000);
			b[i].pos.z = (double)(rnd() % 1000);
			b[i].vel.x = (double)(rnd() % 100) / 8.0;
			b[i].vel.y = (double)(rnd() % 100) / 8.0;
			b[i].vel.z = (double)(rnd() % 100) / 8.0;
			b[i].mass = 1.0 + (double)(rnd() % 16);
		}
		if (!reps)
			reps = 50000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			double e = k_bodies(b, N, 1.0 / 1024);
			uint64_t bits;
			memcpy(&bits, &e, sizeof bits);
			h = mix(h, bits);
		}
	} else if (strcmp(k, "adler") == 0) {
		enum { N = 8192 };
		static unsigned char s[N + 1];
		for (int i = 0; i < N; i++)
			s[i] = (unsigned char)(1 + rnd() % 255);
		if (!reps)
			reps = 40000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			s[r % N] = (unsigned char)(1 + r % 255);
			h = mix(h, k_adler(s));
		}
	} else if (strcmp(k, "blur") == 0) {
		enum { W = 128, H = 96 };
		static int32_t in[W * H], out[W * H];
		for (int i = 0; i < W * H; i++)
			in[i] = (int32_t)(rnd() % 4096);
		if (!reps)
			reps = 20000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			in[r % (W * H)] += 1;
			k_blur(in, out, W, H);
			h = mix(h, (uint32_t)out[(r * 7919) % (W * H)]);
		}
		for (int i = 0; i < W * H; i++)
			h = mix(h, (uint32_t)out[i]);
	} else if (strcmp(k, "isort") == 0) {
		/* a fresh window of a large random array each time, so the
		 * branch predictor cannot learn the input */
		enum { N = 512, S = 1 << 18 };
		static int32_t src[S], a[N];
		for (int i = 0; i < S; i++)
			src[i] = (int32_t)(rnd() % 100000) - 50000;
		if (!reps)
			reps = 3500;
		t0 = now();
		for (r = 0; r < reps; r++) {
			memcpy(a, src + (r * 977) % (S - N), sizeof a);
			k_isort(a, N);
			h = mix(h, (uint32_t)a[r % N]);
		}
	} else if (strcmp(k, "tree") == 0) {
		/* M lookups per call, taken from a large key array so the
		 * branch predictor cannot learn the sequence */
		enum { N = 2048, M = 2048, K = 1 << 20 };
		static struct tree nodes[N];
		static int32_t keys[K];
		struct tree *root = 0;
		for (int i = 0; i < N; i++) {
			nodes[i].key = (int32_t)(rnd() % (4 * N));
			root = insert(root, &nodes[i]);
		}
		for (int i = 0; i < K; i++)
			keys[i] = (i & 1) ? nodes[rnd() % N].key
			    : (int32_t)(rnd() % (4 * N));
		if (!reps)
			reps = 1000;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, (uint64_t)k_tree(root,
			    keys + (r * M) % (K - M), M));
	} else if (strcmp(k, "classify") == 0) {
		/* a fresh window of a large text each time (see isort) */
		enum { N = 8192, S = 1 << 20 };
		static const char alpha[] =
		    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789 \t\n_+-*/(){};,.";
		static unsigned char s[S];
		for (int i = 0; i < S; i++)
			s[i] = (rnd() % 8 == 0) ? (unsigned char)(rnd() % 256)
			    : (unsigned char)alpha[rnd() % (sizeof alpha - 1)];
		if (!reps)
			reps = 1600;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, (uint64_t)k_classify(s + (r * N) % (S - N),
			    N));
	} else if (strcmp(k, "sieve") == 0) {
		enum { N = 1 << 17 };
		static unsigned char f[N];
		if (!reps)
			reps = 400;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, (uint64_t)k_sieve(f, N - (int)(r % 64)));
	} else if (strcmp(k, "fib") == 0) {
		if (!reps)
			reps = 300;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, (uint64_t)k_fib(24 + (int)(r % 4)));
	} else if (strcmp(k, "crc") == 0) {
		enum { N = 1 << 16 };
		static unsigned char s[N];
		for (int i = 0; i < N; i++)
			s[i] = (unsigned char)rnd();
		if (!reps)
			reps = 600;
		t0 = now();
		for (r = 0; r < reps; r++) {
			s[r % N] ^= (unsigned char)r;
			h = mix(h, k_crc(s, N - (int)(r % 16)));
		}
	} else if (strcmp(k, "vm") == 0) {
		/* loc0 = n; loc1 = 0;
		 * do { loc1 = loc1 * 31 + loc0; loc0 = loc0 - 1; } while (loc0);
		 * return loc1; */
		static int32_t code[] = {
			1, 0, 8, 0,		/* 0: push n; store 0 */
			1, 0, 8, 1,		/* 4: push 0; store 1 */
			7, 1, 1, 31, 4,		/* 8: load 1; push 31; mul */
			7, 0, 2, 8, 1,		/* 13: load 0; add; store 1 */
			7, 0, 1, 1, 3, 6, 8, 0,	/* 18: load 0; push 1; sub;
						 * dup; store 0 */
			5, 8,			/* 26: jnz 8 */
			7, 1, 0,		/* 28: load 1; halt */
		};
		if (!reps)
			reps = 1200;
		t0 = now();
		for (r = 0; r < reps; r++) {
			code[1] = 10000 + (int32_t)(r % 100);
			h = mix(h, k_vm(code));
		}
	} else if (strcmp(k, "qsort") == 0) {
		/* a fresh window of a large random array each time (see
		 * isort) */
		enum { N = 4096, S = 1 << 18 };
		static int32_t src[S], a[N];
		for (int i = 0; i < S; i++)
			src[i] = (int32_t)(rnd() % 1000000) - 500000;
		if (!reps)
			reps = 400;
		t0 = now();
		for (r = 0; r < reps; r++) {
			memcpy(a, src + (r * 977) % (S - N), sizeof a);
			k_qsort(a, N);
			h = mix(h, (uint32_t)a[r % N]);
			h = mix(h, (uint32_t)a[(r * 7919) % N]);
		}
	} else if (strcmp(k, "hash") == 0) {
		/* N keys of a large key array each time, 3/4 of HCAP (8192) */
		enum { N = 6144, S = 1 << 18 };
		static uint64_t t[8192], keys[S];
		for (int i = 0; i < S; i++)
			keys[i] = ((uint64_t)rnd() << 32 | rnd()) | 2;
		if (!reps)
			reps = 800;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, k_hash(t, keys + (r * 977) % (S - N), N));
	} else {
		fprintf(stderr, "driver: unknown kernel %s\n", k);
		return 2;
	}
	printf("%s %016llx %.4f\n", k, (unsigned long long)h, now() - t0);
	return 0;
}
