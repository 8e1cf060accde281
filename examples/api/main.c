/* main.c - calls the function frontend.c compiled. */
#include <stdint.h>
#include <stdio.h>

int64_t fact(int64_t n);

int
main(void)
{
    int64_t r = fact(20);
    printf("fact(20) = %lld\n", (long long)r);
    return r == 2432902008176640000 ? 0 : 1;
}
