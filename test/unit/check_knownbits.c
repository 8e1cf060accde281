/*
 * check_knownbits.c - the known-bits rules (lib/opt/knownbits.c) are
 * sound: for random partial facts about i8 (and bool) operands, every
 * operand value the facts allow, folded exactly as the spec defines the
 * operation (opt_fold), gives a result that agrees with each bit the
 * rule claims.  And a condition's fact holds for every value making
 * the condition true (or false).
 */
#include <check.h>
#include <stdlib.h>

#include "fixture.h"
#include "optutil.h"
#include "ckmain.h"

/* A small deterministic generator (the test must not depend on libc's
 * rand). */
static uint64_t rng = 88172645463325252u;

static uint64_t
next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random fact over w bits: each bit known with probability 1/2, and
 * sometimes all of them (a constant). */
static OptKnown
random_fact(unsigned w)
{
    uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
    uint64_t val = next() & m;
    uint64_t known = (next() % 4 == 0) ? m : next() & m;
    return (OptKnown){known & ~val, known & val};
}

static bool
allows(OptKnown k, uint64_t v)
{
    return !(v & k.zero) && (v & k.one) == k.one;
}

/* A builder at the end of a new block. */
static void
start(IrBuilder *bu)
{
    ir_builder_at_end(bu, f, blk());
}

static IrValue
param_value(IrType t)
{
    return ir_value_create(f, t, 0);
}

/* Checks the rule of i (operands of types ta, tb, tc as given; n of
 * them) against opt_fold on `rounds` random facts. */
static void
check_rule(IrInst i, unsigned n, const unsigned *w, unsigned rw, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        OptKnown k[3];
        for (unsigned x = 0; x < n; x++)
            k[x] = random_fact(w[x]);
        OptKnown res = opt_known_op(f, i, k);
        uint64_t rm = rw >= 64 ? ~0ull : (1ull << rw) - 1;
        ck_assert_uint_eq(res.zero & res.one, 0);
        ck_assert_uint_eq((res.zero | res.one) & ~rm, 0);
        uint64_t lim[3] = {1, 1, 1};
        for (unsigned x = 0; x < n; x++)
            lim[x] = 1ull << w[x];
        uint64_t args[3];
        for (args[0] = 0; args[0] < lim[0]; args[0]++) {
            if (n > 0 && !allows(k[0], args[0]))
                continue;
            for (args[1] = 0; args[1] < lim[1]; args[1]++) {
                if (n > 1 && !allows(k[1], args[1]))
                    continue;
                for (args[2] = 0; args[2] < lim[2]; args[2]++) {
                    if (n > 2 && !allows(k[2], args[2]))
                        continue;
                    uint64_t out;
                    if (!opt_fold(f, i, args, &out))
                        continue;
                    if (!allows(res, out & rm))
                        ck_abort_msg("%s: args %llx %llx %llx facts "
                                     "(%llx/%llx) (%llx/%llx) gives %llx, "
                                     "claimed zero %llx one %llx",
                                     ir_op_info[ir_inst_op(f, i)].name,
                                     (unsigned long long)args[0],
                                     (unsigned long long)args[1],
                                     (unsigned long long)args[2],
                                     (unsigned long long)k[0].zero,
                                     (unsigned long long)k[0].one,
                                     (unsigned long long)k[1].zero,
                                     (unsigned long long)k[1].one,
                                     (unsigned long long)out,
                                     (unsigned long long)res.zero,
                                     (unsigned long long)res.one);
                }
            }
        }
    }
}

START_TEST(test_binary_rules)
{
    static const IrOpcode ops[] = {
        IR_OP_AND, IR_OP_OR, IR_OP_XOR, IR_OP_SHL, IR_OP_LSHR, IR_OP_ASHR,
        IR_OP_IADD, IR_OP_ISUB, IR_OP_IMUL,
    };
    IrBuilder bu;
    start(&bu);
    IrValue x = param_value(IR_T_I8), y = param_value(IR_T_I8);
    unsigned w[2] = {8, 8};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        IrValue r = ir_build_binary(&bu, ops[k], IR_T_I8, x, y);
        check_rule(opt_def_inst(f, r), 2, w, 8, 300);
    }
    IrValue p = param_value(IR_T_BOOL), q = param_value(IR_T_BOOL);
    unsigned wb[2] = {1, 1};
    for (size_t k = 0; k < 3; k++) {
        IrValue r = ir_build_binary(&bu, ops[k], IR_T_BOOL, p, q);
        check_rule(opt_def_inst(f, r), 2, wb, 1, 50);
    }
}
END_TEST

