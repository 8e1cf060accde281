/*
 * golden.h - the harness of the golden encoding tables (check_x64enc.c,
 * check_a64enc.c): a module declaring the symbols the tables name (f,
 * fn, gv), the MIR function of f on the target under test, and a table
 * row made into an instruction, printed and encoded through the
 * target's own hooks (Target.print_inst, Target.encode), as the sinks
 * reach them.  The tables' rows differ per ISA; what is done with a row
 * is the same.
 */
#ifndef SIR_TEST_GOLDEN_H
#define SIR_TEST_GOLDEN_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "cg.h"
#include "mc.h"

enum { S_F = 1, S_FN, S_GV };   /* symbol ids of the test module */

/* Operands, as the tables spell them. */
#define R(r) {.kind = MO_REG, .reg = (r)}
#define I(k) {.kind = MO_IMM, .imm = (k)}
#define M(b, d) {.kind = MO_MEM, .base = MB_REG, .reg = (b), .imm = (d)}
#define BLK(b) {.kind = MO_BLOCK, .obj = (b)}

static IrModule *m;
static MirFunc mf;

/* The module of symbols f, fn and gv and the MIR function of f for
 * target t; whether the symbols got the ids the tables use. */
static bool
golden_init(const Target *t)
{
    m = ir_module_new();
    IrSig sig = ir_sig_intern(m, IR_T_VOID, 0, IR_CONV_CCC, false, NULL, 0);
    IrSym f = ir_func_declare(m, "f", sig);
    bool ok = f.id == S_F && ir_func_declare(m, "fn", sig).id == S_FN &&
              ir_func_declare(m, "gv", sig).id == S_GV;
    mir_func_init(&mf, m, f, t);
    return ok;
}

static void
teardown(void)
{
    mir_func_free(&mf);
    ir_module_free(m);
}

/* The instruction of a row: opcode, sizes, condition and up to 'max'
 * operands (the first MO_NONE ends them). */
static uint32_t
golden_build(uint16_t op, uint8_t size, uint8_t size2, uint8_t cond,
             const MirOpnd *o, uint32_t max)
{
    uint32_t n = 0;
    while (n < max && o[n].kind != MO_NONE)
        n++;
    uint32_t i = mir_make(&mf, op, size, o, n);
    mir_inst(&mf, i)->size2 = size2;
    mir_inst(&mf, i)->cond = cond;
    return i;
}

/* The printer's text without tabs and the final newline. */
static void
text_of(uint32_t i, char *out, size_t cap)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    mf.target->print_inst(&mf, i, fp);
    fclose(fp);
    size_t k = 0;
    for (size_t j = 0; j < len && k + 1 < cap; j++)
        if (buf[j] != '\t')
            out[k++] = buf[j];
    if (k && out[k - 1] == '\n')
        k--;
    out[k] = 0;
    free(buf);
}

/* An encoded row: its bytes and the fixups it leaves. */
typedef struct {
    uint32_t len, nfx;
    uint8_t b[MC_MAXINST];
    McFixup fx[MC_MAXFIX];
} GoldenCode;

static void
golden_encode(uint32_t i, bool short_branch, GoldenCode *c)
{
    c->len = mf.target->encode(&mf, i, short_branch, c->b, c->fx, &c->nfx);
}

#endif
