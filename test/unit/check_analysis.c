/*
 * check_analysis.c - the analysis manager (lib/opt/analysis.c): caching,
 * dependencies, what a pass run keeps and drops, the stale-cache check;
 * and the analyses it adds: dominance frontiers and liveness against
 * their definitions on random graphs, loop nesting and preheaders.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "optutil.h"
#include "ckmain.h"

#define BIT(k) (1u << (k))

static Diag diag;
static OptCtx ctx;

static void
ctx_setup(void)
{
    setup();
    ir_diag_init(&diag, "t", "", 0, NULL);
    opt_ctx_init(&ctx, m, &diag);
}

static void
ctx_teardown(void)
{
    opt_ctx_free(&ctx);
    teardown();
}

/* e -> x, or with a diamond: e -> a | b -> x. */
static void
diamond(IrBlock *bs)
{
    for (int k = 0; k < 4; k++)
        bs[k] = blk();
    condbr(bs[0], bs[1], bs[2]);
    br(bs[1], bs[3]);
    br(bs[2], bs[3]);
    ret(bs[3]);
}

START_TEST(test_opt_am_caches)
{
    IrBlock bs[4];
    diamond(bs);
    OptAM *am = opt_am(&ctx, f);
    ck_assert_ptr_eq(opt_am(&ctx, f), am);
    ck_assert_uint_eq(opt_am_cached(am), 0);
    const IrDomTree *d = opt_am_domtree(am);
    /* The tree needs the CFG: both are cached now. */
    ck_assert_uint_eq(opt_am_cached(am),
                      BIT(OPT_AN_CFG) | BIT(OPT_AN_DOMTREE));
    ck_assert_ptr_eq(opt_am_domtree(am), d);
    ck_assert_uint_eq(d->idom[bs[3].id].id, bs[0].id);
    uint32_t n;
    const IrBlock *rpo = opt_am_rpo(am, &n);
    ck_assert_uint_eq(n, 4);
    ck_assert_uint_eq(rpo[0].id, bs[0].id);
    opt_am_loops(am);
    opt_am_domfrontier(am);
    opt_am_liveness(am);
    opt_am_alias(am);
    opt_am_preds(am);
    opt_am_uses(am);
    ck_assert_uint_eq(opt_am_cached(am), OPT_PRESERVE_ALL);
    ck_assert_str_eq(opt_analysis_name(OPT_AN_DOMFRONTIER), "domfrontier");
}
END_TEST

/* A pass that asks for the uses again gets its own changes: operands
 * change without opt_am_changed, which only block changes need. */
START_TEST(test_opt_am_uses_anew_when_asked_again)
{
    IrBlock bs[4];
    diamond(bs);
    IrInst br0 = ir_layout_terminator(f, bs[0]);
    IrValue c = f->vpool.data[ir_inst(f, br0)->args];
    OptAM *am = opt_am(&ctx, f);
    const IrUses *u = opt_am_uses(am);
    ck_assert_uint_eq(ir_uses_count(u, c), 1);
    IrBuilder b;
    ir_builder_before(&b, f, ir_layout_terminator(f, bs[3]));
    ir_build_binary(&b, IR_OP_AND, IR_T_BOOL, c, c);
    u = opt_am_uses(am);
    ck_assert_uint_eq(ir_uses_count(u, c), 3);
    ck_assert(opt_am_cached(am) & BIT(OPT_AN_USES));
}
END_TEST

START_TEST(test_opt_am_changed_drops_dependents)
{
    IrBlock bs[4];
    diamond(bs);
    OptAM *am = opt_am(&ctx, f);
    opt_am_loops(am);
    opt_am_domfrontier(am);
    opt_am_liveness(am);
    opt_am_alias(am);
    /* Keeping the loops but not the tree they come from keeps neither;
     * liveness hangs from the CFG only. */
    opt_am_changed(am, BIT(OPT_AN_CFG) | BIT(OPT_AN_LOOPS) |
                       BIT(OPT_AN_LIVENESS));
    ck_assert_uint_eq(opt_am_cached(am),
                      BIT(OPT_AN_CFG) | BIT(OPT_AN_LIVENESS));
    opt_am_changed(am, OPT_PRESERVE_ALL & ~BIT(OPT_AN_CFG));
    ck_assert_uint_eq(opt_am_cached(am), 0);
}
END_TEST