START_TEST(test_compare_rules)
{
    static const IrPred preds[] = {
        IR_PRED_EQ, IR_PRED_NE, IR_PRED_UGT, IR_PRED_UGE, IR_PRED_ULT,
        IR_PRED_ULE, IR_PRED_SGT, IR_PRED_SGE, IR_PRED_SLT, IR_PRED_SLE,
    };
    IrBuilder bu;
    start(&bu);
    IrValue x = param_value(IR_T_I8), y = param_value(IR_T_I8);
    unsigned w[2] = {8, 8};
    for (size_t k = 0; k < sizeof preds / sizeof preds[0]; k++) {
        IrValue r = ir_build_icmp(&bu, preds[k], IR_T_I8, x, y);
        check_rule(opt_def_inst(f, r), 2, w, 1, 400);
    }
    /* Facts known outright decide a comparison. */
    IrValue r = ir_build_icmp(&bu, IR_PRED_ULT, IR_T_I8, x, y);
    OptKnown k[2] = {opt_known_const(IR_T_I8, 3), {0xf0, 0x04}};
    OptKnown res = opt_known_op(f, opt_def_inst(f, r), k);
    ck_assert_uint_eq(res.one, 1);
    IrValue c = param_value(IR_T_BOOL);
    IrValue s = ir_build_sel(&bu, IR_T_I8, c, x, y);
    unsigned ws[3] = {1, 8, 8};
    check_rule(opt_def_inst(f, s), 3, ws, 8, 200);
}
END_TEST

START_TEST(test_cast_rules)
{
    IrBuilder bu;
    start(&bu);
    IrValue x = param_value(IR_T_I8), h = param_value(IR_T_I16);
    IrValue p = param_value(IR_T_BOOL);
    unsigned w8[1] = {8}, w16[1] = {16}, w1[1] = {1};
    IrValue r = ir_build_cast(&bu, IR_OP_ZEXT, IR_T_I16, x);
    check_rule(opt_def_inst(f, r), 1, w8, 16, 200);
    r = ir_build_cast(&bu, IR_OP_SEXT, IR_T_I16, x);
    check_rule(opt_def_inst(f, r), 1, w8, 16, 200);
    r = ir_build_cast(&bu, IR_OP_TRUNC, IR_T_I8, h);
    check_rule(opt_def_inst(f, r), 1, w16, 8, 20);
    r = ir_build_cast(&bu, IR_OP_ITOB, IR_T_BOOL, x);
    check_rule(opt_def_inst(f, r), 1, w8, 1, 200);
    r = ir_build_cast(&bu, IR_OP_BTOI, IR_T_I8, p);
    check_rule(opt_def_inst(f, r), 1, w1, 8, 20);
}
END_TEST

/* `icmp eq/ne (and v, M), K` or `icmp eq/ne v, K` being 'truth' claims
 * bits of v that every such v has. */
START_TEST(test_condition_facts)
{
    IrBuilder bu;
    start(&bu);
    IrValue v = param_value(IR_T_I8);
    for (int r = 0; r < 400; r++) {
        uint64_t mval = next() & 0xff, kval = next() & 0xff;
        if (r % 3 == 0)
            kval &= mval;       /* satisfiable more often */
        if (r % 5 == 0)
            mval = 1ull << (next() % 8), kval &= mval;
        IrValue mk = ir_build_iconst(&bu, IR_T_I8, mval);
        IrValue kk = ir_build_iconst(&bu, IR_T_I8, kval);
        bool masked = r % 4 != 0;
        IrValue a = masked ? ir_build_binary(&bu, IR_OP_AND, IR_T_I8, v, mk)
                           : v;
        IrPred p = next() & 1 ? IR_PRED_EQ : IR_PRED_NE;
        IrValue c = next() & 1 ? ir_build_icmp(&bu, p, IR_T_I8, a, kk)
                               : ir_build_icmp(&bu, p, IR_T_I8, kk, a);
        for (int truth = 0; truth < 2; truth++) {
            OptKnown k = opt_known_from_cond(f, c, truth, v);
            for (uint64_t x = 0; x < 256; x++) {
                uint64_t av = masked ? (x & mval) : x;
                bool holds = (av == kval) == (p == IR_PRED_EQ);
                if (holds == (bool)truth && !allows(k, x))
                    ck_abort_msg("v = %llx breaks the fact of "
                                 "(v & %llx) %s %llx == %d",
                                 (unsigned long long)x,
                                 (unsigned long long)mval,
                                 p == IR_PRED_EQ ? "==" : "!=",
                                 (unsigned long long)kval, truth);
            }
        }
    }
}
END_TEST

static Suite *
suite(void)
{
    Suite *s = suite_create("knownbits");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_binary_rules);
    tcase_add_test(tc, test_compare_rules);
    tcase_add_test(tc, test_cast_rules);
    tcase_add_test(tc, test_condition_facts);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    return ck_main(suite());
}
