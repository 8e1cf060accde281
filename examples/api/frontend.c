/*
 * frontend.c - the smallest front end on libsir: it builds a function
 * with the builder, verifies the module, optimizes it at -O2 and writes
 * an object file for the host, which a C program links and calls.
 *
 *   cc $(pkg-config --cflags sir) frontend.c $(pkg-config --libs sir)
 *   ./a.out fact.o && cc main.c fact.o && ./a.out
 *
 * The function it builds is the factorial of the SIR reference:
 *
 *   fn i64 @fact(i64) {
 *   entry(i64 %n):
 *     %one = iconst i64 1
 *     br loop(i64 %n, i64 %one)
 *
 *   loop(i64 %x, i64 %acc):
 *     %done = icmp sle i64 %x, %one
 *     condbr bool %done, exit(i64 %acc), body
 *
 *   body:
 *     %acc2 = imul i64 %acc, %x
 *     %x2 = isub i64 %x, %one
 *     br loop(i64 %x2, i64 %acc2)
 *
 *   exit(i64 %r):
 *     ret i64 %r
 *   }
 *
 * It prints the module after -O2 to standard output.
 * The file is C11 and also C++ (the install test builds it both ways).
 */
#include <sir/ir.h>
#include <sir/opt.h>
#include <sir/cg.h>
#include <sir/target.h>

#include <stdio.h>
#include <string.h>

static uint32_t
name(IrModule *m, const char *s)
{
    return ir_intern(m, s, strlen(s));
}

/* Builds @fact into m. */
static void
build_fact(IrModule *m)
{
    IrType i64 = IR_T_I64;
    IrParam param;
    memset(&param, 0, sizeof param);
    param.ty = i64;
    IrSig sig = ir_sig_intern(m, i64, 0, IR_CONV_CCC, false, &param, 1);
    IrFunc *f = ir_func_define(m, ir_func_declare(m, "fact", sig));

    /* Blocks are created, then laid out in the order they print. */
    IrBlock entry = ir_block_create(f, "entry");
    IrBlock loop = ir_block_create(f, "loop");
    IrBlock body = ir_block_create(f, "body");
    IrBlock exit = ir_block_create(f, "exit");
    ir_layout_append_block(f, entry);
    ir_layout_append_block(f, loop);
    ir_layout_append_block(f, body);
    ir_layout_append_block(f, exit);

    /* The entry block's parameters are the function's. */
    IrValue n = ir_block_add_param(f, entry, i64, name(m, "n"));
    IrValue x = ir_block_add_param(f, loop, i64, name(m, "x"));
    IrValue acc = ir_block_add_param(f, loop, i64, name(m, "acc"));
    IrValue r = ir_block_add_param(f, exit, i64, name(m, "r"));

    IrBuilder b;
    ir_builder_at_end(&b, f, entry);
    IrValue one = ir_build_iconst(&b, i64, 1);
    IrValue start[2] = {n, one};
    ir_build_br(&b, loop, start, 2);

    ir_builder_at_end(&b, f, loop);
    IrValue done = ir_build_icmp(&b, IR_PRED_SLE, i64, x, one);
    ir_build_condbr(&b, done, exit, &acc, 1, body, NULL, 0);

    ir_builder_at_end(&b, f, body);
    IrValue acc2 = ir_build_binary(&b, IR_OP_IMUL, i64, acc, x);
    IrValue x2 = ir_build_binary(&b, IR_OP_ISUB, i64, x, one);
    IrValue next[2] = {x2, acc2};
    ir_build_br(&b, loop, next, 2);

    ir_builder_at_end(&b, f, exit);
    ir_build_ret(&b, r);
}

int
main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: frontend OUTPUT.o\n");
        return 2;
    }
    IrModule *m = ir_module_new();
    Diag d;
    ir_diag_init(&d, "<fact>", NULL, 0, stderr);
    build_fact(m);

    /* The verifier reports every broken rule to d. */
    if (!ir_verify_module(m, &d))
        return 1;

    OptCtx opt;
    opt_ctx_init(&opt, m, &d);
    opt.verify_each = true;
    bool ok = opt_run_level(&opt, 2);
    opt_ctx_free(&opt);
    if (!ok)
        return 1;
    ir_print_module(m, stdout);

    /* An object for the host (tgt_find(NULL)), written by the library. */
    CgOptions cg;
    memset(&cg, 0, sizeof cg);
    cg.target = tgt_find(NULL);
    cg.optlevel = 2;
    cg.file = "fact.sir";
    FILE *out = fopen(argv[1], "wb");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    ok = cg_compile_obj(m, &cg, out, &d);
    if (fclose(out) != 0)
        ok = false;
    ir_module_free(m);
    return ok ? 0 : 1;
}
