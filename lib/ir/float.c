/*
 * float.c - reading and writing float literals (spec sections 2.6, 11).
 *
 * Reading rounds the decimal text once, directly to the target format:
 * strtof for binary32 (never through binary64, which could round twice)
 * and strtod for binary64; both are correctly rounded in glibc and in
 * every libc we target.  Writing finds the fewest significant digits
 * that read back to the same bits (binary search over the precision of
 * "%.*e", whose round trip is monotonic in the precision), then lays
 * them out positionally or in scientific notation as section 11 says.
 */
#include "ir.h"

#include <math.h>
#include <string.h>

bool
ir_float_parse(const char *text, size_t n, bool is_f32, uint64_t *bits)
{
    char small[64], *buf = small;
    if (n >= sizeof small)
        buf = xmalloc(n + 1);
    memcpy(buf, text, n);
    buf[n] = 0;
    bool ok;
    if (is_f32) {
        float f = strtof(buf, NULL);
        uint32_t u;
        memcpy(&u, &f, 4);
        *bits = u;
        ok = !isinf(f);
    } else {
        double x = strtod(buf, NULL);
        memcpy(bits, &x, 8);
        ok = !isinf(x);
    }
    if (buf != small)
        free(buf);
    return ok;
}

/* True when the decimal text reads back to exactly 'bits'. */
static bool
round_trips(const char *s, uint64_t bits, bool is_f32)
{
    if (is_f32) {
        float f = strtof(s, NULL);
        uint32_t u;
        memcpy(&u, &f, 4);
        return u == (uint32_t)bits;
    }
    double x = strtod(s, NULL);
    uint64_t u;
    memcpy(&u, &x, 8);
    return u == bits;
}

/* Writes the shortest "%.*e" form of the finite value v that reads back
 * as 'bits' into sci (e.g. "1.25e+02"). */
static void
shortest(double v, uint64_t bits, bool is_f32, char *sci, size_t size)
{
    int lo = 0, hi = is_f32 ? 8 : 16;   /* precision = digits - 1 */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        snprintf(sci, size, "%.*e", mid, v);
        if (round_trips(sci, bits, is_f32))
            hi = mid;
        else
            lo = mid + 1;
    }
    snprintf(sci, size, "%.*e", lo, v);
}

char *
ir_float_format(uint64_t bits, bool is_f32, char *buf)
{
    double v;
    bool neg;
    if (is_f32) {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, 4);
        if ((u & 0x7F800000u) == 0x7F800000u) {
            if (u == 0x7FC00000u)
                strcpy(buf, "NaN");
            else
                sprintf(buf, "0f%08X", u);
            return buf;
        }
        v = f;
        neg = u >> 31;
    } else {
        if ((bits & UINT64_C(0x7FF0000000000000)) ==
            UINT64_C(0x7FF0000000000000)) {
            if (bits == UINT64_C(0x7FF8000000000000))
                strcpy(buf, "NaN");
            else
                sprintf(buf, "0f%016llX", (unsigned long long)bits);
            return buf;
        }
        memcpy(&v, &bits, 8);
        neg = bits >> 63;
    }
    char *p = buf;
    if (neg) {
        *p++ = '-';
        v = -v;
    }
    if (v == 0) {
        strcpy(p, "0.0");
        return buf;
    }
    /* Digits and exponent from the shortest "d.ddde±XX" form. */
    char sci[40], digits[24];
    shortest(v, neg ? bits & ~(is_f32 ? UINT64_C(0x80000000)
                                      : UINT64_C(1) << 63) : bits,
             is_f32, sci, sizeof sci);
    int nd = 0;
    const char *s = sci;
    for (; *s && *s != 'e'; s++)
        if (*s != '.')
            digits[nd++] = *s;
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    digits[nd] = 0;
    int e = atoi(s + 1);
    if (e >= -4 && e < 16) {
        if (e < 0) {
            *p++ = '0';
            *p++ = '.';
            for (int i = -1; i > e; i--)
                *p++ = '0';
            memcpy(p, digits, (size_t)nd);
            p += nd;
        } else {
            for (int i = 0; i <= e; i++)
                *p++ = i < nd ? digits[i] : '0';
            *p++ = '.';
            if (nd > e + 1) {
                memcpy(p, digits + e + 1, (size_t)(nd - e - 1));
                p += nd - e - 1;
            } else {
                *p++ = '0';
            }
        }
        *p = 0;
    } else {
        *p++ = digits[0];
        if (nd > 1) {
            *p++ = '.';
            memcpy(p, digits + 1, (size_t)(nd - 1));
            p += nd - 1;
        }
        sprintf(p, "e%d", e);
    }
    return buf;
}
