#include <stdio.h>
extern int counter;
int bump(int);
int pick(long);
int main(void)
{
    int a = bump(-3);           /* 5 + 6 */
    int b = pick(2);            /* 11 + 60 */
    printf("%d %d %d\n", a, b, counter);
    return !(a == 11 && b == 71 && counter == 71);
}
