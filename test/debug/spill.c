#include <stdio.h>
long pressure(long);
long g(long a) { return a + 1; }
int main(void)
{
    long r = pressure(2), want = 3;
    for (int k = 0; k < 12; k++)
        want += 2 * (12 + k);
    printf("%ld\n", r);
    return r != want;
}
