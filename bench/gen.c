/*
 * gen.c - writes large, valid SIR modules for the parser benchmark.
 *
 *   gen module N   about N instructions spread over many functions
 *   gen func N     one function of about N instructions
 *
 * The module goes to standard output; the exact number of instructions
 * (terminators included) goes to standard error as "instructions: N".
 *
 * Both are built from one "chunk" repeated: a block that uses every
 * opcode once (as the spec's example 12.12 does), a counted loop whose
 * two block parameters swap on every iteration, and a diamond whose arms
 * pass different arguments to the next chunk, plus an unreachable block
 * ending in `unreachable`.  Chunks are chained by
 * branches carrying (i32, i64, f64) block arguments, so each one is
 * dominated by the one before and only uses its own values: the output
 * verifies whatever its size.  Values are numbered (%0, %1, ... in
 * textual order, as spec section 5 requires) except block parameters
 * and loop bounds, which are named with the chunk's number.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AGGT "{ i32, [i64 x 4] }"

static unsigned long ninsts;    /* instructions written */
static unsigned long next;      /* next numbered value in this function */

/* Writes one instruction line; a leading '=' in fmt stands for a fresh
 * numbered result "%N = ", whose number is returned. */
static unsigned long __attribute__((format(printf, 1, 2)))
ins(const char *fmt, ...)
{
    va_list ap;
    unsigned long r = 0;

    fputs("  ", stdout);
    if (fmt[0] == '=') {
        r = next++;
        printf("%%%lu = ", r);
        fmt++;
    }
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    ninsts++;
    return r;
}

/* One chunk k, entered with (i32 %a.k, i64 %b.k, f64 %d.k); ends with a
 * branch to 'succ' carrying (i32, i64, f64). */
static void
chunk(unsigned long k, const char *succ)
{
    unsigned long c7, cm3, f15, f2, un, slot, g, v[80];
    int n = 0;

    printf("c%lu(i32 %%a.%lu, i64 %%b.%lu, f64 %%d.%lu):\n", k, k, k, k);
    c7 = ins("=iconst i32 7");
    cm3 = ins("=iconst i64 -3");
    f15 = ins("=fconst f32 1.5");
    f2 = ins("=fconst f64 2.0");
    ins("=bconst bool true");
    ins("=null ptr");
    un = ins("=undef " AGGT);
    slot = ins("=stackslot $s");
    g = ins("=globaladdr @g");
    (void)cm3;
    v[0] = ins("=iadd i32 %%a.%lu, %%%lu", k, c7);
    v[1] = ins("=isub i32 %%%lu, %%%lu", v[0], c7);
    v[2] = ins("=imul i32 %%%lu, %%%lu", v[1], c7);
    v[3] = ins("=sdiv i32 %%%lu, %%%lu", v[2], c7);
    v[4] = ins("=udiv i32 %%%lu, %%%lu", v[2], c7);
    v[5] = ins("=srem i32 %%%lu, %%%lu", v[2], c7);
    v[6] = ins("=urem i32 %%%lu, %%%lu", v[2], c7);
    v[7] = ins("=and i32 %%%lu, %%%lu", v[3], v[4]);
    v[8] = ins("=or i32 %%%lu, %%%lu", v[5], v[6]);
    v[9] = ins("=xor i32 %%%lu, %%%lu", v[7], v[8]);
    v[10] = ins("=iconst i32 3");
    v[11] = ins("=shl i32 %%%lu, %%%lu", v[9], v[10]);
    v[12] = ins("=lshr i32 %%%lu, %%%lu", v[11], v[10]);
    v[13] = ins("=ashr i32 %%%lu, %%%lu", v[11], v[10]);
    v[14] = ins("=fext f64, f32 %%%lu", f15);
    v[15] = ins("=fadd f64 %%d.%lu, %%%lu", k, v[14]);
    v[16] = ins("=fsub f64 %%%lu, %%%lu", v[15], f2);
    v[17] = ins("=fmul f64 %%%lu, %%%lu", v[16], f2);
    v[18] = ins("=fdiv f64 %%%lu, %%%lu", v[17], f2);
    v[19] = ins("=frem f64 %%%lu, %%%lu", v[18], f2);
    v[20] = ins("=fneg f64 %%%lu", v[19]);
    v[21] = ins("=ftrunc f32, f64 %%%lu", v[20]);
    v[22] = ins("=sext i64, i32 %%%lu", v[13]);
    v[23] = ins("=zext i64, i32 %%%lu", v[12]);
    v[24] = ins("=trunc i8, i64 %%%lu", v[22]);
    v[25] = ins("=itob bool, i8 %%%lu", v[24]);
    v[26] = ins("=btoi i16, bool %%%lu", v[25]);
    v[27] = ins("=sitof f64, i64 %%b.%lu", k);
    v[28] = ins("=uitof f32, i16 %%%lu", v[26]);
    v[29] = ins("=ftosi i32, f64 %%%lu", v[27]);
    v[30] = ins("=ftoui i64, f32 %%%lu", v[28]);
    v[31] = ins("=ptoi i64, ptr %%%lu", g);
    v[32] = ins("=itop ptr, i64 %%%lu", v[31]);
    v[33] = ins("=icmp slt i32 %%%lu, %%a.%lu", v[29], k);
    v[34] = ins("=fcmp uno f64 %%d.%lu, %%d.%lu", k, k);
    v[35] = ins("=xor bool %%%lu, %%%lu", v[33], v[34]);
    v[36] = ins("=sel i32, bool %%%lu, %%%lu, %%%lu", v[35], v[13], v[12]);
    v[37] = ins("=insert " AGGT " %%%lu, i32 %%%lu, 0", un, v[36]);
    v[38] = ins("=null [i64 x 4]");
    v[39] = ins("=insert [i64 x 4] %%%lu, i64 %%%lu, 2", v[38], v[23]);
    v[40] = ins("=insert " AGGT " %%%lu, [i64 x 4] %%%lu, 1", v[37],
                v[39]);
    ins("store " AGGT " %%%lu, ptr %%%lu", v[40], slot);
    v[41] = ins("=elemptr " AGGT ", ptr %%%lu, 1", slot);
    v[42] = ins("=iconst i64 2");
    v[43] = ins("=offset i64, ptr %%%lu, i64 %%%lu", v[41], v[42]);
    v[44] = ins("=load volatile i64, ptr %%%lu", v[43]);
    v[45] = ins("=alloca i64");
    ins("store volatile i64 %%%lu, ptr %%%lu", v[44], v[45]);
    v[46] = ins("=load " AGGT ", ptr %%%lu", slot);
    v[47] = ins("=extract [i64 x 4], " AGGT " %%%lu, 1", v[46]);
    v[48] = ins("=extract i64, [i64 x 4] %%%lu, 2", v[47]);
    v[49] = ins("=iadd i64 %%%lu, %%%lu", v[48], v[30]);
    v[50] = ins("=trunc i32, i64 %%%lu", v[49]);
    v[51] = ins("=call i32 @helper(i32 %%%lu, i64 %%%lu)", v[50], v[49]);
    ins("call void @sink(ptr %%%lu)", v[45]);
    v[52] = ins("=globaladdr @sink");
    ins("indirectcall void (ptr), ptr %%%lu(ptr %%%lu)", v[52], v[45]);
    v[53] = ins("=icmp eq ptr %%%lu, %%%lu", v[32], v[41]);
    ins("%%lim.%lu = iconst i32 10", k);
    ins("br c%lu.loop(i32 %%%lu, i32 %%%lu)", k, v[51], c7);
    n = 54;

    printf("\nc%lu.loop(i32 %%x.%lu, i32 %%y.%lu):\n", k, k, k);
    v[n] = ins("=iadd i32 %%x.%lu, %%%lu", k, c7);
    v[n + 1] = ins("=icmp slt i32 %%%lu, %%lim.%lu", v[n], k);
    ins("condbr bool %%%lu, c%lu.body, c%lu.done(i32 %%y.%lu)", v[n + 1],
        k, k, k);

    printf("\nc%lu.body:\n", k);
    ins("br c%lu.loop(i32 %%y.%lu, i32 %%%lu)", k, k, v[n]);

    printf("\nc%lu.done(i32 %%r.%lu):\n", k, k);
    ins("condbr bool %%%lu, c%lu.then, c%lu.else", v[53], k, k);

    printf("\nc%lu.then:\n", k);
    v[n + 2] = ins("=iadd i32 %%r.%lu, %%%lu", k, c7);
    ins("br %s(i32 %%%lu, i64 %%%lu, f64 %%%lu)", succ, v[n + 2], v[49],
        v[19]);

    printf("\nc%lu.else:\n", k);
    ins("br %s(i32 %%r.%lu, i64 %%%lu, f64 %%%lu)", succ, k, v[22],
        v[15]);

    printf("\nc%lu.dead:\n", k);
    ins("unreachable");
    putchar('\n');
}

