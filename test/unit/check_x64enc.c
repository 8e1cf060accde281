/*
 * check_x64enc.c - golden x86-64 encodings (lib/target/x86_64/enc.c):
 * a table of {MIR instruction on physregs, bytes, text} covering every
 * insts.def row and operand form.  The text is x64_print_inst's (tabs
 * dropped); the bytes are what llvm-mc --show-encoding and GNU as give
 * for that text, "xx" marking a fixup field (zero in the encoding).
 * test/x64enc/run.sh re-derives every entry from llvm-mc, reading this
 * program's --dump output, so the table cannot rot.  --actual prints
 * the encoder's and printer's output in the same format, from which
 * `BLESS=1 sh test/x64enc/run.sh` fills new entries written as "", "".
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "x86_64/x64.h"
#include "ckmain.h"
#include "golden.h"

#define MX(b, x, s, d) {.kind = MO_MEM, .base = MB_REG, .reg = (b), \
                        .index = (x), .scale = (s), .imm = (d)}
#define SYM(d) {.kind = MO_MEM, .base = MB_SYM, .obj = S_GV, .imm = (d)}
#define GOT {.kind = MO_MEM, .base = MB_GOT, .obj = S_GV}
#define GOT2 {.kind = MO_MEM, .base = MB_GOT, .obj = S_FN}
#define CST(k, d) {.kind = MO_MEM, .base = MB_CONST, .obj = (k), .imm = (d)}
#define FN(rf) {.kind = MO_SYM, .obj = S_FN, .ref = (rf)}

typedef struct {
    uint16_t op;
    uint8_t size, size2, cond;
    bool sb;                /* short branch */
    MirOpnd o[3];           /* explicit operands (MO_NONE: absent) */
    const char *hex;
    const char *text;
} Golden;

/* G: op, size, operands; GX with size2; GC with a condition; GB a
 * short branch. */
#define G(op, sz, ...) op, sz, 0, 0, false, {__VA_ARGS__}
#define G0(op, sz) op, sz, 0, 0, false, {{0}}
#define GX(op, sz, sz2, ...) op, sz, sz2, 0, false, {__VA_ARGS__}
#define GC(op, sz, cc, ...) op, sz, 0, cc, false, {__VA_ARGS__}
#define GB(op, cc, ...) op, 0, 0, cc, true, {__VA_ARGS__}

static const Golden golden[] = {
#include "x64enc_move.inc"
#include "x64enc_alu.inc"
#include "x64enc_misc.inc"
};

enum { NGOLDEN = sizeof golden / sizeof golden[0] };

static void
setup(void)
{
    ck_assert(golden_init(&x64_linux_target));
}

static uint32_t
build(const Golden *g)
{
    return golden_build(g->op, g->size, g->size2, g->cond, g->o, 3);
}

typedef struct {
    GoldenCode g;
    char hex[3 * MC_MAXINST + 1];
} Code;

static void
encode(uint32_t i, bool sb, Code *c)
{
    golden_encode(i, sb, &c->g);
    bool fix[MC_MAXINST] = {false};
    for (uint32_t k = 0; k < c->g.nfx; k++) {
        const McFixup *x = &c->g.fx[k];
        unsigned w = x->kind == MC_FX_BLOCK8 ? 1 : 4;
        for (unsigned j = 0; j < w && x->off + j < c->g.len; j++)
            fix[x->off + j] = true;
    }
    char *p = c->hex;
    *p = 0;
    for (uint32_t k = 0; k < c->g.len; k++)
        p += sprintf(p, k ? " %02x" : "%02x", c->g.b[k]);
    for (uint32_t k = 0; k < c->g.len; k++)
        if (fix[k])
            memcpy(c->hex + 3 * k, "xx", 2);
}

/* Row k made into an instruction (returned), its text and encoding. */
static uint32_t
run_row(uint32_t k, char *text, size_t cap, Code *c)
{
    uint32_t i = build(&golden[k]);
    text_of(i, text, cap);
    encode(i, golden[k].sb, c);
    return i;
}

/* Whether fixup x is the one operand o asks for, in instruction i. */
static bool
fixup_of(uint32_t i, const MirOpnd *o, const McFixup *x, bool sb,
         uint32_t len)
{
    MirInst *in = mir_inst(&mf, i);
    /* pcend reaches the end of the machine instruction holding the
     * field: in frem's sequence, a load without an immediate. */
    if (x->pcend != (in->op == X64_FPREM ? 4 : len - x->off))
        return false;
    switch (o->kind) {
    case MO_BLOCK:
        return x->kind == (sb ? MC_FX_BLOCK8 : MC_FX_BLOCK32) &&
               x->target == o->obj && x->addend == 0;
    case MO_SYM:
        return x->kind == MC_FX_SYM && x->rkind == MC_R_CALL &&
               x->target == o->obj && x->addend == 0;
    case MO_MEM:
        break;
    default:
        return false;
    }
    bool load = (in->op == X64_MOVGOT || in->op == X64_MOV) &&
                in->size == 8;
    switch (o->base) {
    case MB_SYM:
        return x->kind == MC_FX_SYM && x->rkind == MC_R_PC32 &&
               x->target == o->obj && x->addend == o->imm;
    case MB_GOT:
        return x->kind == MC_FX_SYM && x->target == o->obj &&
               x->rkind == (load ? MC_R_GOTLOAD : MC_R_GOTPCREL);
    case MB_CONST:
        return x->kind == MC_FX_CONST && x->target == o->obj &&
               x->addend == o->imm;
    default:
        return false;
    }
}

