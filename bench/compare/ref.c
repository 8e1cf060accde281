/*
 * ref.c - the comparison kernels of bench/compare.sh in C.  Each K.sir
 * in this directory is the same function written as a naive C front end
 * emits SIR (every variable in a stack slot).  Built with clang -O2
 * -ffp-contract=off for the reference timing, and with cc for the
 * reference checksum.
 */
#include <stdint.h>

/* 1. bodies: struct-heavy vector math over an array of structs. */
struct vec3 { double x, y, z; };
struct body { struct vec3 pos, vel; double mass; };

static double
dot3(const struct vec3 *a, const struct vec3 *b)
{
	return a->x * b->x + a->y * b->y + a->z * b->z;
}

static void
axpy3(struct vec3 *y, double a, const struct vec3 *x)
{
	y->x += a * x->x;
	y->y += a * x->y;
	y->z += a * x->z;
}

double
k_bodies(struct body *b, int n, double dt)
{
	struct vec3 g = {0.0, 0.0, -9.81};
	double e = 0.0;

	for (int i = 0; i < n; i++) {
		axpy3(&b[i].vel, dt, &g);
		axpy3(&b[i].pos, dt, &b[i].vel);
		e += b[i].mass * dot3(&b[i].vel, &b[i].vel);
	}
	return e;
}

/* 2. adler: strlen-like byte loop, i8 loads zero-extended. */
uint32_t
k_adler(const unsigned char *s)
{
	uint32_t a = 1, b = 0;

	for (int i = 0; s[i] != 0; i++) {
		a += s[i];
		b += a;
	}
	return (b << 16) | (a & 0xffff);
}

/* 3. blur: 2D stencil, i32 indices into a flat array. */
void
k_blur(const int32_t *in, int32_t *out, int w, int h)
{
	for (int y = 1; y < h - 1; y++)
		for (int x = 1; x < w - 1; x++) {
			int c = y * w + x;
			out[c] = (in[c - w] + in[c + w] + in[c - 1] + in[c + 1]
			    + 4 * in[c]) >> 3;
		}
}

/* 4. isort: insertion sort, branchy inner loop with && */
void
k_isort(int32_t *a, int n)
{
	for (int i = 1; i < n; i++) {
		int v = a[i];
		int j = i - 1;
		while (j >= 0 && a[j] > v) {
			a[j + 1] = a[j];
			j--;
		}
		a[j + 1] = v;
	}
}

/* 5. tree: BST lookups, pointer chasing through a called helper. */
struct tree { int32_t key; struct tree *left, *right; };

static const struct tree *
find(const struct tree *t, int key)
{
	while (t != 0) {
		if (key == t->key)
			return t;
		if (key < t->key)
			t = t->left;
		else
			t = t->right;
	}
	return 0;
}

int
k_tree(const struct tree *root, const int32_t *keys, int m)
{
	int found = 0;

	for (int i = 0; i < m; i++)
		if (find(root, keys[i]) != 0)
			found++;
	return found;
}

/* 6. classify: if/else chain with && and ||, called per byte,
 * counting into a local array indexed at run time. */
static int
cls(int c)
{
	if (c >= '0' && c <= '9')
		return 1;
	else if (c >= 'a' && c <= 'z')
		return 2;
	else if (c >= 'A' && c <= 'Z')
		return 3;
	else if (c == ' ' || c == '\t' || c == '\n')
		return 4;
	else if (c == '_')
		return 5;
	else
		return 0;
}

int64_t
k_classify(const unsigned char *s, int n)
{
	int64_t cnt[6] = {0, 0, 0, 0, 0, 0};

	for (int i = 0; i < n; i++)
		cnt[cls(s[i])]++;
	return cnt[1] + 2 * cnt[2] + 3 * cnt[3] + 5 * cnt[4] + 7 * cnt[5]
	    + 11 * cnt[0];
}
