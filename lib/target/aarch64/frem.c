/*
 * frem.c - frem as C's fmod, exactly, without a call into libm.
 */
#include "a64.h"

void
a64_sel_frem(CgCtx *c, IrInst i)
{
    cg_error(c, ir_inst(c->irf, i)->loc, "frem: not yet");
}