/* Every operand that needs a fixup has exactly one. */
static bool
fixups_ok(uint32_t i, const Golden *g, const Code *c)
{
    uint32_t want = 0;
    for (int k = 0; k < 3; k++) {
        const MirOpnd *o = &g->o[k];
        if (o->kind == MO_NONE)
            continue;
        if (o->kind != MO_BLOCK && o->kind != MO_SYM &&
            (o->kind != MO_MEM || o->base == MB_REG))
            continue;
        want++;
        uint32_t hits = 0;
        for (uint32_t j = 0; j < c->g.nfx; j++)
            hits += fixup_of(i, o, &c->g.fx[j], g->sb, c->g.len);
        if (hits != 1)
            return false;
    }
    return want == c->g.nfx;
}

START_TEST(test_x64_encode_golden)
{
    uint32_t bad = 0;
    for (uint32_t k = 0; k < NGOLDEN; k++) {
        const Golden *g = &golden[k];
        char text[512];
        Code c;
        uint32_t i = run_row(k, text, sizeof text, &c);
        bool ok = strcmp(text, g->text) == 0 && strcmp(c.hex, g->hex) == 0;
        if (!ok || !fixups_ok(i, g, &c)) {
            fprintf(stderr, "golden %u: got \"%s\" [%s], want \"%s\" [%s]%s\n",
                    k, text, c.hex, g->text, g->hex,
                    ok ? " (fixups)" : "");
            bad++;
        }
    }
    ck_assert_msg(bad == 0, "%u of %u golden encodings differ", bad,
                  (unsigned)NGOLDEN);
}
END_TEST

/* The table has every row of insts.def. */
START_TEST(test_x64_encode_every_row)
{
    bool seen[X64_NOPS] = {false};
    for (uint32_t k = 0; k < NGOLDEN; k++)
        seen[golden[k].op] = true;
    for (uint32_t op = 0; op < X64_NOPS; op++)
        ck_assert_msg(seen[op], "row %s (%u) has no golden encoding",
                      x64_ops[op].name, op);
}
END_TEST

/* Every condition of setcc, cmovcc and both jcc forms. */
START_TEST(test_x64_encode_every_cond)
{
    uint32_t set = 0, cmov = 0, jshort = 0, jnear = 0;
    for (uint32_t k = 0; k < NGOLDEN; k++) {
        const Golden *g = &golden[k];
        uint32_t bit = 1u << g->cond;
        if (g->op == X64_SETCC)
            set |= bit;
        else if (g->op == X64_CMOV)
            cmov |= bit;
        else if (g->op == X64_JCC)
            *(g->sb ? &jshort : &jnear) |= bit;
    }
    ck_assert_uint_eq(set, 0xFFFF);
    ck_assert_uint_eq(cmov, 0xFFFF);
    ck_assert_uint_eq(jshort, 0xFFFF);
    ck_assert_uint_eq(jnear, 0xFFFF);
}
END_TEST

/* --dump (the table) and --actual (the encoder and printer): one line
 * per entry, "short-branch TAB bytes TAB fixups TAB text" with the
 * fixups as off:pcend and the text's newlines as \n. */
static int
dump(bool actual)
{
    if (!golden_init(&x64_linux_target))
        return 1;
    for (uint32_t k = 0; k < NGOLDEN; k++) {
        const Golden *g = &golden[k];
        char text[512];
        Code c;
        run_row(k, text, sizeof text, &c);
        printf("%d\t%s\t", g->sb, actual ? c.hex : g->hex);
        for (uint32_t j = 0; j < c.g.nfx; j++)
            printf(j ? ",%u:%u" : "%u:%u", c.g.fx[j].off, c.g.fx[j].pcend);
        putchar('\t');
        for (const char *p = actual ? text : g->text; *p; p++)
            fputs(*p == '\n' ? "\\n" : (char[2]){*p, 0}, stdout);
        putchar('\n');
    }
    teardown();
    return 0;
}

int
main(int argc, char **argv)
{
    if (argc > 1)
        return dump(strcmp(argv[1], "--actual") == 0);
    Suite *s = suite_create("x64enc");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_x64_encode_golden);
    tcase_add_test(tc, test_x64_encode_every_row);
    tcase_add_test(tc, test_x64_encode_every_cond);
    suite_add_tcase(s, tc);
    return ck_main(s);
}
