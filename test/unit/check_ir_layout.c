/*
 * check_ir_layout.c - block and instruction order (lib/ir/layout.c):
 * append, insert, remove and move at the ends and in the middle, the
 * first/last links of blocks and the function, and that removal keeps
 * the DFG intact.
 */
#include <check.h>
#include <stdlib.h>

#include "fixture.h"
#include "ckmain.h"

/* A constant instruction that is not laid out; imm tells them apart. */
static IrInst
mk(uint64_t tag)
{
    IrInstData d = {.op = IR_OP_ICONST, .ty = IR_T_I32, .imm = tag};
    return ir_inst_create(f, &d, NULL, 0, IR_T_I32);
}

static IrInst
mkret(void)
{
    IrInstData d = {.op = IR_OP_RET};
    return ir_inst_create(f, &d, NULL, 0, IR_T_VOID);
}

/* Checks that block b holds exactly the instructions want[0..n), both
 * forwards and backwards, and that each knows its block. */
static void
assert_insts(IrBlock b, const IrInst *want, uint32_t n)
{
    uint32_t k = 0;
    IR_FOR_INSTS(f, b, i) {
        ck_assert_uint_lt(k, n);
        ck_assert_uint_eq(i.id, want[k].id);
        ck_assert_uint_eq(ir_layout_inst_block(f, i).id, b.id);
        k++;
    }
    ck_assert_uint_eq(k, n);
    IrInst i = ir_layout_last_inst(f, b);
    for (uint32_t j = n; j-- > 0; i = ir_layout_prev_inst(f, i))
        ck_assert_uint_eq(i.id, want[j].id);
    ck_assert_uint_eq(i.id, 0);
    ck_assert_uint_eq(ir_layout_first_inst(f, b).id, n ? want[0].id : 0);
}

#define INSTS(b, ...) \
    assert_insts(b, (IrInst[]){__VA_ARGS__}, \
                 sizeof((IrInst[]){__VA_ARGS__}) / sizeof(IrInst))

static void
assert_blocks(const IrBlock *want, uint32_t n)
{
    uint32_t k = 0;
    IR_FOR_BLOCKS(f, b) {
        ck_assert_uint_lt(k, n);
        ck_assert_uint_eq(b.id, want[k].id);
        ck_assert(ir_layout_block_inserted(f, b));
        k++;
    }
    ck_assert_uint_eq(k, n);
    IrBlock b = f->layout.last;
    for (uint32_t j = n; j-- > 0; b = ir_layout_prev_block(f, b))
        ck_assert_uint_eq(b.id, want[j].id);
    ck_assert_uint_eq(b.id, 0);
    ck_assert_uint_eq(ir_layout_entry(f).id, n ? want[0].id : 0);
}

#define BLOCKS(...) \
    assert_blocks((IrBlock[]){__VA_ARGS__}, \
                  sizeof((IrBlock[]){__VA_ARGS__}) / sizeof(IrBlock))

START_TEST(test_ir_layout_append_block)
{
    assert_blocks(NULL, 0);
    IrBlock a = ir_block_create(f, "a");
    ck_assert(!ir_layout_block_inserted(f, a));
    ir_layout_append_block(f, a);
    BLOCKS(a);
    IrBlock b = ir_block_create(f, "b"), c = ir_block_create(f, NULL);
    ir_layout_append_block(f, b);
    ir_layout_append_block(f, c);
    BLOCKS(a, b, c);
    ck_assert_uint_eq(ir_layout_next_block(f, c).id, 0);
    ck_assert_uint_eq(ir_layout_prev_block(f, a).id, 0);
}
END_TEST

START_TEST(test_ir_layout_insert_block_after)
{
    IrBlock a = ir_block_create(f, "a"), b = ir_block_create(f, "b");
    IrBlock c = ir_block_create(f, "c"), d = ir_block_create(f, "d");
    ir_layout_append_block(f, a);
    ir_layout_insert_block_after(f, b, a);      /* at the end */
    BLOCKS(a, b);
    ir_layout_insert_block_after(f, c, a);      /* in the middle */
    BLOCKS(a, c, b);
    ir_layout_insert_block_after(f, d, b);
    BLOCKS(a, c, b, d);
}
END_TEST

