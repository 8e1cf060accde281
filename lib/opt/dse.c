/*
 * dse.c - dead store elimination within a block.
 *
 * A store is dead when a later store in the same block overwrites every
 * byte it wrote before anything could read them:
 *
 *     store i64 %a, ptr %p      <- dead
 *     %x = iadd i64 %a, %b
 *     store i64 %x, ptr %p
 *
 * GVN leaves this behind when it forwards a stored value to the next load
 * of a read-modify-write chain (a global counter updated twice).
 *
 * Each block is scanned backwards, keeping the regions the stores seen so
 * far will overwrite (at most MAXPEND, the latest).  A non-volatile store
 * covered by one of them is removed; any other store adds its region.  A
 * load (volatile or not) removes the regions it may read (alias.c); a
 * call, which may read any memory, clears them all.  A volatile store is
 * kept and adds nothing (what it overwrites is not ours to reason about).
 * Covered means the same address value with a size at least as large,
 * or the same base object at known offsets enclosing the store's bytes.
 * Linear: MAXPEND checks per instruction.
 */
#include "optutil.h"

enum { MAXPEND = 8 };

typedef struct {
    IrValue p;
    uint64_t size;
} Region;

static bool
covers(IrFunc *f, OptAlias *al, const Region *r, IrValue p, uint64_t size)
{
    if (r->p.id == p.id)
        return size <= r->size;
    const OptPtrInfo *a = opt_alias_base(f, al, r->p);
    OptPtrInfo pa = *a;
    const OptPtrInfo *b = opt_alias_base(f, al, p);
    /* offsets modulo 2^64: a pointer's base may lie above it */
    uint64_t d = b->off - pa.off;
    return pa.kind && pa.kind == b->kind && pa.id == b->id &&
           pa.known_off && b->known_off && d <= r->size &&
           size <= r->size - d;
}

static uint32_t
dse_block(IrFunc *f, OptAlias *al, IrBlock b)
{
    IrModule *m = f->mod;
    Region pend[MAXPEND];
    uint32_t npend = 0, n = 0;
    IrInst prev;
    for (IrInst i = ir_layout_last_inst(f, b); i.id; i = prev) {
        prev = ir_layout_prev_inst(f, i);
        IrInstData *d = ir_inst(f, i);
        bool vol = d->flags & IR_INSTF_VOLATILE;
        if (d->op == IR_OP_STORE) {
            IrValue p = ir_inst_arg(f, i, 1);
            uint64_t size = ir_type_size(m, d->ty);
            if (vol || !size)
                continue;
            bool dead = false;
            for (uint32_t k = 0; k < npend && !dead; k++)
                dead = covers(f, al, &pend[k], p, size);
            if (dead) {
                ir_layout_remove_inst(f, i);
                n++;
                continue;
            }
            if (npend == MAXPEND) {     /* forget the oldest (latest) */
                for (uint32_t k = 1; k < npend; k++)
                    pend[k - 1] = pend[k];
                npend--;
            }
            pend[npend++] = (Region){p, size};
        } else if (d->op == IR_OP_LOAD) {
            IrValue p = ir_inst_arg(f, i, 0);
            uint64_t size = ir_type_size(m, d->ty);
            uint32_t keep = 0;
            for (uint32_t k = 0; k < npend; k++)
                if (!opt_may_alias(f, al, p, size, pend[k].p, pend[k].size))
                    pend[keep++] = pend[k];
            npend = keep;
        } else if (ir_op_info[d->op].flags & IR_OPF_READS_MEM) {
            npend = 0;      /* calls */
        }
    }
    return n;
}

bool
opt_dse(OptCtx *ctx, IrModule *m)
{
    uint64_t total = 0;
    OPT_FOR_FUNCS(m, f) {
        if (!ir_layout_entry(f).id)
            continue;
        OptAlias *al = opt_am_alias(opt_am(ctx, f));
        uint32_t n = 0;
        IR_FOR_BLOCKS(f, b)
            n += dse_block(f, al, b);
        if (!n)
            opt_unchanged(ctx, f);
        total += n;
    }
    opt_count(ctx, "stores removed", total);
    return true;
}
