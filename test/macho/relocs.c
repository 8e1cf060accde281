/* Driver for relocs.s: every relocation type the loader applies. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)

int64_t c_value = 42;
extern unsigned char bytes[16];
extern uint8_t b1;
extern uint16_t b2;
extern uint32_t b4;
extern struct {
    void *p_bytes3, *p_static5, *p_fn;
    int64_t d_ptrs_bytes, d_fn_bytes;
    int32_t d_fn_ptrs, got_labs;
    void *p_labs;
    int64_t d_static_bytes;
} ptrs;
void set_bytes(void);
char *get_static(void);
int64_t *got_addr(void);
long call_host(long);

static uint32_t
rd(const void *p, int n)
{
    uint32_t v = 0;
    memcpy(&v, p, n);
    return v;
}

int
main(void)
{
    char *st = get_static() - 3;
    set_bytes();
    CHECK(bytes[0] == 0 && bytes[1] == 0x11);
    CHECK(rd(bytes + 2, 2) == 0x2233 && rd(bytes + 4, 4) == 0x44556677);
    CHECK(b1 == 0x12 && b2 == 0x3456 && b4 == 0x789abcde);
    CHECK(st[8] == 0x55 && rd(st + 10, 2) == 0x6677);
    CHECK(rd(st + 12, 4) == 0x8899aabb);
    CHECK(st[16] == 0x21 && rd(st + 18, 2) == 0x6543);
    CHECK(rd(st + 20, 4) == 0xedcba987);
    CHECK(got_addr() == &c_value);
    CHECK(call_host(-5) == 4 && call_host(7) == 6);
    CHECK(ptrs.p_bytes3 == bytes + 3);
    CHECK(ptrs.p_static5 == st + 5);
    CHECK(ptrs.p_fn == (void *)set_bytes);
    CHECK(ptrs.d_ptrs_bytes == (char *)&ptrs - (char *)bytes);
    CHECK(ptrs.d_fn_bytes == (char *)set_bytes - (char *)bytes);
    CHECK(ptrs.d_fn_ptrs == (int32_t)((char *)set_bytes - (char *)&ptrs));
    /* A pc-relative field counts from its end, as in the text. */
    CHECK(*(void **)((char *)&ptrs.got_labs + 4 + ptrs.got_labs) ==
          (void *)labs);
    CHECK(ptrs.p_labs == (void *)labs);
    CHECK(ptrs.d_static_bytes == st - (char *)bytes);
    return fails != 0;
}