START_TEST(test_ir_layout_remove_block)
{
    IrBlock b[5];
    for (int i = 0; i < 5; i++) {
        b[i] = ir_block_create(f, NULL);
        ir_layout_append_block(f, b[i]);
    }
    IrInst i1 = mk(1), i2 = mk(2);
    ir_layout_append_inst(f, i1, b[2]);
    ir_layout_append_inst(f, i2, b[2]);
    ir_layout_remove_block(f, b[2]);            /* middle */
    BLOCKS(b[0], b[1], b[3], b[4]);
    ck_assert(!ir_layout_block_inserted(f, b[2]));
    /* The block keeps its instructions and can come back. */
    INSTS(b[2], i1, i2);
    ir_layout_remove_block(f, b[0]);            /* first: new entry */
    BLOCKS(b[1], b[3], b[4]);
    ir_layout_remove_block(f, b[4]);            /* last */
    BLOCKS(b[1], b[3]);
    ir_layout_insert_block_after(f, b[2], b[1]);
    BLOCKS(b[1], b[2], b[3]);
    INSTS(b[2], i1, i2);
    ir_layout_remove_block(f, b[1]);
    ir_layout_remove_block(f, b[2]);
    ir_layout_remove_block(f, b[3]);
    assert_blocks(NULL, 0);
    ir_layout_append_block(f, b[4]);
    BLOCKS(b[4]);
}
END_TEST

START_TEST(test_ir_layout_append_inst)
{
    IrBlock b = ir_block_create(f, "entry");
    ir_layout_append_block(f, b);
    assert_insts(b, NULL, 0);
    IrInst x = mk(1), y = mk(2), r = mkret();
    ck_assert_uint_eq(ir_layout_inst_block(f, x).id, 0);
    ir_layout_append_inst(f, x, b);
    INSTS(b, x);
    ir_layout_append_inst(f, y, b);
    ir_layout_append_inst(f, r, b);
    INSTS(b, x, y, r);
    ck_assert_uint_eq(ir_layout_terminator(f, b).id, r.id);
    ck_assert_uint_eq(ir_layout_next_inst(f, r).id, 0);
}
END_TEST

START_TEST(test_ir_layout_insert_inst)
{
    IrBlock b = ir_block_create(f, "entry");
    ir_layout_append_block(f, b);
    IrInst x = mk(1), y = mk(2), z = mk(3), w = mk(4), v = mk(5);
    ir_layout_append_inst(f, y, b);
    ir_layout_insert_inst_before(f, x, y);      /* new first */
    INSTS(b, x, y);
    ir_layout_insert_inst_after(f, z, y);       /* new last */
    INSTS(b, x, y, z);
    ir_layout_insert_inst_before(f, w, z);      /* middle */
    INSTS(b, x, y, w, z);
    ir_layout_insert_inst_after(f, v, x);       /* middle */
    INSTS(b, x, v, y, w, z);
}
END_TEST

START_TEST(test_ir_layout_remove_inst)
{
    IrBlock b = ir_block_create(f, "entry");
    ir_layout_append_block(f, b);
    IrInst i[5];
    for (int k = 0; k < 5; k++) {
        i[k] = mk((uint64_t)k);
        ir_layout_append_inst(f, i[k], b);
    }
    ir_layout_remove_inst(f, i[2]);
    INSTS(b, i[0], i[1], i[3], i[4]);
    ck_assert_uint_eq(ir_layout_inst_block(f, i[2]).id, 0);
    ir_layout_remove_inst(f, i[0]);
    INSTS(b, i[1], i[3], i[4]);
    ir_layout_remove_inst(f, i[4]);
    INSTS(b, i[1], i[3]);
    ir_layout_remove_inst(f, i[1]);
    ir_layout_remove_inst(f, i[3]);
    assert_insts(b, NULL, 0);
    ck_assert_uint_eq(ir_layout_terminator(f, b).id, 0);
    /* A removed instruction still exists in the DFG, and can return. */
    ck_assert_uint_eq(ir_inst(f, i[2])->imm, 2);
    ck_assert_uint_eq(ir_value(f, ir_inst_result(f, i[2]))->def, i[2].id);
    ir_layout_append_inst(f, i[2], b);
    INSTS(b, i[2]);
}
END_TEST

