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

/* The q+1 significant digits of "%.*e" (q = precision) of v as an
 * integer, and the decimal exponent of the first digit. */
static uint64_t
sci_digits(double v, int q, int *exp)
{
    char s[40];
    snprintf(s, sizeof s, "%.*e", q, v);
    uint64_t d = 0;
    const char *p = s;
    for (; *p && *p != 'e'; p++)
        if (*p != '.')
            d = d * 10 + (uint64_t)(*p - '0');
    *exp = atoi(p + 1);
    return d;
}

/* True when d x 10^(exp - q) reads back as 'bits'. */
static bool
digits_round_trip(uint64_t d, int q, int exp, uint64_t bits, bool is_f32)
{
    char s[48];
    snprintf(s, sizeof s, "%llue%d", (unsigned long long)d, exp - q);
    return round_trips(s, bits, is_f32);
}

/* Finds the fewest significant digits (*nd of them, in buf) and the
 * exponent of the finite, positive value v whose bits are 'bits'.  The
 * nearest q-digit decimal reads back for every q from some point on, so
 * a binary search finds the shortest such q.  Only at a power of two,
 * where the rounding interval below v is half as wide as above, can a
 * shorter decimal that is not the nearest one read back: there the
 * neighbours of the nearest decimal are tried too (as Python's repr and
 * Ryu find them). */
static void
shortest(double v, uint64_t bits, bool is_f32, char *buf, int *nd, int *exp)
{
    int lo = 0, hi = is_f32 ? 8 : 16, e;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        uint64_t d = sci_digits(v, mid, &e);
        if (digits_round_trip(d, mid, e, bits, is_f32))
            hi = mid;
        else
            lo = mid + 1;
    }
    uint64_t d = sci_digits(v, lo, &e);
    int q = lo;
    bool pow2 = is_f32 ? (bits & 0x7FFFFFu) == 0
                       : (bits & UINT64_C(0xFFFFFFFFFFFFF)) == 0;
    for (int k = 0; pow2 && k < lo; k++) {
        int ek;
        uint64_t dk = sci_digits(v, k, &ek);
        uint64_t up = dk + 1, lim = 1;
        for (int j = 0; j <= k; j++)
            lim *= 10;
        int eu = ek;
        if (up == lim) {        /* 9.99 + 1 ulp = 10.0: one digit less */
            up /= 10;
            eu++;
        }
        if (digits_round_trip(up, k, eu, bits, is_f32)) {
            d = up, q = k, e = eu;
            break;
        }
        if (dk > lim / 10 && digits_round_trip(dk - 1, k, ek, bits,
                                                 is_f32)) {
            d = dk - 1, q = k, e = ek;
            break;
        }
    }
    char tmp[24];
    int n = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)d);
    (void)q;
    while (n > 1 && tmp[n - 1] == '0')
        n--;
    memcpy(buf, tmp, (size_t)n);
    buf[n] = 0;
    *nd = n;
    *exp = e;
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
    char digits[24];
    int nd, e;
    shortest(v, neg ? bits & ~(is_f32 ? UINT64_C(0x80000000)
                                      : UINT64_C(1) << 63) : bits,
             is_f32, digits, &nd, &e);
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
