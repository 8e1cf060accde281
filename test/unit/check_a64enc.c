/*
 * check_a64enc.c - golden AArch64 encodings (lib/target/aarch64/enc.c):
 * a table of {MIR instruction on physregs, 32-bit word, text} covering
 * every insts.def row that reaches a sink and each of its operand
 * forms.  The text is a64_print_inst's (tabs dropped); the word is what
 * llvm-mc --show-encoding gives for that text, with the bits of a fixup
 * (branch offsets, relocated immediates) zero.  test/a64enc/run.sh
 * re-derives every word from llvm-mc, reading this program's --dump
 * output, so the table cannot rot; `--actual` prints the encoder's and
 * printer's output in the same format (BLESS=1 sh test/a64enc/run.sh
 * fills the table from it).  Also checked here: the fixups each
 * instruction leaves, and the patching of branch fields (mc.h).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aarch64/a64.h"
#include "ckmain.h"
#include "golden.h"

#define MX(b, x, s) {.kind = MO_MEM, .base = MB_REG, .reg = (b), \
                     .index = (x), .scale = (s)}
#define MXE(b, x, s, e) {.kind = MO_MEM, .base = MB_REG, .reg = (b), \
                         .index = (x), .scale = (s), .ext = (e)}
#define SY(rf, d) {.kind = MO_SYM, .obj = S_GV, .ref = (rf), .imm = (d)}
#define FN {.kind = MO_SYM, .obj = S_FN}

typedef struct {
    uint16_t op;
    uint8_t size, size2, cond;
    MirOpnd o[4];           /* explicit operands (MO_NONE: absent) */
    uint32_t word;
    const char *text;
} Golden;

/* G: op, size, operands; GX with size2; GC with cond (a condition or a
 * shift kind) and size2. */
#define G(op, sz, ...) A64_##op, sz, 0, 0, {__VA_ARGS__}
#define G0(op) A64_##op, 8, 0, 0, {{0}}
#define GX(op, sz, sz2, ...) A64_##op, sz, sz2, 0, {__VA_ARGS__}
#define GC(op, sz, cc, sz2, ...) A64_##op, sz, sz2, cc, {__VA_ARGS__}

static const Golden golden[] = {
#include "a64enc.inc"
};

enum { NGOLDEN = sizeof golden / sizeof golden[0] };

static void
setup(void)
{
    ck_assert(golden_init(&a64_linux_target));
}

static uint32_t
build(const Golden *g)
{
    return golden_build(g->op, g->size, g->size2, g->cond, g->o, 4);
}

typedef struct {
    GoldenCode g;
    uint32_t word;
} Code;