/* Fake passes: what they do is chosen by 'mode'. */
enum { ASK, CHANGE_CFG, CHANGE_CFG_ASK, CHANGE_CFG_TELL_ASK, UNCHANGED,
       KEEP_CFG };
static int mode;

/* Puts a new block on the edge into the last block. */
static void
split_last_edge(void)
{
    IrBlock e = ir_layout_entry(f);
    IrInst t = ir_layout_terminator(f, e);
    IrBlock x = ir_target(f, t, 0)->block;
    IrBlock n = ir_block_create(f, NULL);
    ir_layout_insert_block_after(f, n, e);
    ir_target(f, t, 0)->block = n;
    br(n, x);
}

static bool
fake_run(OptCtx *c, IrModule *mod)
{
    (void)mod;
    OptAM *am = opt_am(c, f);
    switch (mode) {
    case ASK:
        opt_am_loops(am);
        opt_am_alias(am);
        break;
    case CHANGE_CFG:
        opt_am_cfg(am);
        split_last_edge();
        break;
    case CHANGE_CFG_ASK:
        opt_am_cfg(am);
        split_last_edge();
        opt_am_cfg(am);         /* stale: no opt_am_changed */
        break;
    case CHANGE_CFG_TELL_ASK:
        opt_am_cfg(am);
        split_last_edge();
        opt_am_changed(am, OPT_PRESERVE_NONE);
        ck_assert_uint_eq(opt_am_cfg(am)->nrpo, 3);
        break;
    case UNCHANGED:
        opt_unchanged(c, f);
        break;
    case KEEP_CFG:
        opt_preserve(c, f, OPT_PRESERVE_CFG);
        break;
    }
    return true;
}

static OptPass
fake(unsigned preserves)
{
    return (OptPass){"fake", "test pass", fake_run, preserves};
}

START_TEST(test_opt_run_pass_drops_unpreserved)
{
    IrBlock e = blk(), x = blk();
    br(e, x);
    ret(x);
    mode = ASK;
    OptPass p = fake(OPT_PRESERVE_CFG);
    ck_assert(opt_run_pass(&ctx, &p));
    OptAM *am = opt_am(&ctx, f);
    ck_assert_uint_eq(opt_am_cached(am),
                      BIT(OPT_AN_CFG) | BIT(OPT_AN_DOMTREE) |
                      BIT(OPT_AN_LOOPS));
    p = fake(OPT_PRESERVE_NONE);
    ck_assert(opt_run_pass(&ctx, &p));
    ck_assert_uint_eq(opt_am_cached(am), 0);
}
END_TEST

START_TEST(test_opt_preserve_at_run_time)
{
    IrBlock e = blk(), x = blk();
    br(e, x);
    ret(x);
    mode = ASK;
    OptPass ask = fake(OPT_PRESERVE_ALL);
    ck_assert(opt_run_pass(&ctx, &ask));
    OptAM *am = opt_am(&ctx, f);
    unsigned all = BIT(OPT_AN_CFG) | BIT(OPT_AN_DOMTREE) |
                   BIT(OPT_AN_LOOPS) | BIT(OPT_AN_ALIAS);
    ck_assert_uint_eq(opt_am_cached(am), all);
    /* Declared: nothing kept; reported: unchanged. */
    mode = UNCHANGED;
    OptPass none = fake(OPT_PRESERVE_NONE);
    ck_assert(opt_run_pass(&ctx, &none));
    ck_assert_uint_eq(opt_am_cached(am), all);
    mode = KEEP_CFG;
    ck_assert(opt_run_pass(&ctx, &none));
    ck_assert_uint_eq(opt_am_cached(am), all & ~BIT(OPT_AN_ALIAS));
    /* A report holds for the run that made it only. */
    mode = ASK;
    ck_assert(opt_run_pass(&ctx, &none));
    ck_assert_uint_eq(opt_am_cached(am), 0);
}
END_TEST

