/*
 * check_dom.c - the dominator tree (lib/ir/dom.c): hand-made shapes, a
 * long chain, and random graphs compared with a naive data-flow
 * solution.
 */
#include <check.h>
#include <stdlib.h>

#include "fixture.h"
#include "ckmain.h"

static bool
dom(IrDomTree *d, IrCfg *c, IrBlock a, IrBlock b)
{
    return ir_dom_dominates(d, c, a, b);
}

START_TEST(test_dom_diamond)
{
    IrBlock e = blk(), a = blk(), b = blk(), j = blk(), u = blk();
    condbr(e, a, b);
    br(a, j);
    br(b, j);
    ret(j);
    br(u, j);
    IrCfg c;
    IrDomTree d;
    ir_cfg_compute(f, &c);
    ir_dom_compute(f, &c, &d);
    ck_assert_uint_eq(d.idom[e.id].id, 0);
    ck_assert_uint_eq(d.idom[a.id].id, e.id);
    ck_assert_uint_eq(d.idom[b.id].id, e.id);
    ck_assert_uint_eq(d.idom[j.id].id, e.id);
    ck_assert_uint_eq(d.idom[u.id].id, 0);
    ck_assert(dom(&d, &c, e, j));
    ck_assert(dom(&d, &c, j, j));
    ck_assert(!dom(&d, &c, a, j));
    ck_assert(!dom(&d, &c, j, a));
    /* Every block dominates an unreachable one, which dominates only
     * unreachable ones. */
    ck_assert(dom(&d, &c, a, u));
    ck_assert(dom(&d, &c, u, u));
    ck_assert(!dom(&d, &c, u, e));
    ck_assert(!dom(&d, &c, (IrBlock){0}, e));
    /* children of the entry: a, b, j in RPO order */
    ck_assert_uint_eq(d.child_start[e.id + 1] - d.child_start[e.id], 3);
    ck_assert_uint_eq(d.child_start[a.id + 1] - d.child_start[a.id], 0);
    ir_dom_free(&d);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_dom_loop_and_irreducible)
{
    /* entry -> h; h -> body | x; body -> h | y; y -> z; z -> y | x
     * (y/z is an irreducible pair only if entered twice: add e2) */
    IrBlock e = blk(), h = blk(), bd = blk(), x = blk(), y = blk(), z = blk();
    br(e, h);
    condbr(h, bd, x);
    condbr(bd, h, y);
    br(y, z);
    condbr(z, y, x);
    ret(x);
    IrCfg c;
    IrDomTree d;
    ir_cfg_compute(f, &c);
    ir_dom_compute(f, &c, &d);
    ck_assert_uint_eq(d.idom[h.id].id, e.id);
    ck_assert_uint_eq(d.idom[bd.id].id, h.id);
    ck_assert_uint_eq(d.idom[x.id].id, h.id);
    ck_assert_uint_eq(d.idom[y.id].id, bd.id);
    ck_assert_uint_eq(d.idom[z.id].id, y.id);
    ck_assert(dom(&d, &c, h, z));
    ck_assert(!dom(&d, &c, bd, x));
    ir_dom_free(&d);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_dom_irreducible)
{
    /* entry -> a | b; a -> b | x; b -> a */
    IrBlock e = blk(), a = blk(), b = blk(), x = blk();
    condbr(e, a, b);
    condbr(a, b, x);
    br(b, a);
    ret(x);
    IrCfg c;
    IrDomTree d;
    ir_cfg_compute(f, &c);
    ir_dom_compute(f, &c, &d);
    ck_assert_uint_eq(d.idom[a.id].id, e.id);
    ck_assert_uint_eq(d.idom[b.id].id, e.id);
    ck_assert_uint_eq(d.idom[x.id].id, a.id);
    ir_dom_free(&d);
    ir_cfg_free(&c);
}
END_TEST

/* The shapes that make the textbook intersect order quadratic: a chain
 * of condbrs that all reach one exit, and a loop with a 'continue' edge
 * from every block of a long body.  Must finish quickly. */