static void
encode(uint32_t i, Code *c)
{
    golden_encode(i, true, &c->g);
    const uint8_t *b = c->g.b;
    c->word = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
              (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Row k made into an instruction (returned), its text and encoding. */
static uint32_t
run_row(uint32_t k, char *text, size_t cap, Code *c)
{
    uint32_t i = build(&golden[k]);
    text_of(i, text, cap);
    encode(i, c);
    return i;
}

/* The fixup operand o of instruction i asks for. */
static bool
fixup_of(uint32_t i, const MirOpnd *o, const McFixup *x)
{
    MirInst *in = mir_inst(&mf, i);
    if (x->off != 0 || x->target != o->obj)
        return false;
    if (o->kind == MO_BLOCK) {
        McField want = in->op == A64_B ? MC_FLD_IMM26
                     : in->op == A64_TBZ || in->op == A64_TBNZ
                         ? MC_FLD_IMM14 : MC_FLD_IMM19;
        return x->kind == MC_FX_BRANCH && x->field == want;
    }
    if (x->kind != MC_FX_SYM || x->addend != o->imm)
        return false;
    switch (in->op) {
    case A64_BL:
        return x->rkind == MC_R_CALL && x->field == MC_FLD_IMM26;
    case A64_ADRP:
        return x->rkind == (o->ref == MIR_REF_GOTPAGE ? MC_R_GOT_PAGE21
                                                      : MC_R_PAGE21);
    case A64_ADDLO:
        return x->rkind == MC_R_PAGEOFF12 && x->scale == 0;
    case A64_LDGOT:
        return x->rkind == MC_R_GOT_PAGEOFF12;
    default:
        return false;
    }
}

static bool
fixups_ok(uint32_t i, const Golden *g, const Code *c)
{
    uint32_t want = 0;
    for (int k = 0; k < 4; k++) {
        const MirOpnd *o = &g->o[k];
        if (o->kind != MO_BLOCK && o->kind != MO_SYM)
            continue;
        want++;
        uint32_t hits = 0;
        for (uint32_t j = 0; j < c->g.nfx; j++)
            hits += fixup_of(i, o, &c->g.fx[j]);
        if (hits != 1)
            return false;
    }
    return want == c->g.nfx;
}

START_TEST(test_a64_encode_golden)
{
    uint32_t bad = 0;
    for (uint32_t k = 0; k < NGOLDEN; k++) {
        const Golden *g = &golden[k];
        char text[512];
        Code c;
        uint32_t i = run_row(k, text, sizeof text, &c);
        bool ok = strcmp(text, g->text) == 0 && c.word == g->word &&
                  c.g.len == 4;
        if (!ok || !fixups_ok(i, g, &c)) {
            fprintf(stderr, "golden %u: got \"%s\" %08x, want \"%s\" "
                    "%08x%s\n", k, text, c.word, g->text, g->word,
                    ok ? " (fixups)" : "");
            bad++;
        }
    }
    ck_assert_msg(bad == 0, "%u of %u golden encodings differ", bad,
                  (unsigned)NGOLDEN);
}
END_TEST

/* The table has every row that can reach a sink. */
START_TEST(test_a64_encode_every_row)
{
    bool seen[A64_NOPS] = {false};
    for (uint32_t k = 0; k < NGOLDEN; k++)
        seen[golden[k].op] = true;
    for (uint32_t op = 0; op < A64_NOPS; op++)
        ck_assert_msg(seen[op] || a64_ops[op].form == FM_PSEUDO ||
                      op == A64_CFI,
                      "row %s (%u) has no golden encoding",
                      a64_ops[op].name, op);
}
END_TEST

/* Every condition of b.cond, csel and cset. */
START_TEST(test_a64_encode_every_cond)
{
    uint32_t bcc = 0, csel = 0, cset = 0;
    for (uint32_t k = 0; k < NGOLDEN; k++) {
        const Golden *g = &golden[k];
        uint32_t bit = 1u << g->cond;
        if (g->op == A64_BCC)
            bcc |= bit;
        else if (g->op == A64_CSEL)
            csel |= bit;
        else if (g->op == A64_CSET)
            cset |= bit;
    }
    ck_assert_uint_eq(bcc, 0x3FFF);
    ck_assert_uint_eq(csel, 0x3FFF);
    ck_assert_uint_eq(cset, 0x3FFF);
}
END_TEST

/* Branch fields take the offset in words, two's complement, leaving
 * the other bits alone (words from llvm-mc: b #-8, b.ne #1044476,
 * cbz x3, #-1048576, tbnz w5, #7, #32764). */
START_TEST(test_a64_field_put)
{
    static const struct {
        McField fld;
        uint32_t base;
        int64_t d;
        uint32_t word;
    } t[] = {
        {MC_FLD_IMM26, 0x14000000, -8, 0x17fffffe},
        {MC_FLD_IMM19, 0x54000001, 1044476, 0x547f7fe1},
        {MC_FLD_IMM19, 0xb4000003, -1048576, 0xb4800003},
        {MC_FLD_IMM14, 0x37380005, 32764, 0x373bffe5},
    };
    for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
        uint8_t b[4] = {(uint8_t)t[k].base, (uint8_t)(t[k].base >> 8),
                        (uint8_t)(t[k].base >> 16),
                        (uint8_t)(t[k].base >> 24)};
        mc_field_put(b, t[k].fld, t[k].d);
        uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
                     (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        ck_assert_msg(w == t[k].word, "field %d, %lld: %08x, want %08x",
                      t[k].fld, (long long)t[k].d, w, t[k].word);
        ck_assert(t[k].d >= -mc_field_reach(t[k].fld) &&
                  t[k].d < mc_field_reach(t[k].fld));
    }
    ck_assert_int_eq(mc_field_reach(MC_FLD_IMM14), 32768);
    ck_assert_int_eq(mc_field_reach(MC_FLD_IMM19), 1048576);
}
END_TEST

/* --dump (the table) and --actual (the encoder and printer): one line
 * per entry, "word TAB text". */
static int
dump(bool actual)
{
    if (!golden_init(&a64_linux_target))
        return 1;
    for (uint32_t k = 0; k < NGOLDEN; k++) {
        const Golden *g = &golden[k];
        char text[512];
        Code c;
        run_row(k, text, sizeof text, &c);
        printf("%08x\t%s\n", actual ? c.word : g->word,
               actual ? text : g->text);
    }
    teardown();
    return 0;
}

int
main(int argc, char **argv)
{
    if (argc > 1)
        return dump(strcmp(argv[1], "--actual") == 0);
    Suite *s = suite_create("a64enc");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_a64_encode_golden);
    tcase_add_test(tc, test_a64_encode_every_row);
    tcase_add_test(tc, test_a64_encode_every_cond);
    tcase_add_test(tc, test_a64_field_put);
    suite_add_tcase(s, tc);
    return ck_main(s);
}
