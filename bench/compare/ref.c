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

/* 7. sieve: sieve of Eratosthenes over a byte array, nested loops with
 * int indices. */
int
k_sieve(unsigned char *f, int n)
{
	int count = 0;

	for (int i = 0; i < n; i++)
		f[i] = 1;
	for (int i = 2; i < n; i++)
		if (f[i] != 0) {
			count++;
			for (int j = i + i; j < n; j += i)
				f[j] = 0;
		}
	return count;
}

/* 8. fib: naive doubly recursive Fibonacci. */
int
k_fib(int n)
{
	if (n < 2)
		return n;
	return k_fib(n - 1) + k_fib(n - 2);
}

/* 9. crc: table-driven CRC-32 (reflected, polynomial 0xedb88320). */
static const uint32_t crc_table[256] = {
	0x00000000, 0x77073096, 0xee0e612c, 0x990951ba, 0x076dc419, 0x706af48f,
	0xe963a535, 0x9e6495a3, 0x0edb8832, 0x79dcb8a4, 0xe0d5e91e, 0x97d2d988,
	0x09b64c2b, 0x7eb17cbd, 0xe7b82d07, 0x90bf1d91, 0x1db71064, 0x6ab020f2,
	0xf3b97148, 0x84be41de, 0x1adad47d, 0x6ddde4eb, 0xf4d4b551, 0x83d385c7,
	0x136c9856, 0x646ba8c0, 0xfd62f97a, 0x8a65c9ec, 0x14015c4f, 0x63066cd9,
	0xfa0f3d63, 0x8d080df5, 0x3b6e20c8, 0x4c69105e, 0xd56041e4, 0xa2677172,
	0x3c03e4d1, 0x4b04d447, 0xd20d85fd, 0xa50ab56b, 0x35b5a8fa, 0x42b2986c,
	0xdbbbc9d6, 0xacbcf940, 0x32d86ce3, 0x45df5c75, 0xdcd60dcf, 0xabd13d59,
	0x26d930ac, 0x51de003a, 0xc8d75180, 0xbfd06116, 0x21b4f4b5, 0x56b3c423,
	0xcfba9599, 0xb8bda50f, 0x2802b89e, 0x5f058808, 0xc60cd9b2, 0xb10be924,
	0x2f6f7c87, 0x58684c11, 0xc1611dab, 0xb6662d3d, 0x76dc4190, 0x01db7106,
	0x98d220bc, 0xefd5102a, 0x71b18589, 0x06b6b51f, 0x9fbfe4a5, 0xe8b8d433,
	0x7807c9a2, 0x0f00f934, 0x9609a88e, 0xe10e9818, 0x7f6a0dbb, 0x086d3d2d,
	0x91646c97, 0xe6635c01, 0x6b6b51f4, 0x1c6c6162, 0x856530d8, 0xf262004e,
	0x6c0695ed, 0x1b01a57b, 0x8208f4c1, 0xf50fc457, 0x65b0d9c6, 0x12b7e950,
	0x8bbeb8ea, 0xfcb9887c, 0x62dd1ddf, 0x15da2d49, 0x8cd37cf3, 0xfbd44c65,
	0x4db26158, 0x3ab551ce, 0xa3bc0074, 0xd4bb30e2, 0x4adfa541, 0x3dd895d7,
	0xa4d1c46d, 0xd3d6f4fb, 0x4369e96a, 0x346ed9fc, 0xad678846, 0xda60b8d0,
	0x44042d73, 0x33031de5, 0xaa0a4c5f, 0xdd0d7cc9, 0x5005713c, 0x270241aa,
	0xbe0b1010, 0xc90c2086, 0x5768b525, 0x206f85b3, 0xb966d409, 0xce61e49f,
	0x5edef90e, 0x29d9c998, 0xb0d09822, 0xc7d7a8b4, 0x59b33d17, 0x2eb40d81,
	0xb7bd5c3b, 0xc0ba6cad, 0xedb88320, 0x9abfb3b6, 0x03b6e20c, 0x74b1d29a,
	0xead54739, 0x9dd277af, 0x04db2615, 0x73dc1683, 0xe3630b12, 0x94643b84,
	0x0d6d6a3e, 0x7a6a5aa8, 0xe40ecf0b, 0x9309ff9d, 0x0a00ae27, 0x7d079eb1,
	0xf00f9344, 0x8708a3d2, 0x1e01f268, 0x6906c2fe, 0xf762575d, 0x806567cb,
	0x196c3671, 0x6e6b06e7, 0xfed41b76, 0x89d32be0, 0x10da7a5a, 0x67dd4acc,
	0xf9b9df6f, 0x8ebeeff9, 0x17b7be43, 0x60b08ed5, 0xd6d6a3e8, 0xa1d1937e,
	0x38d8c2c4, 0x4fdff252, 0xd1bb67f1, 0xa6bc5767, 0x3fb506dd, 0x48b2364b,
	0xd80d2bda, 0xaf0a1b4c, 0x36034af6, 0x41047a60, 0xdf60efc3, 0xa867df55,
	0x316e8eef, 0x4669be79, 0xcb61b38c, 0xbc66831a, 0x256fd2a0, 0x5268e236,
	0xcc0c7795, 0xbb0b4703, 0x220216b9, 0x5505262f, 0xc5ba3bbe, 0xb2bd0b28,
	0x2bb45a92, 0x5cb36a04, 0xc2d7ffa7, 0xb5d0cf31, 0x2cd99e8b, 0x5bdeae1d,
	0x9b64c2b0, 0xec63f226, 0x756aa39c, 0x026d930a, 0x9c0906a9, 0xeb0e363f,
	0x72076785, 0x05005713, 0x95bf4a82, 0xe2b87a14, 0x7bb12bae, 0x0cb61b38,
	0x92d28e9b, 0xe5d5be0d, 0x7cdcefb7, 0x0bdbdf21, 0x86d3d2d4, 0xf1d4e242,
	0x68ddb3f8, 0x1fda836e, 0x81be16cd, 0xf6b9265b, 0x6fb077e1, 0x18b74777,
	0x88085ae6, 0xff0f6a70, 0x66063bca, 0x11010b5c, 0x8f659eff, 0xf862ae69,
	0x616bffd3, 0x166ccf45, 0xa00ae278, 0xd70dd2ee, 0x4e048354, 0x3903b3c2,
	0xa7672661, 0xd06016f7, 0x4969474d, 0x3e6e77db, 0xaed16a4a, 0xd9d65adc,
	0x40df0b66, 0x37d83bf0, 0xa9bcae53, 0xdebb9ec5, 0x47b2cf7f, 0x30b5ffe9,
	0xbdbdf21c, 0xcabac28a, 0x53b39330, 0x24b4a3a6, 0xbad03605, 0xcdd70693,
	0x54de5729, 0x23d967bf, 0xb3667a2e, 0xc4614ab8, 0x5d681b02, 0x2a6f2b94,
	0xb40bbe37, 0xc30c8ea1, 0x5a05df1b, 0x2d02ef8d,
};