START_TEST(test_opt_am_check_catches_wrong_declaration)
{
    IrBlock e = blk(), x = blk();
    br(e, x);
    ret(x);
    mode = CHANGE_CFG;
    OptPass liar = fake(OPT_PRESERVE_CFG);
    /* Unchecked, the lie goes unnoticed... */
    ck_assert(opt_run_pass(&ctx, &liar));
    ck_assert_int_eq(diag.nerrors, 0);
    /* ...checked, it is an error: the CFG the unchecked run left is
     * stale when the pass reuses it (the run fails), and so is the one
     * this run keeps, when it is reused.  Each time the fresh CFG
     * replaces the stale one. */
    ctx.verify_analyses = true;
    ck_assert(!opt_run_pass(&ctx, &liar));
    ck_assert_int_eq(diag.nerrors, 1);
    ck_assert_uint_eq(opt_am_cfg(opt_am(&ctx, f))->nrpo, 4);
    ck_assert_int_eq(diag.nerrors, 2);
    ck_assert_uint_eq(opt_am_cfg(opt_am(&ctx, f))->nrpo, 4);
    ck_assert_int_eq(diag.nerrors, 2);
    /* Declared kept and checked after the run, from a clean cache. */
    opt_am_changed(opt_am(&ctx, f), OPT_PRESERVE_NONE);
    ck_assert(!opt_run_pass(&ctx, &liar));
    ck_assert_int_eq(diag.nerrors, 3);
    /* The truth passes. */
    OptPass honest = fake(OPT_PRESERVE_NONE);
    ck_assert(opt_run_pass(&ctx, &honest));
    ck_assert_int_eq(diag.nerrors, 3);
}
END_TEST

START_TEST(test_opt_am_check_catches_stale_reuse)
{
    IrBlock e = blk(), x = blk();
    br(e, x);
    ret(x);
    ctx.verify_analyses = true;
    OptPass p = fake(OPT_PRESERVE_NONE);
    mode = CHANGE_CFG_TELL_ASK;
    ck_assert(opt_run_pass(&ctx, &p));
    ck_assert_int_eq(diag.nerrors, 0);
    mode = CHANGE_CFG_ASK;
    ck_assert(!opt_run_pass(&ctx, &p));
    ck_assert_int_eq(diag.nerrors, 1);
}
END_TEST

START_TEST(test_opt_loops_nesting)
{
    /* e -> o; o -> ip | done; ip -> i; i -> ib | ox; ib -> i;
     * ox -> o; plus a loop l entered from two blocks. */
    IrBlock e = blk(), o = blk(), ip = blk(), i = blk(), ib = blk();
    IrBlock ox = blk(), done = blk();
    br(e, o);
    condbr(o, ip, done);
    br(ip, i);
    condbr(i, ib, ox);
    br(ib, i);
    br(ox, o);
    ret(done);
    OptAM *am = opt_am(&ctx, f);
    const OptLoops *ls = opt_am_loops(am);
    ck_assert_uint_eq(ls->n, 2);
    const OptLoop *in = &ls->loops[0], *out = &ls->loops[1];
    ck_assert_uint_eq(in->header.id, i.id);
    ck_assert_uint_eq(in->nblocks, 2);
    ck_assert_uint_eq(in->depth, 2);
    ck_assert_uint_eq(in->parent, 2);
    ck_assert_uint_eq(in->preheader.id, ip.id);
    ck_assert_uint_eq(out->header.id, o.id);
    ck_assert_uint_eq(out->nblocks, 5);
    ck_assert_uint_eq(out->depth, 1);
    ck_assert_uint_eq(out->parent, 0);
    ck_assert_uint_eq(out->preheader.id, e.id);
    ck_assert_uint_eq(ls->innermost[ib.id], 1);
    ck_assert_uint_eq(ls->innermost[ox.id], 2);
    ck_assert_uint_eq(ls->innermost[ip.id], 2);
    ck_assert_uint_eq(ls->innermost[done.id], 0);
    ck_assert_uint_eq(ls->innermost[e.id], 0);
}
END_TEST

