/*
 * tri.c - one generated program in three languages, for comparing sirc
 * with the tools a user would pick instead (bench/tools.sh).
 *
 *   tri sir|ll|c NFUNCS [SEED]
 *
 * writes NFUNCS functions i64 fK(i64 a, i64 b, f64 x) as SIR, as LLVM IR
 * (typed pointers, for llc 14) or as C, built from the same random
 * choices: a straight line of integer and float arithmetic whose values
 * pass through stack slots (the traffic a naive C front end emits), a
 * counted loop carrying two values (block parameters / phis), and a call
 * of the previous function.  Integer arithmetic wraps (unsigned in C).
 * The number of SIR instructions goes to standard error as
 * "instructions: N".
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SIR, LL, C };
static int lang;
static unsigned long ninsts, seed = 12345;

static unsigned
rnd(unsigned n)
{
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    return (unsigned)(seed >> 33) % n;
}

static void __attribute__((format(printf, 1, 2)))
out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

/* One SIR instruction line (counted). */
static void __attribute__((format(printf, 1, 2)))
sir(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("  ", stdout);
    vprintf(fmt, ap);
    fputs("\n", stdout);
    va_end(ap);
    ninsts++;
}

static const char *const sirop[] = {"iadd", "isub", "imul", "and", "or",
                                    "xor", "shl"};
static const char *const llop[] = {"add", "sub", "mul", "and", "or", "xor",
                                   "shl"};
static const char *const cop[] = {"+", "-", "*", "&", "|", "^", "<<"};

