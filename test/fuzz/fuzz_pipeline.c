/*
 * fuzz_pipeline.c - libFuzzer harness for the whole compiler (make fuzz):
 * parse -> verify -> siropt -O2 -> x86-64 code generation.
 *
 * Inputs that do not parse or verify are rejected (return 0): only the
 * reader's robustness is at stake there, and fuzz_parse covers it.  A
 * module that verifies is the tools' contract, so from there on nothing
 * may crash, hang or trip a sanitizer, and:
 *   - every pass of -O2 must leave a valid module and a correct
 *     analysis cache (the pass manager verifies both after each pass,
 *     as siropt --verify-each, so the report names the pass);
 *   - the optimized module must print to text that parses and verifies
 *     again (spec section 11);
 *   - the code generator must produce assembly, or refuse with a
 *     diagnostic (its documented limits: frame sizes, win64 ...).
 * SIR_FUZZ_PASSES (below) replaces -O2 by another pass list.
 * The assembly goes to a FILE that discards it; 'as' is never run.
 * Diagnostics of the input's own errors and the code generator's
 * refusals are counted but not printed; those of the passes go to stderr,
 * before abort() makes libFuzzer keep the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "opt.h"
#include "cg.h"
#include "target.h"

static ssize_t
null_write(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    (void)buf;
    return (ssize_t)n;
}

/* A stream that accepts and drops everything, without system calls. */
static FILE *
null_stream(void)
{
    static FILE *fp;

    if (!fp) {
        fp = fopencookie(NULL, "w", (cookie_io_functions_t){
                                         .write = null_write});
        if (!fp)
            abort();
    }
    return fp;
}

static void
fail(const char *what, IrModule *m)
{
    fprintf(stderr, "fuzz_pipeline: %s\n", what);
    if (m) {
        fputs("--- module\n", stderr);
        ir_print_module(m, stderr);
        fputs("---\n", stderr);
    }
    abort();
}

/* The optimized module must print to text the reader accepts again. */
static void
check_reprint(IrModule *m)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&buf, &len);
    Diag d;
    IrModule *m2;

    if (!fp)
        abort();
    ir_print_module(m, fp);
    if (fclose(fp) != 0)
        abort();
    ir_diag_init(&d, "optimized.sir", buf, len, stderr);
    m2 = ir_parse(buf, len, &d);
    if (!m2 || d.nerrors)
        fail("the optimized module does not parse again", m);
    if (!ir_verify_module(m2, &d))
        fail("the optimized module does not verify after printing", m);
    ir_module_free(m2);
    free(buf);
}

/* SIR_FUZZ_PASSES="p1,p2,...": run these passes instead of -O2, e.g.
 * to hand passes that -O2 runs late the raw input. */
static const char *passes;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    passes = getenv("SIR_FUZZ_PASSES");
    if (passes && !*passes)
        passes = NULL;
    if (passes) {
        for (const char *p = passes; *p;) {
            const char *e = strchr(p, ',');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            char name[64];
            if (n == 0 || n >= sizeof name) {
                fprintf(stderr, "fuzz_pipeline: bad SIR_FUZZ_PASSES\n");
                exit(2);
            }
            memcpy(name, p, n);
            name[n] = '\0';
            if (!opt_find_pass(name)) {
                fprintf(stderr, "fuzz_pipeline: unknown pass '%s'\n", name);
                exit(2);
            }
            p += n + (e != NULL);
        }
        fprintf(stderr, "fuzz_pipeline: passes %s\n", passes);
    }
    return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Diag d;
    IrModule *m;
    OptCtx ctx;
    char *src;
    bool ok;

    /* The reader gets a NUL-terminated copy, as ir_read_file gives. */
    src = malloc(size + 1);
    if (!src)
        return 0;
    memcpy(src, data, size);
    src[size] = '\0';

    ir_diag_init(&d, "fuzz.sir", src, size, NULL);
    m = ir_parse(src, size, &d);
    if (!m || d.nerrors || !ir_verify_module(m, &d)) {
        ir_module_free(m);
        free(src);
        return 0;
    }

    /* From here on a diagnostic of the passes is a finding: show it. */
    d.out = stderr;
    opt_ctx_init(&ctx, m, &d);
    ctx.verify_each = true;
    ctx.verify_analyses = true;
    ok = passes ? opt_run_pipeline(&ctx, passes) : opt_run_level(&ctx, 2);
    opt_ctx_free(&ctx);
    if (!ok)
        fail("the passes failed on a valid module", NULL);
    if (!ir_verify_module(m, &d))
        fail("the module is invalid after the passes", m);
    check_reprint(m);

    CgOptions co = {
        .target = &x64_linux_target,
        .emit = CG_EMIT_ASM,
        .file = "fuzz.sir",
    };
    /* A refusal by the code generator is counted, not printed: inputs
     * with huge stack slots hit its limits all the time. */
    d.out = NULL;
    int errs = d.nerrors;
    if (!cg_compile(m, &co, null_stream(), &d) && d.nerrors == errs)
        fail("code generation failed without a diagnostic", m);
    fflush(null_stream());

    ir_module_free(m);
    free(src);
    return 0;
}