START_TEST(test_opt_loops_no_preheader)
{
    /* Entered from a condbr, and from two blocks. */
    IrBlock e = blk(), a = blk(), b = blk(), h = blk(), x = blk();
    condbr(e, a, b);
    br(a, h);
    br(b, h);
    condbr(h, h, x);
    ret(x);
    const OptLoops *ls = opt_am_loops(opt_am(&ctx, f));
    ck_assert_uint_eq(ls->n, 1);
    ck_assert_uint_eq(ls->loops[0].preheader.id, 0);
    teardown();
    setup();
    opt_ctx_free(&ctx);
    opt_ctx_init(&ctx, m, &diag);
    e = blk(), h = blk(), x = blk();
    condbr(e, h, x);
    condbr(h, h, x);
    ret(x);
    ls = opt_am_loops(opt_am(&ctx, f));
    ck_assert_uint_eq(ls->n, 1);
    ck_assert_uint_eq(ls->loops[0].preheader.id, 0);
}
END_TEST

/* A random function of n blocks (bs[0] the entry, never targeted). */
static IrBlock *
random_cfg(int n, IrValue *defs)
{
    IrBlock *bs = malloc(n * sizeof *bs);
    for (int k = 0; k < n; k++)
        bs[k] = blk();
    /* One value defined in each block, then uses of random values. */
    IrType i32 = {IR_TY_I32};
    for (int k = 0; k < n && defs; k++) {
        IrBuilder bu;
        ir_builder_at_end(&bu, f, bs[k]);
        defs[k] = ir_build_iconst(&bu, i32, k);
    }
    for (int k = 0; k < n && defs; k++) {
        IrBuilder bu;
        ir_builder_at_end(&bu, f, bs[k]);
        for (int u = rand() % 3; u > 0; u--)
            ir_build_binary(&bu, IR_OP_IADD, i32, defs[rand() % n],
                            defs[rand() % n]);
    }
    for (int k = 0; k < n; k++) {
        int r = rand() % 5;
        int t = 1 + rand() % (n - 1), u = 1 + rand() % (n - 1);
        if (r == 0)
            ret(bs[k]);
        else if (r <= 2 || t == u)
            br(bs[k], bs[t]);
        else
            condbr(bs[k], bs[t], bs[u]);
    }
    return bs;
}

START_TEST(test_opt_domfrontier_random)
{
    srand(4242);
    for (int round = 0; round < 200; round++) {
        ctx_teardown();
        ctx_setup();
        int n = 2 + rand() % 20;
        IrBlock *bs = random_cfg(n, NULL);
        OptAM *am = opt_am(&ctx, f);
        const IrCfg *c = opt_am_cfg(am);
        const IrDomTree *d = opt_am_domtree(am);
        const OptDomFrontier *df = opt_am_domfrontier(am);
        /* b in DF(x) iff x dominates a reachable predecessor of b but
         * does not strictly dominate b. */
        for (int i = 0; i < n; i++) {
            IrBlock x = bs[i];
            for (int j = 0; j < n; j++) {
                IrBlock b = bs[j];
                bool want = false;
                if (ir_cfg_reachable(c, x) && ir_cfg_reachable(c, b))
                    for (uint32_t e = c->pred_start[b.id];
                         e < c->pred_start[b.id + 1]; e++) {
                        IrBlock p = c->preds[e];
                        if (ir_cfg_reachable(c, p) &&
                            ir_dom_dominates(d, c, x, p) &&
                            (x.id == b.id || !ir_dom_dominates(d, c, x, b)))
                            want = true;
                    }
                uint32_t hits = 0;
                for (uint32_t k = df->start[x.id]; k < df->start[x.id + 1];
                     k++)
                    hits += df->blocks[k].id == b.id;
                ck_assert_msg(hits == (want ? 1u : 0u),
                              "round %d: %d in DF(%d): %u times, want %d",
                              round, j, i, hits, want);
            }
        }
        free(bs);
    }
}
END_TEST

