#include <stdint.h>

struct __attribute__((packed)) P {
    char c;
    int64_t x;
    char pad[7];
};

int64_t
take(struct P p)
{
    return p.c;
}