START_TEST(test_ir_layout_move_inst)
{
    IrBlock a = ir_block_create(f, "a"), b = ir_block_create(f, "b");
    ir_layout_append_block(f, a);
    ir_layout_append_block(f, b);
    IrInst x = mk(1), y = mk(2), z = mk(3), r = mkret(), n = mk(9);
    ir_layout_append_inst(f, x, a);
    ir_layout_append_inst(f, y, a);
    ir_layout_append_inst(f, z, a);
    ir_layout_append_inst(f, r, b);
    ir_layout_move_inst_before(f, z, x);        /* within a block */
    INSTS(a, z, x, y);
    ir_layout_move_inst_before(f, x, r);        /* to another block */
    INSTS(a, z, y);
    INSTS(b, x, r);
    ir_layout_move_inst_before(f, n, y);        /* not laid out before */
    INSTS(a, z, n, y);
    ir_layout_move_inst_before(f, y, z);        /* last to first */
    INSTS(a, y, z, n);
    ir_layout_move_inst_before(f, z, n);        /* already there */
    INSTS(a, y, z, n);
    ck_assert_uint_eq(ir_layout_inst_block(f, x).id, b.id);
}
END_TEST

START_TEST(test_ir_layout_terminator)
{
    IrBlock b = ir_block_create(f, "entry");
    ir_layout_append_block(f, b);
    ck_assert_uint_eq(ir_layout_terminator(f, b).id, 0);   /* empty */
    IrInst x = mk(1);
    ir_layout_append_inst(f, x, b);
    ck_assert_uint_eq(ir_layout_terminator(f, b).id, 0);
    ck_assert(!ir_inst_is_terminator(f, x));
    IrInst r = mkret();
    ir_layout_append_inst(f, r, b);
    ck_assert(ir_inst_is_terminator(f, r));
    ck_assert_uint_eq(ir_layout_terminator(f, b).id, r.id);
}
END_TEST

/* Interleaved growth: blocks and instructions created after layout
 * started, with ids beyond the arrays' first capacity. */
START_TEST(test_ir_layout_many)
{
    enum { NB = 300, NI = 20000 };
    IrBlock *bs = malloc(NB * sizeof *bs);
    IrInst *is = malloc(NI * sizeof *is);
    for (uint32_t k = 0; k < NB; k++) {
        bs[k] = ir_block_create(f, NULL);
        if (k == 0)
            ir_layout_append_block(f, bs[k]);
        else
            ir_layout_insert_block_after(f, bs[k], bs[0]);
    }
    /* Order is bs[0], bs[NB-1], ..., bs[1]. */
    uint32_t k = 0;
    IR_FOR_BLOCKS(f, b) {
        ck_assert_uint_eq(b.id, k ? bs[NB - k].id : bs[0].id);
        k++;
    }
    ck_assert_uint_eq(k, NB);
    /* Instruction i goes to block i % NB, every second one at the front. */
    for (uint32_t i = 0; i < NI; i++) {
        is[i] = mk(i);
        IrBlock b = bs[i % NB];
        IrInst first = ir_layout_first_inst(f, b);
        if (i % 2 && first.id)
            ir_layout_insert_inst_before(f, is[i], first);
        else
            ir_layout_append_inst(f, is[i], b);
    }
    uint32_t total = 0;
    IR_FOR_BLOCKS(f, b) {
        uint32_t prev_even = 0;
        bool seen_even = false;
        IR_FOR_INSTS(f, b, i) {
            uint64_t tag = ir_inst(f, i)->imm;
            ck_assert_uint_eq(bs[tag % NB].id, b.id);
            if (tag % 2 == 0) {
                if (seen_even)
                    ck_assert_uint_gt(tag, prev_even);
                prev_even = (uint32_t)tag;
                seen_even = true;
            }
            total++;
        }
    }
    ck_assert_uint_eq(total, NI);
    /* Remove every third instruction. */
    for (uint32_t i = 0; i < NI; i += 3)
        ir_layout_remove_inst(f, is[i]);
    total = 0;
    IR_FOR_BLOCKS(f, b) IR_FOR_INSTS(f, b, i) {
        ck_assert_uint_ne(ir_inst(f, i)->imm % 3, 0);
        total++;
    }
    ck_assert_uint_eq(total, NI - (NI + 2) / 3);
    free(bs);
    free(is);
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("ir_layout");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ir_layout_append_block);
    tcase_add_test(tc, test_ir_layout_insert_block_after);
    tcase_add_test(tc, test_ir_layout_remove_block);
    tcase_add_test(tc, test_ir_layout_append_inst);
    tcase_add_test(tc, test_ir_layout_insert_inst);
    tcase_add_test(tc, test_ir_layout_remove_inst);
    tcase_add_test(tc, test_ir_layout_move_inst);
    tcase_add_test(tc, test_ir_layout_terminator);
    tcase_add_test(tc, test_ir_layout_many);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