static void
func(unsigned k)
{
    unsigned nops = 24 + rnd(16);
    if (lang == SIR) {
        out("fn i64 @f%u(i64, i64, f64) {\n  $s = stack i64\n"
            "  $t = stack f64\n\nentry(i64 %%a, i64 %%b, f64 %%x):\n", k);
        sir("%%ps = stackslot $s");
        sir("%%pt = stackslot $t");
        sir("store i64 %%a, ptr %%ps");
        sir("store f64 %%x, ptr %%pt");
        sir("%%v0 = iadd i64 %%a, %%b");
    } else if (lang == LL) {
        out("define i64 @f%u(i64 %%a, i64 %%b, double %%x) {\nentry:\n", k);
        out("  %%ps = alloca i64\n  %%pt = alloca double\n");
        out("  store i64 %%a, i64* %%ps\n  store double %%x, double* %%pt\n");
        out("  %%v0 = add i64 %%a, %%b\n");
    } else {
        out("unsigned long f%u(unsigned long a, unsigned long b, double x)\n"
            "{\n    unsigned long s = a;\n    double t = x;\n"
            "    unsigned long v0 = a + b;\n", k);
    }
    for (unsigned j = 1; j <= nops; j++) {
        unsigned op = rnd(7), kind = rnd(3);
        unsigned long cst = op == 6 ? 1 + rnd(7) : 3 + rnd(1000);
        if (j % 5 == 0) {           /* the value goes through the slot */
            if (lang == SIR) {
                sir("store i64 %%v%u, ptr %%ps", j - 1);
                sir("%%l%u = load i64, ptr %%ps", j);
                sir("%%k%u = iconst i64 %lu", j, cst);
                sir("%%v%u = %s i64 %%l%u, %%k%u", j, sirop[op], j, j);
            } else if (lang == LL) {
                out("  store i64 %%v%u, i64* %%ps\n", j - 1);
                out("  %%l%u = load i64, i64* %%ps\n", j);
                out("  %%v%u = %s i64 %%l%u, %lu\n", j, llop[op], j, cst);
            } else {
                out("    s = v%u;\n    unsigned long v%u = s %s %luUL;\n",
                    j - 1, j, cop[op], cst);
            }
        } else if (kind == 0 || op == 6) {   /* with a constant */
            if (lang == SIR) {
                sir("%%k%u = iconst i64 %lu", j, cst);
                sir("%%v%u = %s i64 %%v%u, %%k%u", j, sirop[op], j - 1, j);
            } else if (lang == LL) {
                out("  %%v%u = %s i64 %%v%u, %lu\n", j, llop[op], j - 1, cst);
            } else {
                out("    unsigned long v%u = v%u %s %luUL;\n", j, j - 1,
                    cop[op], cst);
            }
        } else {                    /* with a parameter */
            const char *p = kind == 1 ? "a" : "b";
            if (lang == SIR)
                sir("%%v%u = %s i64 %%v%u, %%%s", j, sirop[op], j - 1, p);
            else if (lang == LL)
                out("  %%v%u = %s i64 %%v%u, %%%s\n", j, llop[op], j - 1, p);
            else
                out("    unsigned long v%u = v%u %s %s;\n", j, j - 1, cop[op],
                    p);
        }
    }
    unsigned v = nops;
    /* a counted loop: acc = (acc * 3 + s) ^ i; t = t * 0.5 + x */
    if (lang == SIR) {
        sir("%%zero = iconst i64 0");
        sir("br loop(i64 %%zero, i64 %%v%u)", v);
        out("\nloop(i64 %%i, i64 %%acc):\n");
        sir("%%lv = load i64, ptr %%ps");
        sir("%%three = iconst i64 3");
        sir("%%m = imul i64 %%acc, %%three");
        sir("%%n = iadd i64 %%m, %%lv");
        sir("%%o = xor i64 %%n, %%i");
        sir("store i64 %%o, ptr %%ps");
        sir("%%fv = load f64, ptr %%pt");
        sir("%%half = fconst f64 0.5");
        sir("%%fm = fmul f64 %%fv, %%half");
        sir("%%fa = fadd f64 %%fm, %%x");
        sir("store f64 %%fa, ptr %%pt");
        sir("%%one = iconst i64 1");
        sir("%%i2 = iadd i64 %%i, %%one");
        sir("%%fifteen = iconst i64 15");
        sir("%%lim = and i64 %%b, %%fifteen");
        sir("%%c = icmp slt i64 %%i2, %%lim");
        sir("condbr bool %%c, loop(i64 %%i2, i64 %%o), exit(i64 %%o)");
        out("\nexit(i64 %%r):\n");
        sir("%%fr = load f64, ptr %%pt");
        sir("%%fi = ftosi i64, f64 %%fr");
        sir("%%sum = iadd i64 %%r, %%fi");
        if (k) {
            sir("%%y = call i64 @f%u(i64 %%sum, i64 %%b, f64 %%x)", k - 1);
            sir("ret i64 %%y");
        } else {
            sir("ret i64 %%sum");
        }
        out("}\n\n");
    } else if (lang == LL) {
        out("  br label %%loop\nloop:\n");
        out("  %%i = phi i64 [0, %%entry], [%%i2, %%loop]\n");
        out("  %%acc = phi i64 [%%v%u, %%entry], [%%o, %%loop]\n", v);
        out("  %%lv = load i64, i64* %%ps\n  %%m = mul i64 %%acc, 3\n"
            "  %%n = add i64 %%m, %%lv\n  %%o = xor i64 %%n, %%i\n"
            "  store i64 %%o, i64* %%ps\n  %%fv = load double, double* %%pt\n"
            "  %%fm = fmul double %%fv, 0.5\n  %%fa = fadd double %%fm, %%x\n"
            "  store double %%fa, double* %%pt\n  %%i2 = add i64 %%i, 1\n"
            "  %%lim = and i64 %%b, 15\n  %%c = icmp slt i64 %%i2, %%lim\n"
            "  br i1 %%c, label %%loop, label %%exit\nexit:\n"
            "  %%fr = load double, double* %%pt\n"
            "  %%fi = fptosi double %%fr to i64\n  %%sum = add i64 %%o, %%fi\n");
        if (k)
            out("  %%y = call i64 @f%u(i64 %%sum, i64 %%b, double %%x)\n"
                "  ret i64 %%y\n}\n\n", k - 1);
        else
            out("  ret i64 %%sum\n}\n\n");
    } else {
        out("    unsigned long acc = v%u;\n    long i = 0;\n    for (;;) {\n"
            "        unsigned long o = (acc * 3 + s) ^ (unsigned long)i;\n"
            "        s = o;\n        t = t * 0.5 + x;\n        i++;\n"
            "        acc = o;\n        if (!(i < (long)(b & 15)))\n"
            "            break;\n    }\n"
            "    unsigned long sum = acc + (unsigned long)(long)t;\n", v);
        if (k)
            out("    return f%u(sum, b, x);\n}\n\n", k - 1);
        else
            out("    return sum;\n}\n\n");
    }
}

int
main(int argc, char **argv)
{
    if (argc < 3) {
        fputs("usage: tri sir|ll|c NFUNCS [SEED]\n", stderr);
        return 2;
    }
    lang = !strcmp(argv[1], "sir") ? SIR : !strcmp(argv[1], "ll") ? LL : C;
    unsigned n = (unsigned)strtoul(argv[2], NULL, 10);
    if (argc > 3)
        seed = strtoul(argv[3], NULL, 10);
    if (lang == C)
        for (unsigned k = 0; k < n; k++)
            out("unsigned long f%u(unsigned long, unsigned long, double);\n",
                k);
    for (unsigned k = 0; k < n; k++)
        func(k);
    fprintf(stderr, "instructions: %lu\n", ninsts);
    return 0;
}
