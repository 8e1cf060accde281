/*
 * frame.c - stack frame layout.
 *
 *        | incoming stack arguments |  fp + 16 ...
 *        | return address           |  fp + 8
 *   fp ->| saved frame pointer      |  fp + 0
 *        | callee-saved registers   |  fp - 8 * n
 *        | slots, temps, spills     |  packed by decreasing alignment
 *        | (alloca'd blocks)        |  grow down from here at run time
 *   sp ->| outgoing stack arguments |  sp + 0 ... (16-byte aligned)
 *
 * The frame pointer is always kept, so objects are addressed from it and
 * alloca may move sp.  frame_size (fp - sp before any alloca) is a
 * multiple of 16, so sp is 16-byte aligned at every call.  Spill slots
 * merged by the allocator (share >= 0) take no space of their own.
 */
#include "cg.h"

static int64_t
align_up(int64_t x, int64_t a)
{
    return (x + a - 1) / a * a;
}

void
cg_frame_layout(MirFunc *f)
{
    const MirRegInfo *ri = f->target->regs;
    int64_t cur = 0;
    for (uint32_t r = 1; r < ri->nregs; r++)
        if (f->used_callee_saved >> r & 1)
            cur += 8;
    /* larger alignments first keeps the padding small */
    static const uint32_t aligns[] = {65536, 4096, 256, 64, 32, 16, 8, 4,
                                      2, 1};
    for (unsigned a = 0; a < sizeof aligns / sizeof *aligns; a++) {
        for (uint32_t k = 1; k < f->frame.len; k++) {
            MirFrameObj *o = &f->frame.data[k];
            uint32_t al = o->align;
            if (al > 65536)
                al = 65536;
            if (o->share >= 0 || al < aligns[a] ||
                (a > 0 && al >= aligns[a - 1]))
                continue;
            cur = align_up(cur + (o->size ? o->size : 1), al);
            o->offset = -cur;
        }
    }
    f->outarg_size = (uint32_t)align_up(f->outarg_size, 16);
    f->frame_size = align_up(cur + f->outarg_size, 16);
}
