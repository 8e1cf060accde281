/* C side of c-abi-narrow.sir: the parameters are declared int32_t, so
 * the values show whether the caller extended the i8, i16 and bool
 * arguments to 32 bits, in registers and in stack slots. */
#include <stdint.h>
#include <stdio.h>

int32_t
narrow9(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f,
        int32_t g, int32_t h, int32_t i)
{
    return printf("%d %d %d %d %d %d %d %d %d\n", a, b, c, d, e, f, g, h,
                  i);
}