START_TEST(test_opt_liveness_random)
{
    srand(777);
    for (int round = 0; round < 200; round++) {
        ctx_teardown();
        ctx_setup();
        int n = 2 + rand() % 16;
        IrValue *defs = malloc(n * sizeof *defs);
        IrBlock *bs = random_cfg(n, defs);
        OptAM *am = opt_am(&ctx, f);
        const IrCfg *c = opt_am_cfg(am);
        const OptLiveness *lv = opt_am_liveness(am);
        /* Iterative data flow over the value-by-block matrix:
         * in = use ∪ (out − def), out = ∪ in(succ). */
        uint32_t nb = c->nblocks;
        bool *use = calloc((size_t)nb * n, 1);
        bool *in = calloc((size_t)nb * n, 1);
        bool *out = calloc((size_t)nb * n, 1);
        for (int k = 0; k < n; k++) {
            IR_FOR_INSTS(f, bs[k], i) {
                IrInstData *id = ir_inst(f, i);
                if (id->op != IR_OP_IADD)
                    continue;
                for (int a = 0; a < 2; a++) {
                    IrValue v = ir_inst_arg(f, i, a);
                    for (int x = 0; x < n; x++)
                        if (defs[x].id == v.id && x != k)
                            use[bs[k].id * n + x] = true;
                }
            }
        }
        for (bool again = true; again;) {
            again = false;
            for (int k = 0; k < n; k++) {
                IrBlock b = bs[k];
                for (int x = 0; x < n; x++) {
                    bool o = false;
                    for (uint32_t e = c->succ_start[b.id];
                         e < c->succ_start[b.id + 1]; e++)
                        o |= in[c->succs[e].id * n + x];
                    bool i2 = use[b.id * n + x] || (o && x != k);
                    if (o != out[b.id * n + x] || i2 != in[b.id * n + x])
                        again = true;
                    out[b.id * n + x] = o;
                    in[b.id * n + x] = i2;
                }
            }
        }
        for (int k = 0; k < n; k++)
            for (int x = 0; x < n; x++) {
                ck_assert_msg(opt_live_in(lv, bs[k], defs[x]) ==
                              in[bs[k].id * n + x],
                              "round %d: v%d live into b%d", round, x, k);
                ck_assert_msg(opt_live_out(lv, bs[k], defs[x]) ==
                              out[bs[k].id * n + x],
                              "round %d: v%d live out of b%d", round, x, k);
            }
        free(use);
        free(in);
        free(out);
        free(defs);
        free(bs);
    }
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("analysis");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, ctx_setup, ctx_teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_opt_am_caches);
    tcase_add_test(tc, test_opt_am_uses_anew_when_asked_again);
    tcase_add_test(tc, test_opt_am_changed_drops_dependents);
    tcase_add_test(tc, test_opt_run_pass_drops_unpreserved);
    tcase_add_test(tc, test_opt_preserve_at_run_time);
    tcase_add_test(tc, test_opt_am_check_catches_wrong_declaration);
    tcase_add_test(tc, test_opt_am_check_catches_stale_reuse);
    tcase_add_test(tc, test_opt_loops_nesting);
    tcase_add_test(tc, test_opt_loops_no_preheader);
    tcase_add_test(tc, test_opt_domfrontier_random);
    tcase_add_test(tc, test_opt_liveness_random);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