START_TEST(test_dom_long_chains)
{
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
    IrDomTree d;
    ir_cfg_compute(f, &c);
    ir_dom_compute(f, &c, &d);
    ck_assert_uint_eq(d.idom[x.id].id, c.rpo[1].id);
    ck_assert_uint_eq(d.idom[prev.id].id, c.rpo[N - 3].id);
    ck_assert(dom(&d, &c, first, prev));
    ck_assert(!dom(&d, &c, prev, x));
    ir_dom_free(&d);
    ir_cfg_free(&c);
}
END_TEST

START_TEST(test_dom_loop_continues)
{
    enum { N = 300000 };
    IrBlock e = blk(), h = blk(), x = blk(), prev = h;
    br(e, h);
    ret(x);
    IrBlock b1 = blk();
    condbr(h, b1, x);
    prev = b1;
    for (int k = 0; k < N; k++) {
        IrBlock b = blk();
        condbr(prev, b, h);     /* continue */
        prev = b;
    }
    br(prev, h);
    IrCfg c;
    IrDomTree d;
    ir_cfg_compute(f, &c);
    ir_dom_compute(f, &c, &d);
    ck_assert_uint_eq(d.idom[h.id].id, e.id);
    ck_assert_uint_eq(d.idom[x.id].id, h.id);
    ck_assert(dom(&d, &c, b1, prev));
    ir_dom_free(&d);
    ir_cfg_free(&c);
}
END_TEST

/* Random graphs against the definition: D dominates B iff B is not
 * reachable from the entry once D is removed (D != B). */
static bool
reach_without(IrCfg *c, IrBlock entry, IrBlock skip, IrBlock target,
              uint32_t nb)
{
    if (entry.id == skip.id)
        return false;
    bool *seen = calloc(nb, 1);
    uint32_t *st = malloc(nb * sizeof *st), sp = 0;
    st[sp++] = entry.id;
    seen[entry.id] = true;
    bool found = false;
    while (sp) {
        uint32_t b = st[--sp];
        if (b == target.id)
            found = true;
        for (uint32_t e = c->succ_start[b]; e < c->succ_start[b + 1]; e++) {
            uint32_t s = c->succs[e].id;
            if (s != skip.id && !seen[s]) {
                seen[s] = true;
                st[sp++] = s;
            }
        }
    }
    free(seen);
    free(st);
    return found;
}

START_TEST(test_dom_random)
{
    srand(12345);
    for (int round = 0; round < 200; round++) {
        teardown();
        setup();
        int n = 2 + rand() % 24;
        IrBlock *bs = malloc(n * sizeof *bs);
        for (int k = 0; k < n; k++)
            bs[k] = blk();
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
        IrCfg c;
        IrDomTree d;
        ir_cfg_compute(f, &c);
        ir_dom_compute(f, &c, &d);
        uint32_t nb = c.nblocks;
        for (int i = 0; i < n; i++) {
            bool ri = ir_cfg_reachable(&c, bs[i]);
            for (int j = 0; j < n; j++) {
                bool rj = ir_cfg_reachable(&c, bs[j]);
                bool want;
                if (!rj)
                    want = true;
                else if (!ri)
                    want = false;
                else
                    want = i == j ||
                           !reach_without(&c, bs[0], bs[i], bs[j], nb);
                ck_assert_msg(dom(&d, &c, bs[i], bs[j]) == want,
                              "round %d: dom(%d, %d) should be %d", round,
                              i, j, want);
            }
            /* idom(i) dominates i, and is dominated by every other strict
             * dominator of i. */
            IrBlock id = d.idom[bs[i].id];
            if (!ri || i == 0) {
                ck_assert_uint_eq(id.id, 0);
                continue;
            }
            ck_assert(dom(&d, &c, id, bs[i]) && id.id != bs[i].id);
            for (int j = 0; j < n; j++)
                if (j != i && ir_cfg_reachable(&c, bs[j]) &&
                    dom(&d, &c, bs[j], bs[i]))
                    ck_assert(dom(&d, &c, bs[j], id));
        }
        ir_dom_free(&d);
        ir_cfg_free(&c);
        free(bs);
    }
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("dom");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_dom_diamond);
    tcase_add_test(tc, test_dom_loop_and_irreducible);
    tcase_add_test(tc, test_dom_irreducible);
    tcase_add_test(tc, test_dom_long_chains);
    tcase_add_test(tc, test_dom_loop_continues);
    tcase_add_test(tc, test_dom_random);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
