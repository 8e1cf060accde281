#include <stdint.h>
#include <stdio.h>
int64_t bigframe(int64_t, int64_t);
int32_t bigalloca(int32_t);
int main(void) {
    int fails = 0;
    for (int64_t i = 0; i < 8749; i += 1111)
        if (bigframe(i, 1000 + i) != 2 * (1000 + i) + 3) {
            printf("FAIL bigframe(%lld)\n", (long long)i);
            fails++;
        }
    if (bigalloca(300) != 44) {
        printf("FAIL bigalloca\n");
        fails++;
    }
    return fails != 0;
}
