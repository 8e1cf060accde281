/*
 * check_cfg.c - successors, predecessors and reverse post-order
 * (lib/ir/cfg.c), on functions built with the builder API.
 */
#include <check.h>
#include <stdlib.h>

#include "fixture.h"
#include "ckmain.h"

START_TEST(test_cfg_diamond)
{
    IrBlock e = blk(), a = blk(), b = blk(), j = blk(), u = blk();
    condbr(e, a, b);
    br(a, j);
    br(b, j);
    ret(j);
    br(u, j);                   /* unreachable, but still an edge */
    IrCfg c;
    ir_cfg_compute(f, &c);
    ck_assert_uint_eq(c.nblocks, ir_num_blocks(f));
    ck_assert_uint_eq(ir_cfg_nsuccs(&c, e), 2);
    ck_assert_uint_eq(c.succs[c.succ_start[e.id]].id, a.id);
    ck_assert_uint_eq(c.succs[c.succ_start[e.id] + 1].id, b.id);
    ck_assert_uint_eq(ir_cfg_nsuccs(&c, j), 0);
    ck_assert_uint_eq(ir_cfg_npreds(&c, j), 3);
    ck_assert_uint_eq(ir_cfg_npreds(&c, e), 0);
    ck_assert_uint_eq(ir_cfg_npreds(&c, a), 1);
    ck_assert_uint_eq(c.preds[c.pred_start[a.id]].id, e.id);
    ck_assert_uint_eq(c.nrpo, 4);
    ck_assert_uint_eq(c.rpo[0].id, e.id);
    ck_assert_uint_eq(c.rpo[3].id, j.id);
    ck_assert(ir_cfg_reachable(&c, a));
    ck_assert(!ir_cfg_reachable(&c, u));
    for (uint32_t k = 0; k < c.nrpo; k++)
        ck_assert_uint_eq(c.rpo_index[c.rpo[k].id], k);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_cfg_loop_rpo)
{
    /* entry -> head; head -> body | exit; body -> head */
    IrBlock e = blk(), x = blk(), bd = blk(), h = blk();
    br(e, h);
    condbr(h, bd, x);
    br(bd, h);
    ret(x);
    IrCfg c;
    ir_cfg_compute(f, &c);
    ck_assert_uint_eq(c.nrpo, 4);
    /* RPO: every forward edge goes from a lower to a higher index. */
    ck_assert_uint_lt(c.rpo_index[e.id], c.rpo_index[h.id]);
    ck_assert_uint_lt(c.rpo_index[h.id], c.rpo_index[bd.id]);
    ck_assert_uint_lt(c.rpo_index[h.id], c.rpo_index[x.id]);
    ck_assert_uint_eq(ir_cfg_npreds(&c, h), 2);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_cfg_duplicate_edges)
{
    IrBlock e = blk(), a = blk();
    condbr(e, a, a);
    ret(a);
    IrCfg c;
    ir_cfg_compute(f, &c);
    ck_assert_uint_eq(ir_cfg_nsuccs(&c, e), 2);
    ck_assert_uint_eq(ir_cfg_npreds(&c, a), 2);
    ck_assert_uint_eq(c.nrpo, 2);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_cfg_no_terminator_and_empty)
{
    IrCfg c;
    ir_cfg_compute(f, &c);          /* no blocks at all */
    ck_assert_uint_eq(c.nrpo, 0);
    ir_cfg_free(&c);
    IrBlock e = blk();
    (void)blk();
    ir_cfg_compute(f, &c);          /* entry without terminator */
    ck_assert_uint_eq(c.nrpo, 1);
    ck_assert_uint_eq(ir_cfg_nsuccs(&c, e), 0);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_cfg_long_chain)
{
    /* A million blocks: the DFS must not recurse. */
    enum { N = 1000000 };
    IrBlock first = blk(), x = blk(), prev = first;
    ret(x);
    for (int k = 1; k < N - 1; k++) {
        IrBlock b = blk();
        if (k == 1)
            br(prev, b);
        else
            condbr(prev, b, x);
        prev = b;
    }
    br(prev, x);
    IrCfg c;
    ir_cfg_compute(f, &c);
    ck_assert_uint_eq(c.nrpo, N);
    ck_assert_uint_eq(c.rpo[0].id, first.id);
    ck_assert_uint_eq(c.rpo[N - 1].id, x.id);
    ck_assert_uint_eq(ir_cfg_npreds(&c, x), N - 2);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_cfg_target_not_laid_out)
{
    /* An edge to a block outside the layout (invalid IR the verifier
     * reports) is dropped: the graph only has laid-out blocks. */
    IrBlock e = blk(), a = blk();
    IrBlock gone = ir_block_create(f, "gone");
    condbr(e, gone, a);
    ret(a);
    IrCfg c;
    ir_cfg_compute(f, &c);
    ck_assert_uint_eq(ir_cfg_nsuccs(&c, e), 1);
    ck_assert_uint_eq(c.succs[c.succ_start[e.id]].id, a.id);
    ck_assert_uint_eq(ir_cfg_npreds(&c, gone), 0);
    ck_assert(!ir_cfg_reachable(&c, gone));
    ck_assert_uint_eq(c.nrpo, 2);
    ir_cfg_free(&c);
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("cfg");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_cfg_diamond);
    tcase_add_test(tc, test_cfg_loop_rpo);
    tcase_add_test(tc, test_cfg_duplicate_edges);
    tcase_add_test(tc, test_cfg_no_terminator_and_empty);
    tcase_add_test(tc, test_cfg_long_chain);
    tcase_add_test(tc, test_cfg_target_not_laid_out);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
