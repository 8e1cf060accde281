/* Driver of gdb-bt.sir: main -> sir_outer -> sir_inner -> c_leaf. */
#include <stdio.h>
#include <stdint.h>

int64_t sir_outer(int64_t);

int64_t
c_leaf(int64_t x)
{
    return x + 1;
}

int
main(void)
{
    printf("%lld\n", (long long)sir_outer(5));
    return 0;
}