uint32_t
k_crc(const unsigned char *p, int n)
{
	uint32_t crc = 0xffffffffu;

	for (int i = 0; i < n; i++)
		crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

/* 10. vm: a bytecode interpreter, a switch over the opcodes in a loop.
 * Values are unsigned so that the program's arithmetic wraps. */
enum { OP_HALT, OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_JNZ, OP_DUP, OP_LOAD,
    OP_STORE };

uint32_t
k_vm(const int32_t *code)
{
	uint32_t stack[64], loc[8];
	int sp = 0, pc = 0;

	for (;;) {
		switch (code[pc]) {
		case OP_PUSH:
			stack[sp] = (uint32_t)code[pc + 1];
			sp++;
			pc += 2;
			break;
		case OP_ADD:
			stack[sp - 2] = stack[sp - 2] + stack[sp - 1];
			sp--;
			pc++;
			break;
		case OP_SUB:
			stack[sp - 2] = stack[sp - 2] - stack[sp - 1];
			sp--;
			pc++;
			break;
		case OP_MUL:
			stack[sp - 2] = stack[sp - 2] * stack[sp - 1];
			sp--;
			pc++;
			break;
		case OP_JNZ:
			sp--;
			if (stack[sp] != 0)
				pc = code[pc + 1];
			else
				pc += 2;
			break;
		case OP_DUP:
			stack[sp] = stack[sp - 1];
			sp++;
			pc++;
			break;
		case OP_LOAD:
			stack[sp] = loc[code[pc + 1]];
			sp++;
			pc += 2;
			break;
		case OP_STORE:
			sp--;
			loc[code[pc + 1]] = stack[sp];
			pc += 2;
			break;
		default:
			return stack[sp - 1];
		}
	}
}

/* 11. qsort: recursive quicksort (Lomuto partition, middle pivot)
 * through a swap helper. */
static void
swap(int32_t *a, int32_t *b)
{
	int32_t t = *a;

	*a = *b;
	*b = t;
}

static void
quick(int32_t *a, int lo, int hi)
{
	if (lo < hi) {
		int m = lo + (hi - lo) / 2;
		int p, i;

		swap(&a[m], &a[hi]);
		p = a[hi];
		i = lo;
		for (int j = lo; j < hi; j++)
			if (a[j] < p) {
				swap(&a[i], &a[j]);
				i++;
			}
		swap(&a[i], &a[hi]);
		quick(a, lo, i - 1);
		quick(a, i + 1, hi);
	}
}

void
k_qsort(int32_t *a, int n)
{
	quick(a, 0, n - 1);
}

/* 12. hash: open addressing with linear probing over HCAP u64 keys (0
 * marks an empty bucket); insert n keys, then look up n keys of which
 * about half are absent.  Returns the sum of the buckets found. */
enum { HCAP = 8192 };

static uint32_t
hslot(uint64_t k)
{
	return (uint32_t)((k * 0x9e3779b97f4a7c15u) >> 32) % HCAP;
}

uint32_t
k_hash(uint64_t *t, const uint64_t *keys, int n)
{
	uint32_t found = 0;

	for (int i = 0; i < HCAP; i++)
		t[i] = 0;
	for (int i = 0; i < n; i++) {
		uint64_t k = keys[i];
		uint32_t s = hslot(k);

		while (t[s] != 0 && t[s] != k)
			s = (s + 1) & (HCAP - 1);
		t[s] = k;
	}
	for (int i = 0; i < n; i++) {
		uint64_t k = keys[i] ^ (uint64_t)(i & 1);
		uint32_t s = hslot(k);

		while (t[s] != 0) {
			if (t[s] == k) {
				found += s;
				break;
			}
			s = (s + 1) & (HCAP - 1);
		}
	}
	return found;
}

/* 13. edit: Levenshtein distance, 2D dynamic programming over a flat
 * (n + 1) x (m + 1) int table, the minimum of three by two ifs. */
int
k_edit(const unsigned char *a, int n, const unsigned char *b, int m,
    int32_t *d)
{
	int w = m + 1;

	for (int j = 0; j <= m; j++)
		d[j] = j;
	for (int i = 1; i <= n; i++) {
		d[i * w] = i;
		for (int j = 1; j <= m; j++) {
			int cost = a[i - 1] != b[j - 1];
			int best = d[(i - 1) * w + j - 1] + cost;
			if (d[(i - 1) * w + j] + 1 < best)
				best = d[(i - 1) * w + j] + 1;
			if (d[i * w + j - 1] + 1 < best)
				best = d[i * w + j - 1] + 1;
			d[i * w + j] = best;
		}
	}
	return d[n * w + m];
}

/* 14. bsearch: binary search of m keys in a sorted int array, the sum
 * of the positions found. */
uint32_t
k_bsearch(const int32_t *a, int n, const int32_t *keys, int m)
{
	uint32_t found = 0;

	for (int i = 0; i < m; i++) {
		int key = keys[i];
		int lo = 0, hi = n;

		while (lo < hi) {
			int mid = lo + (hi - lo) / 2;

			if (a[mid] < key)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < n && a[lo] == key)
			found += (uint32_t)lo;
	}
	return found;
}

/* 15. list: build a singly linked list through a pool in the order of
 * a permutation, then four times reverse it in place and walk it. */
struct node { int64_t val; struct node *next; };

uint64_t
k_list(struct node *pool, const int32_t *perm, int n)
{
	struct node *head = 0;
	uint64_t s = 0;

	for (int i = 0; i < n; i++) {
		struct node *q = &pool[perm[i]];

		q->val = perm[i];
		q->next = head;
		head = q;
	}
	for (int r = 0; r < 4; r++) {
		struct node *prev = 0;
		struct node *p = head;

		while (p != 0) {
			struct node *nx = p->next;

			p->next = prev;
			p->val += r;
			prev = p;
			p = nx;
		}
		head = prev;
		for (p = head; p != 0; p = p->next)
			if (p->val & 1)
				s += (uint64_t)p->val;
			else
				s ^= (uint64_t)p->val << 3;
	}
	return s;
}

/* 16. parse: count the space-separated words of a byte buffer and add
 * up the decimal numbers that start them. */
uint64_t
k_parse(const unsigned char *s, int n)
{
	uint64_t sum = 0;
	int words = 0;
	int i = 0;

	while (i < n) {
		while (i < n && (s[i] == ' ' || s[i] == '\n'))
			i++;
		if (i >= n)
			break;
		words++;
		uint32_t v = 0;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			v = v * 10 + (uint32_t)(s[i] - '0');
			i++;
		}
		sum += v;
		while (i < n && s[i] != ' ' && s[i] != '\n')
			i++;
	}
	return sum * 64 + (uint64_t)words;
}

