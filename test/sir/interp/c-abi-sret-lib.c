/* C side of c-abi-sret.sir. */
#include <stdint.h>

struct pair { int64_t a, b; };
struct big { int64_t a, b, c; };

/* The hidden result pointer takes %rdi, a..d the next four registers:
 * p no longer fits (it goes on the stack) and e takes %r9. */
struct big
sret_pair(int64_t a, int64_t b, int64_t c, int64_t d, struct pair p,
          int64_t e)
{
    struct big r = {a + 10 * b + 100 * c + 1000 * d, p.a, p.b * 10 + e};
    return r;
}
