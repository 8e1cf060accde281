/*
 * driver.c - times one comparison kernel (see ref.c), in the style of
 * bench/kernels/driver.c.
 *
 * usage: driver KERNEL [REPS]
 *   KERNEL: bodies adler blur isort tree classify sieve fib crc vm qsort
 *           hash edit bsearch list parse mat scan bits soa
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
struct node { int64_t val; struct node *next; };
int k_edit(const unsigned char *, int, const unsigned char *, int, int32_t *);
uint32_t k_bsearch(const int32_t *, int, const int32_t *, int);
uint64_t k_list(struct node *, const int32_t *, int);
uint64_t k_parse(const unsigned char *, int);
double k_mat(const double (*)[128], double (*)[128], int);
int64_t k_scan(int64_t *, const int64_t *, int);
uint64_t k_bits(const uint32_t *, int);
float k_soa(float *, float *, float *, float *, const float *, int, float);


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
	} else if (strcmp(k, "edit") == 0) {
		/* two windows of a large text over a 4-letter alphabet */
		enum { N = 200, S = 1 << 18 };
		static unsigned char s[S];
		static int32_t d[(N + 1) * (N + 1)];
		for (int i = 0; i < S; i++)
			s[i] = (unsigned char)("acgt"[rnd() % 4]);
		if (!reps)
			reps = 1500;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, (uint64_t)k_edit(s + (r * 977) % (S - N),
			    N - (int)(r % 8), s + (r * 7919 + 13) % (S - N), N,
			    d));
	} else if (strcmp(k, "bsearch") == 0) {
		/* M lookups per call from a large key array, about 2/3
		 * absent */
		enum { N = 1 << 16, M = 4096, K = 1 << 20 };
		static int32_t a[N], keys[K];
		for (int i = 0; i < N; i++)
			a[i] = 3 * i + (int32_t)(rnd() % 3);
		for (int i = 0; i < K; i++)
			keys[i] = (int32_t)(rnd() % (3 * N + 3));
		if (!reps)
			reps = 300;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, k_bsearch(a, N - (int)(r % 16),
			    keys + (r * M) % (K - M), M));
	} else if (strcmp(k, "list") == 0) {
		/* the nodes linked in a random order; two entries of the
		 * permutation swap each time */
		enum { N = 4096 };
		static struct node pool[N];
		static int32_t perm[N];
		for (int i = 0; i < N; i++)
			perm[i] = i;
		for (int i = N - 1; i > 0; i--) {
			int j = (int)(rnd() % (uint32_t)(i + 1));
			int32_t t = perm[i];
			perm[i] = perm[j];
			perm[j] = t;
		}
		if (!reps)
			reps = 1000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			int i = (int)(r % N), j = (int)((r * 7919) % N);
			int32_t t = perm[i];
			perm[i] = perm[j];
			perm[j] = t;
			h = mix(h, k_list(pool, perm, N - (int)(r % 4)));
		}
	} else if (strcmp(k, "parse") == 0) {
		/* a fresh window of a large text of numbers and words,
		 * separated by one or two spaces or newlines */
		enum { N = 8192, S = 1 << 20 };
		static unsigned char s[S];
		int i = 0;
		while (i < S) {
			int len = 1 + (int)(rnd() % 7), num = rnd() % 2;
			for (int j = 0; j < len && i < S; j++)
				s[i++] = num ? (unsigned char)('0' + rnd() % 10)
				    : (unsigned char)('a' + rnd() % 26);
			for (int j = 1 + (int)(rnd() % 2); j > 0 && i < S; j--)
				s[i++] = rnd() % 4 ? ' ' : '\n';
		}
		if (!reps)
			reps = 4000;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, k_parse(s + (r * N) % (S - N), N));
	} else if (strcmp(k, "mat") == 0) {
		enum { N = 128 };
		static double a[N][N], t[N][N];
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				a[i][j] = (double)(rnd() % 1000) / 8.0;
		if (!reps)
			reps = 2000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			double s;
			uint64_t bits;
			a[r % N][(r * 7) % N] += 1.0;
			s = k_mat((const double (*)[N])a, t, N - (int)(r % 4));
			memcpy(&bits, &s, sizeof bits);
			h = mix(h, bits);
		}
	} else if (strcmp(k, "scan") == 0) {
		/* a fresh window of a large array each time */
		enum { N = 8192, S = 1 << 18 };
		static int64_t a[S], p[N];
		for (int i = 0; i < S; i++)
			a[i] = (int64_t)(rnd() % 2000001) - 1000000;
		if (!reps)
			reps = 12000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			h = mix(h, (uint64_t)k_scan(p, a + (r * 977) % (S - N),
			    N));
			h = mix(h, (uint64_t)p[r % N]);
		}
	} else if (strcmp(k, "bits") == 0) {
		enum { N = 1024, S = 1 << 18 };
		static uint32_t a[S];
		for (int i = 0; i < S; i++)
			a[i] = rnd() ^ (rnd() << 16);
		if (!reps)
			reps = 3500;
		t0 = now();
		for (r = 0; r < reps; r++)
			h = mix(h, k_bits(a + (r * N) % (S - N), N));
	} else if (strcmp(k, "soa") == 0) {
		enum { N = 4096 };
		static float x[N], y[N], vx[N], vy[N], m[N];
		for (int i = 0; i < N; i++) {
			x[i] = (float)((int)(rnd() % 200) - 100) / 10.0f;
			y[i] = (float)(rnd() % 100) / 10.0f;
			vx[i] = (float)((int)(rnd() % 20) - 10) / 4.0f;
			vy[i] = 0.0f;
			m[i] = 1.0f + (float)(rnd() % 8);
		}
		if (!reps)
			reps = 6000;
		t0 = now();
		for (r = 0; r < reps; r++) {
			float e = k_soa(x, y, vx, vy, m, N, 1.0f / 128);
			uint32_t bits;
			memcpy(&bits, &e, sizeof bits);
			h = mix(h, bits);
		}
	} else {
		fprintf(stderr, "driver: unknown kernel %s\n", k);
		return 2;
	}
	printf("%s %016llx %.4f\n", k, (unsigned long long)h, now() - t0);
	return 0;
}