/* 17. mat: transpose of an n x n block of 128-column double matrices
 * (a[i][j] indexing), then weighted row sums of the transpose. */
double
k_mat(const double (*a)[128], double (*t)[128], int n)
{
	double s = 0.0;

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			t[j][i] = a[i][j];
	for (int j = 0; j < n; j++) {
		double r = 0.0;

		for (int i = 0; i < n; i++)
			r += t[j][i];
		s += r * (double)(j + 1);
	}
	return s;
}

/* 18. scan: prefix sums of an i64 array with the running maximum and
 * the total drawdown below it (a data-dependent branch). */
int64_t
k_scan(int64_t *p, const int64_t *a, int n)
{
	int64_t sum = 0, best = 0, drops = 0;

	for (int i = 0; i < n; i++) {
		sum += a[i];
		p[i] = sum;
		if (sum > best)
			best = sum;
		else
			drops += best - sum;
	}
	return best * 3 + drops;
}

/* 19. bits: popcount by loop, 32-bit reversal by loop and xorshift64
 * mixing, on u32/u64. */
uint64_t
k_bits(const uint32_t *a, int n)
{
	uint64_t x = 88172645463325252u, h = 0;

	for (int i = 0; i < n; i++) {
		uint32_t v = a[i], w = v, r = 0;
		int c = 0;

		while (w != 0) {
			w &= w - 1;
			c++;
		}
		for (int b = 0; b < 32; b++) {
			r = (r << 1) | (v & 1);
			v >>= 1;
		}
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		h += (x ^ r) + (uint64_t)c;
		h = (h << 5) | (h >> 59);
	}
	return h;
}

/* 20. soa: a struct-of-arrays particle update in float: a spring to the
 * origin divided by the mass, gravity, a bouncing floor. */
float
k_soa(float *x, float *y, float *vx, float *vy, const float *m, int n,
    float dt)
{
	float e = 0.0f;

	for (int i = 0; i < n; i++) {
		float ax = -x[i] / m[i];
		float ay = -y[i] / m[i] - 9.81f;

		vx[i] += ax * dt;
		vy[i] += ay * dt;
		x[i] += vx[i] * dt;
		y[i] += vy[i] * dt;
		if (y[i] < 0.0f) {
			y[i] = -y[i];
			vy[i] = -vy[i] * 0.5f;
		}
		e += m[i] * (vx[i] * vx[i] + vy[i] * vy[i]);
	}
	return e;
}