/* A function @name of 'nchunks' chunks (i32, i64, f64) -> i32. */
static void
function(const char *name, unsigned long nchunks)
{
    char succ[64];

    next = 0;
    printf("\nfn i32 @%s(i32, i64, f64) {\n  $s = stack " AGGT "\n\n", name);
    printf("entry(i32 %%0, i64 %%1, f64 %%2):\n");
    next = 3;
    ins("br c0(i32 %%0, i64 %%1, f64 %%2)");
    putchar('\n');
    for (unsigned long k = 0; k < nchunks; k++) {
        snprintf(succ, sizeof succ, "c%lu", k + 1);
        chunk(k, succ);
    }
    printf("c%lu(i32 %%a.end, i64 %%b.end, f64 %%d.end):\n", nchunks);
    ins("ret i32 %%a.end");
    printf("}\n");
}

static void
prelude(void)
{
    printf("@g = global [i8 x 16] zeroinit, align 16\n\n");
    printf("fn i32 @helper(i32, i64) {\n"
           "entry(i32 %%x, i64 %%y):\n"
           "  %%0 = trunc i32, i64 %%y\n"
           "  %%1 = iadd i32 %%x, %%0\n"
           "  ret i32 %%1\n}\n\n");
    printf("internal fn void @sink(ptr) {\n"
           "entry(ptr %%p):\n"
           "  ret void\n}\n");
    ninsts += 4;
}

int
main(int argc, char **argv)
{
    /* Instructions in one chunk: keep in step with chunk(). */
    enum { PER_CHUNK = 78 };
    unsigned long want, nchunks;
    char name[64];

    if (argc != 3 || (strcmp(argv[1], "module") && strcmp(argv[1], "func"))) {
        fprintf(stderr, "usage: gen module|func INSTRUCTIONS\n");
        return 2;
    }
    want = strtoul(argv[2], NULL, 10);
    nchunks = want / PER_CHUNK + 1;
    prelude();
    if (!strcmp(argv[1], "func")) {
        function("big", nchunks);
    } else {
        /* Two chunks per function: ~160 instructions, like a mid-sized
         * C function. */
        for (unsigned long i = 0; i * 2 < nchunks; i++) {
            snprintf(name, sizeof name, "f%lu", i);
            function(name, 2);
        }
    }
    fprintf(stderr, "instructions: %lu\n", ninsts);
    return 0;
}
