/* Calls a function taking a 16-byte packed struct, passed in memory. */
#include <stdint.h>
#include <string.h>

struct __attribute__((packed)) P {
    char c;
    int64_t x;
    char pad[7];
};

int64_t
call_it(int64_t (*f)(struct P))
{
    struct P s;
    memset(&s, 0, sizeof s);
    s.c = 7;
    return f(s);
}
