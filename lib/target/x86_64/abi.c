/*
 * abi.c - System V AMD64 classification (psABI 3.2.3) of SIR types.
 *
 * SIR has no vectors, long double or unaligned members, so the rules
 * reduce to: size 0 takes nothing; larger than 16 bytes is MEMORY;
 * otherwise each eightbyte is SSE when every scalar in it is a float,
 * INTEGER otherwise.  Arrays classify like the struct that wraps them
 * (spec 4.3).
 */
#include "x64.h"

X64Class
x64_classify(IrModule *m, IrType t)
{
    X64Class c = {0};
    if (ir_type_is_scalar(t)) {
        c.n = 1;
        c.cls[0] = ir_type_is_float(t) ? X64_SSE : X64_INT;
        return c;
    }
    uint64_t size = ir_type_size(m, t);
    if (size == 0)
        return c;
    if (size > 16) {
        c.memory = true;
        return c;
    }
    c.n = size > 8 ? 2 : 1;
    c.cls[0] = c.cls[1] = X64_SSE;
    CgLeaf *lv;
    uint32_t nl = cg_leaves(m, t, &lv);
    for (uint32_t k = 0; k < nl; k++)
        if (!ir_type_is_float(lv[k].ty))
            c.cls[lv[k].off / 8] = X64_INT;
    free(lv);
    return c;
}
