/*
 * fixture.h - the Check fixture shared by the unit suites that build one
 * function with the builder API: a module 'm' holding `fn void @f()`,
 * created per test, and one-line helpers that lay out blocks and end
 * them with br/condbr/ret.
 */
#ifndef SIR_TEST_FIXTURE_H
#define SIR_TEST_FIXTURE_H

#include "ir.h"

static IrModule *m;
static IrFunc *f;

static inline void
setup(void)
{
    m = ir_module_new();
    IrSig sig = ir_sig_intern(m, IR_T_VOID, 0, IR_CONV_CCC, false, NULL, 0);
    f = ir_func_define(m, ir_func_declare(m, "f", sig));
}

static inline void
teardown(void)
{
    ir_module_free(m);
}

/* A new block appended to the layout. */
static inline IrBlock
blk(void)
{
    IrBlock b = ir_block_create(f, NULL);
    ir_layout_append_block(f, b);
    return b;
}

static inline void
br(IrBlock from, IrBlock to)
{
    IrBuilder bu;
    ir_builder_at_end(&bu, f, from);
    ir_build_br(&bu, to, NULL, 0);
}

static inline void
condbr(IrBlock from, IrBlock t, IrBlock e)
{
    IrBuilder bu;
    ir_builder_at_end(&bu, f, from);
    IrValue c = ir_build_bconst(&bu, true);
    ir_build_condbr(&bu, c, t, NULL, 0, e, NULL, 0);
}

static inline void
ret(IrBlock b)
{
    IrBuilder bu;
    ir_builder_at_end(&bu, f, b);
    ir_build_ret(&bu, (IrValue){0});
}

#endif
