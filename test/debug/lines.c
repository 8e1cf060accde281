#include <stdio.h>
long twice(long);
long inv(long, long);
long marks;
void mark(long x) { marks += x; }
int main(void)
{
    long t = twice(7), v = inv(3, 5);
    printf("%ld %ld %ld\n", t, v, marks);
    return !(t == 14 && v == 75 && marks == 7 + 14 + 25 + 50 + 75 + 25);
}
