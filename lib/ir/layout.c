/*
 * layout.c - the order of blocks in a function and of instructions in a
 * block: doubly linked lists in arrays indexed by id (Cranelift's
 * Layout).  Every operation is O(1).  Arrays grow lazily to cover the
 * ids of the DFG.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

/* The instruction arrays grow by doubling but are zeroed only up to the
 * ids in use (rounded up): zeroing the whole doubled capacity touched
 * megabytes no instruction used yet on large functions. */
static void
fit_insts(IrFunc *f, uint32_t id)
{
    IrLayout *l = &f->layout;
    if (id < l->icap)
        return;
    uint64_t want = ((uint64_t)id | 63) + 1;
    uint32_t n = want > UINT32_MAX ? UINT32_MAX : (uint32_t)want;
    uint32_t cap = l->ialloc, c2 = cap, c3 = cap, c4 = cap;
    ir_grow_raw((void **)&l->inext, &c2, sizeof(IrInst), n);
    ir_grow_raw((void **)&l->iprev, &c3, sizeof(IrInst), n);
    ir_grow_raw((void **)&l->iblock, &c4, sizeof(IrBlock), n);
    l->ialloc = c2;
    size_t z = n - l->icap;
    memset(l->inext + l->icap, 0, z * sizeof(IrInst));
    memset(l->iprev + l->icap, 0, z * sizeof(IrInst));
    memset(l->iblock + l->icap, 0, z * sizeof(IrBlock));
    l->icap = n;
}

static void
fit_blocks(IrFunc *f, uint32_t id)
{
    IrLayout *l = &f->layout;
    if (id < l->bcap)
        return;
    uint32_t cap = l->bcap, c;
    c = cap; ir_grow((void **)&l->bfirst, &c, sizeof(IrInst), id + 1);
    c = cap; ir_grow((void **)&l->blast, &c, sizeof(IrInst), id + 1);
    c = cap; ir_grow((void **)&l->bnext, &c, sizeof(IrBlock), id + 1);
    c = cap; ir_grow((void **)&l->bprev, &c, sizeof(IrBlock), id + 1);
    c = cap; ir_grow((void **)&l->binserted, &c, sizeof(bool), id + 1);
    l->bcap = c;
}

void
ir_layout_reserve(IrFunc *f, uint32_t ninsts, uint32_t nblocks)
{
    if (ninsts)
        fit_insts(f, ninsts - 1);
    if (nblocks)
        fit_blocks(f, nblocks - 1);
}

void
ir_layout_append_block(IrFunc *f, IrBlock b)
{
    fit_blocks(f, b.id);
    IrLayout *l = &f->layout;
    IR_ASSERT(!l->binserted[b.id]);
    l->binserted[b.id] = true;
    l->bprev[b.id] = l->last;
    l->bnext[b.id] = (IrBlock){0};
    if (l->last.id)
        l->bnext[l->last.id] = b;
    else
        l->first = b;
    l->last = b;
}

void
ir_layout_insert_block_after(IrFunc *f, IrBlock b, IrBlock after)
{
    fit_blocks(f, b.id);
    IrLayout *l = &f->layout;
    IR_ASSERT(!l->binserted[b.id] && l->binserted[after.id]);
    l->binserted[b.id] = true;
    IrBlock next = l->bnext[after.id];
    l->bprev[b.id] = after;
    l->bnext[b.id] = next;
    l->bnext[after.id] = b;
    if (next.id)
        l->bprev[next.id] = b;
    else
        l->last = b;
}

void
ir_layout_remove_block(IrFunc *f, IrBlock b)
{
    IrLayout *l = &f->layout;
    IR_ASSERT(ir_layout_block_inserted(f, b));
    IrBlock p = l->bprev[b.id], n = l->bnext[b.id];
    if (p.id)
        l->bnext[p.id] = n;
    else
        l->first = n;
    if (n.id)
        l->bprev[n.id] = p;
    else
        l->last = p;
    l->bprev[b.id] = l->bnext[b.id] = (IrBlock){0};
    l->binserted[b.id] = false;
}

void
ir_layout_append_inst(IrFunc *f, IrInst i, IrBlock b)
{
    fit_insts(f, i.id);
    fit_blocks(f, b.id);
    IrLayout *l = &f->layout;
    IR_ASSERT(!l->iblock[i.id].id);
    IrInst last = l->blast[b.id];
    l->iblock[i.id] = b;
    l->iprev[i.id] = last;
    l->inext[i.id] = (IrInst){0};
    if (last.id)
        l->inext[last.id] = i;
    else
        l->bfirst[b.id] = i;
    l->blast[b.id] = i;
}

void
ir_layout_insert_inst_before(IrFunc *f, IrInst i, IrInst before)
{
    fit_insts(f, i.id);
    IrLayout *l = &f->layout;
    IR_ASSERT(!l->iblock[i.id].id && l->iblock[before.id].id);
    IrBlock b = l->iblock[before.id];
    IrInst p = l->iprev[before.id];
    l->iblock[i.id] = b;
    l->iprev[i.id] = p;
    l->inext[i.id] = before;
    l->iprev[before.id] = i;
    if (p.id)
        l->inext[p.id] = i;
    else
        l->bfirst[b.id] = i;
}

void
ir_layout_insert_inst_after(IrFunc *f, IrInst i, IrInst after)
{
    fit_insts(f, i.id);
    IrLayout *l = &f->layout;
    IR_ASSERT(!l->iblock[i.id].id && l->iblock[after.id].id);
    IrBlock b = l->iblock[after.id];
    IrInst n = l->inext[after.id];
    l->iblock[i.id] = b;
    l->iprev[i.id] = after;
    l->inext[i.id] = n;
    l->inext[after.id] = i;
    if (n.id)
        l->iprev[n.id] = i;
    else
        l->blast[b.id] = i;
}

void
ir_layout_remove_inst(IrFunc *f, IrInst i)
{
    IrLayout *l = &f->layout;
    IR_ASSERT(i.id < l->icap && l->iblock[i.id].id);
    IrBlock b = l->iblock[i.id];
    IrInst p = l->iprev[i.id], n = l->inext[i.id];
    if (p.id)
        l->inext[p.id] = n;
    else
        l->bfirst[b.id] = n;
    if (n.id)
        l->iprev[n.id] = p;
    else
        l->blast[b.id] = p;
    l->iblock[i.id] = (IrBlock){0};
    l->iprev[i.id] = l->inext[i.id] = (IrInst){0};
}

void
ir_layout_move_inst_before(IrFunc *f, IrInst i, IrInst before)
{
    if (i.id < f->layout.icap && f->layout.iblock[i.id].id)
        ir_layout_remove_inst(f, i);
    ir_layout_insert_inst_before(f, i, before);
}

IrInst
ir_layout_terminator(IrFunc *f, IrBlock b)
{
    IrInst last = ir_layout_last_inst(f, b);
    if (last.id && ir_inst_is_terminator(f, last))
        return last;
    return (IrInst){0};
}
