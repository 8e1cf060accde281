/*
 * siri - run a SIR module in the interpreter (the test oracle).
 *
 *   siri [options] file.sir [args...]       run @main, exit with its result
 *   siri [options] -e @f file.sir [values]  call @f, print its result
 *
 * The module is parsed and verified first; its errors are reported with
 * their location and siri exits with status 1.  Undefined behaviour met
 * while running stops the program with a located error and status 70
 * (IR_INTERP_UB), unless --no-check-ub is given.
 */
#include "ir.h"
#include "opt.h"
#include "interp.h"
#include "cli.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <string.h>

static const char usage[] =
    "usage: siri [options] file.sir [args...]\n"
    "       siri [options] -e FUNC file.sir [values...]\n"
    "\n"
    "Runs @main of a SIR module (as i32 () or i32 (i32, ptr) with argc\n"
    "and argv) and exits with its result, or calls FUNC with the values\n"
    "given (one per parameter) and prints its result.\n"
    "\n"
    "options:\n"
    "  -e, --entry FUNC   call FUNC (with or without '@') and print the "
    "result\n"
    "  --check-ub         stop on undefined behaviour, status 70 "
    "(default)\n"
    "  --no-check-ub      do not check for undefined behaviour\n"
    "  --lint-undef       also stop on branches on undef and on addresses\n"
    "                     computed from undef (status 70)\n"
    "  --load=LIB.so      load a shared library for external symbols\n"
    "  --driver=LIB.so    load LIB.so, point its __sir_ptr_NAME variables\n"
    "                     at the SIR functions NAME and run its main\n"
    "  --driver-stubs[=ARCH]  print the stubs such a library is linked\n"
    "                     with, for x86_64 or aarch64 (default: this\n"
    "                     machine's; see siri(1))\n"
    "  --stack-size=N     bytes for stack slots and alloca (default 256M)\n"
    "  --max-depth=N      call depth limit (default 1048576)\n"
    "  -p PASS,PASS...    run these siropt passes first (verifying after\n"
    "                     each), as siropt -p ... | siri - would\n"
    "  -O1, -O2, -O3      run that siropt pipeline first\n"
    "  -h, --help         this text\n"
    "  --version          print the version\n"
    CLI_DIAG_HELP;

/* -p and -O: the passes run in process, saving the differential tests
 * a siropt process and a second parse per configuration.  Each pass is
 * verified after, and the analyses it kept checked, as siropt
 * --verify-each does. */
static bool
optimize(IrModule *m, Diag *d, int level, const char *passes)
{
    OptCtx ctx;
    opt_ctx_init(&ctx, m, d);
    ctx.verify_each = true;
    ctx.verify_analyses = true;
    bool ok = true;
    if (level)
        ok = opt_run_level(&ctx, level);
    if (ok && passes)
        ok = opt_run_pipeline(&ctx, passes);
    opt_ctx_free(&ctx);
    return ok && d->nerrors == 0;
}

/* A value for a parameter of type t; false if the text is not one. */
static bool
parse_value(const char *s, IrType t, uint64_t *out)
{
    char *end;
    errno = 0;
    if (t.id == IR_TY_BOOL) {
        if (!strcmp(s, "true") || !strcmp(s, "1"))
            *out = 1;
        else if (!strcmp(s, "false") || !strcmp(s, "0"))
            *out = 0;
        else
            return false;
        return true;
    }
    if (ir_type_is_float(t)) {
        bool f32 = t.id == IR_TY_F32;
        size_t n = strlen(s);
        if (s[0] == '0' && s[1] == 'f' && n == (f32 ? 10u : 18u)) {
            *out = strtoull(s + 2, &end, 16);
            return *end == 0 && errno == 0;
        }
        if (!strcmp(s, "NaN")) {
            *out = f32 ? 0x7FC00000u : UINT64_C(0x7FF8000000000000);
            return true;
        }
        if (f32) {
            float x = strtof(s, &end);  /* rounded once, to binary32 */
            uint32_t b;
            memcpy(&b, &x, 4);
            *out = b;
        } else {
            double x = strtod(s, &end);
            memcpy(out, &x, 8);
        }
        return end != s && *end == 0;
    }
    if (!ir_type_is_int(t) && t.id != IR_TY_PTR)
        return false;
    unsigned w = ir_type_bits(t);
    bool neg = s[0] == '-';
    const char *p = neg ? s + 1 : s;
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        base = 16, p += 2;
    else if (p[0] == '0' && p[1] == 'b')
        base = 2, p += 2;
    else if (p[0] == '0' && p[1] == 'o')
        base = 8, p += 2;
    if (!*p || *p == '-' || *p == '+')
        return false;
    uint64_t v = strtoull(p, &end, base);
    if (*end || errno)
        return false;
    if (w < 64) {
        uint64_t lim = neg ? UINT64_C(1) << (w - 1) : (UINT64_C(1) << w) - 1;
        if (v > lim)
            return false;
    } else if (neg && v > UINT64_C(1) << 63) {
        return false;
    }
    if (neg)
        v = 0 - v;
    *out = w < 64 ? v & ((UINT64_C(1) << w) - 1) : v;
    return true;
}

static bool
looks_like_value(const char *s)
{
    if (!strcmp(s, "true") || !strcmp(s, "false") || !strcmp(s, "NaN"))
        return true;
    char *end;
    (void)strtod(s, &end);
    if (end != s && *end == 0)
        return true;
    const char *p = s[0] == '-' ? s + 1 : s;
    return p[0] == '0' && (p[1] == 'x' || p[1] == 'b' || p[1] == 'o' ||
                           p[1] == 'f');
}

static void
print_value(IrModule *m, IrType t, const uint8_t *p, FILE *out)
{
    uint64_t v = 0;
    char buf[64];
    switch (ir_type_kind(m, t)) {
    case IR_TY_VOID:
        return;
    case IR_TY_BOOL:
        fputs(p[0] & 1 ? "true" : "false", out);
        return;
    case IR_TY_I8: case IR_TY_I16: case IR_TY_I32: case IR_TY_I64: {
        unsigned w = ir_type_bits(t);
        memcpy(&v, p, w / 8);
        int64_t s = w < 64 ? (int64_t)(v << (64 - w)) >> (64 - w)
                           : (int64_t)v;
        fprintf(out, "%lld", (long long)s);
        return;
    }
    case IR_TY_F32:
        memcpy(&v, p, 4);
        fputs(ir_float_format(v, true, buf), out);
        return;
    case IR_TY_F64:
        memcpy(&v, p, 8);
        fputs(ir_float_format(v, false, buf), out);
        return;
    case IR_TY_PTR:
        memcpy(&v, p, 8);
        fprintf(out, "0x%llx", (unsigned long long)v);
        return;
    case IR_TY_ARRAY:
    case IR_TY_STRUCT: {
        bool arr = ir_type_kind(m, t) == IR_TY_ARRAY;
        uint64_t n = ir_type_nmembers(m, t);
        if (n == 0) {
            fputs(arr ? "[]" : "{}", out);
            return;
        }
        fputs(arr ? "[" : "{ ", out);
        for (uint64_t k = 0; k < n; k++) {
            if (k)
                fputs(", ", out);
            print_value(m, ir_type_member(m, t, k),
                        p + ir_type_offset(m, t, k), out);
        }
        fputs(arr ? "]" : " }", out);
        return;
    }
    }
}

static IrSym
find_func(IrModule *m, const char *name)
{
    if (name[0] == '@')
        name++;
    uint32_t id = ir_str_find(m, name, strlen(name));
    IrSym s = id ? ir_sym_lookup(m, id) : (IrSym){0};
    if (s.id && ir_sym_c(m, s)->kind == IR_SYM_FUNC && ir_sym_c(m, s)->func
        && !ir_sym_c(m, s)->dead)
        return s;
    return (IrSym){0};
}

static uint64_t
parse_size(const char *s)
{
    char *end;
    uint64_t v = strtoull(s, &end, 10);
    if (*end == 'k' || *end == 'K')
        v <<= 10, end++;
    else if (*end == 'm' || *end == 'M')
        v <<= 20, end++;
    else if (*end == 'g' || *end == 'G')
        v <<= 30, end++;
    if (*end || end == s)
        return 0;
    return v;
}

/* --driver-stubs: the assembly a C test driver is linked with (ELF, for
 * x86-64 or AArch64): for each exported function definition a stub NAME
 * that jumps through __sir_ptr_NAME ("jmp *__sir_ptr_NAME(%rip)"; "adrp
 * x16 / ldr x16 / br x16", x16 being the AAPCS64 intra-procedure-call
 * scratch register), and storage labelled NAME and __sir_data_NAME for
 * each exported global, which siri --driver then uses for the global. */
static void
print_stubs(IrModule *m, bool a64)
{
    for (uint32_t s = 1; s <= ir_num_syms(m); s++) {
        const IrSymData *sd = ir_sym_c(m, (IrSym){s});
        const char *n = ir_str(m, sd->name);
        if (sd->dead || sd->internal)
            continue;
        if (sd->kind == IR_SYM_FUNC && sd->func) {
            printf("\t.text\n\t.globl \"%s\"\n\t.type \"%s\",%%function\n"
                   "\"%s\":\n", n, n, n);
            if (a64)
                printf("\tadrp x16, __sir_ptr_%s\n"
                       "\tldr x16, [x16, :lo12:__sir_ptr_%s]\n\tbr x16\n",
                       n, n);
            else
                printf("\tjmp *__sir_ptr_%s(%%rip)\n", n);
            printf("\t.data\n\t.balign 8\n\t.globl __sir_ptr_%s\n"
                   "__sir_ptr_%s:\n\t.quad 0\n", n, n);
        } else if (sd->kind == IR_SYM_GLOBAL || sd->kind == IR_SYM_CONST) {
            uint64_t size = ir_type_size(m, sd->type);
            uint32_t al = ir_type_align(m, sd->type);
            if (sd->align > al)
                al = sd->align;
            printf("\t.data\n\t.balign %u\n\t.globl \"%s\"\n"
                   "\t.type \"%s\",%%object\n\t.size \"%s\", %llu\n"
                   "\t.globl __sir_data_%s\n\"%s\":\n__sir_data_%s:\n"
                   "\t.zero %llu\n", al, n, n, n, (unsigned long long)size,
                   n, n, n, (unsigned long long)(size ? size : 1));
        }
    }
    printf("\t.section .note.GNU-stack,\"\",%%progbits\n");
}

static void *
driver_sym(const char *name, bool is_func, void *lib)
{
    char buf[512];
    snprintf(buf, sizeof buf, "__sir_%s_%s", is_func ? "ptr" : "data", name);
    if (!dlsym(lib, buf))
        return NULL;
    return is_func ? dlsym(lib, name) : dlsym(lib, buf);
}

/* What main allocates lives until the process exits, since C code may
 * still call into the module from its atexit handlers; release, the
 * first handler registered and so the last to run, frees it. */
static struct {
    IrModule *m;
    IrInterp *ip;
    char *src;
    void *mem[4];
} kept;

static void
release(void)
{
    if (kept.ip)
        ir_interp_free(kept.ip);
    if (kept.m)
        ir_module_free(kept.m);
    ir_free_file(kept.src);
    for (unsigned k = 0; k < 4; k++)
        free(kept.mem[k]);
    memset(&kept, 0, sizeof kept);
}

/* --driver: a C test driver in a shared library calls the module's
 * functions through stubs "NAME: jmp *__sir_ptr_NAME(%rip)"; point each
 * such pointer at the function's closure and run the driver's main. */
static int
run_driver(IrModule *m, const IrInterpOptions *opt, Diag *d, void *lib,
           const char *path, int argc, char **argv)
{
    IrInterpOptions o = *opt;
    o.host_sym = driver_sym;
    o.host_ctx = lib;
    IrInterp *ip = ir_interp_new(m, &o, d);
    if (!ip)
        return 1;
    kept.ip = ip;
    for (uint32_t s = 1; s <= ir_num_syms(m); s++) {
        const IrSymData *sd = ir_sym_c(m, (IrSym){s});
        if (sd->dead || sd->internal || sd->kind != IR_SYM_FUNC || !sd->func)
            continue;
        char name[512];
        snprintf(name, sizeof name, "__sir_ptr_%s", ir_str(m, sd->name));
        void **slot = dlsym(lib, name);
        if (slot)
            *slot = ir_interp_sym_addr(ip, (IrSym){s});
    }
    int (*cmain)(int, char **) = (int (*)(int, char **))dlsym(lib, "main");
    if (!cmain) {
        fprintf(stderr, "siri: error: the driver library has no main\n");
        return 1;
    }
    argv[0] = (char *)path;
    exit(cmain(argc, argv));
}

int
main(int argc, char **argv)
{
    IrInterpOptions opt = {.check_ub = true};
    const char *entry = NULL, *path = NULL;
    void *driver = NULL;
    bool stubs = false;
#if defined(__aarch64__)
    bool stubs_a64 = true;
#else
    bool stubs_a64 = false;
#endif
    const char *passes = NULL;
    int level = 0;
    int first_arg = argc;
    CliDiag dopt = CLI_DIAG_INIT;
    bool badv = false;
    atexit(release);
    char **pos = kept.mem[0] = xcalloc((size_t)argc + 1, sizeof *pos);
    int npos = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool is_opt = a[0] == '-' && a[1] && !(entry && looks_like_value(a));
        if (!is_opt || (!entry && path)) {
            if (!entry && !path) {
                path = a;
                first_arg = i + 1;
                break;
            }
            pos[npos++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) {
            for (i++; i < argc; i++)
                pos[npos++] = argv[i];
            break;
        }
        if (!strcmp(a, "-e") || !strcmp(a, "--entry")) {
            if (++i >= argc) {
                fprintf(stderr, "siri: error: %s needs a function name\n", a);
                return 1;
            }
            entry = argv[i];
        } else if (!strncmp(a, "--entry=", 8)) {
            entry = a + 8;
        } else if (!strncmp(a, "--load=", 7)) {
            if (!dlopen(a + 7, RTLD_NOW | RTLD_GLOBAL)) {
                fprintf(stderr, "siri: error: %s\n", dlerror());
                return 1;
            }
        } else if (!strncmp(a, "--driver=", 9)) {
            driver = dlopen(a + 9, RTLD_NOW | RTLD_GLOBAL);
            if (!driver) {
                fprintf(stderr, "siri: error: %s\n", dlerror());
                return 1;
            }
        } else if (!strcmp(a, "--driver-stubs")) {
            stubs = true;
        } else if (!strncmp(a, "--driver-stubs=", 15)) {
            stubs = true;
            if (!strcmp(a + 15, "aarch64") || !strcmp(a + 15, "arm64")) {
                stubs_a64 = true;
            } else if (!strcmp(a + 15, "x86_64") ||
                       !strcmp(a + 15, "x86-64")) {
                stubs_a64 = false;
            } else {
                fprintf(stderr, "siri: error: unknown architecture '%s' "
                        "for --driver-stubs (x86_64, aarch64)\n", a + 15);
                return 1;
            }
        } else if (!strcmp(a, "--check-ub")) {
            opt.check_ub = true;
        } else if (!strcmp(a, "--no-check-ub")) {
            opt.check_ub = false;
        } else if (!strcmp(a, "--lint-undef")) {
            opt.lint_undef = true;
        } else if (!strncmp(a, "--stack-size=", 13)) {
            opt.stack_size = parse_size(a + 13);
            if (!opt.stack_size) {
                fprintf(stderr, "siri: error: bad stack size '%s'\n",
                        a + 13);
                return 1;
            }
        } else if (!strncmp(a, "--max-depth=", 12)) {
            opt.max_depth = (uint32_t)parse_size(a + 12);
            if (!opt.max_depth) {
                fprintf(stderr, "siri: error: bad depth '%s'\n", a + 12);
                return 1;
            }
        } else if (!strcmp(a, "-p") || !strcmp(a, "--passes")) {
            if (++i >= argc) {
                fprintf(stderr, "siri: error: %s needs a list of passes\n", a);
                return 1;
            }
            passes = argv[i];
        } else if (!strncmp(a, "--passes=", 9)) {
            passes = a + 9;
        } else if (a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
            level = a[2] - '0';
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return 0;
        } else if (cli_diag_option(a, &dopt, &badv)) {
            if (badv) {
                fprintf(stderr, "siri: error: bad value in '%s' (a "
                        "number)\n", a);
                return 1;
            }
        } else if (!strcmp(a, "--version")) {
            printf("siri (sir) %s\n", SIR_VERSION);
            return 0;
        } else {
            fprintf(stderr, "siri: error: unknown option '%s' (see "
                    "--help)\n", a);
            return 1;
        }
    }

    /* -e: the file is the positional argument ending in .sir, else the
     * first one that is not a value. */
    char **vals = pos;
    int nvals = npos;
    if (entry) {
        int fi = -1;
        for (int k = 0; k < npos && fi < 0; k++) {
            size_t n = strlen(pos[k]);
            if (n > 4 && !strcmp(pos[k] + n - 4, ".sir"))
                fi = k;
        }
        for (int k = 0; k < npos && fi < 0; k++)
            if (!looks_like_value(pos[k]))
                fi = k;
        if (fi < 0 && npos > 0 && !strcmp(pos[npos - 1], "-"))
            fi = npos - 1;
        if (fi >= 0) {
            path = pos[fi];
            for (int k = fi; k + 1 < npos; k++)
                pos[k] = pos[k + 1];
            nvals = npos - 1;
        }
    }
    if (!path) {
        fputs("siri: error: no input file (see --help)\n", stderr);
        return 1;
    }

    size_t len;
    const char *err;
    char *src = kept.src = ir_read_file(path, &len, &err);
    if (!src) {
        fprintf(stderr, "siri: error: %s: %s\n", path, err);
        return 1;
    }
    Diag d;
    ir_diag_init(&d, path, src, len, stderr);
    cli_diag_apply(&dopt, &d);
    IrModule *m = kept.m = ir_parse(src, len, &d);
    if (!m || d.nerrors)
        return 1;
    if (!ir_verify_module(m, &d))
        return 1;
    if ((level || passes) && !optimize(m, &d, level, passes))
        return 1;

    if (stubs) {
        print_stubs(m, stubs_a64);
        return 0;
    }
    if (driver)
        return run_driver(m, &opt, &d, driver, path, argc - first_arg + 1,
                          argv + first_arg - 1);

    IrSym fn = find_func(m, entry ? entry : "main");
    if (!fn.id) {
        fprintf(stderr, "siri: error: %s: no function definition @%s\n", path,
                entry ? (entry[0] == '@' ? entry + 1 : entry) : "main");
        return 1;
    }
    const IrSigData *sig = ir_sig(m, ir_sym_c(m, fn)->sig);
    uint64_t args[3] = {0};
    uint64_t *argv_e = NULL;
    uint32_t nargs = 0;
    char **cargv = NULL;

    if (entry) {
        if ((uint32_t)nvals != sig->nparams) {
            fprintf(stderr, "siri: error: @%s takes %u arguments, %d given\n",
                    ir_str(m, ir_sym_c(m, fn)->name), sig->nparams, nvals);
            return 1;
        }
        argv_e = kept.mem[1] = xcalloc((size_t)nvals + 1, sizeof *argv_e);
        for (int k = 0; k < nvals; k++) {
            IrType t = ir_sig_param(m, ir_sym_c(m, fn)->sig, (uint32_t)k)->ty;
            if (!parse_value(vals[k], t, &argv_e[k])) {
                char tb[64];
                fprintf(stderr, "siri: error: argument %d: '%s' is not a "
                        "value of type %s\n", k + 1, vals[k],
                        ir_type_str(m, t, tb, sizeof tb));
                return 1;
            }
        }
        nargs = (uint32_t)nvals;
    } else {
        bool ok = sig->ret.id == IR_TY_I32 || sig->ret.id == IR_TY_VOID;
        if (sig->nparams == 0) {
            nargs = 0;
        } else if (sig->nparams >= 2 && sig->nparams <= 3 &&
                   ir_sig_param(m, ir_sym_c(m, fn)->sig, 0)->ty.id ==
                       IR_TY_I32 &&
                   ir_sig_param(m, ir_sym_c(m, fn)->sig, 1)->ty.id ==
                       IR_TY_PTR &&
                   (sig->nparams == 2 ||
                    ir_sig_param(m, ir_sym_c(m, fn)->sig, 2)->ty.id ==
                        IR_TY_PTR)) {
            extern char **environ;
            int n = argc - first_arg + 1;
            cargv = kept.mem[2] = xcalloc((size_t)n + 1, sizeof *cargv);
            cargv[0] = (char *)path;
            for (int k = 1; k < n; k++)
                cargv[k] = argv[first_arg + k - 1];
            args[0] = (uint32_t)n;
            args[1] = (uintptr_t)cargv;
            args[2] = (uintptr_t)environ;
            nargs = sig->nparams;
        } else {
            ok = false;
        }
        if (!ok) {
            fprintf(stderr, "siri: error: %s: @main must be i32 () or "
                    "i32 (i32, ptr)\n", path);
            return 1;
        }
    }

    IrInterp *ip = kept.ip = ir_interp_new(m, &opt, &d);
    if (!ip)
        return 1;
    uint64_t rs = sig->ret.id ? ir_type_size(m, sig->ret) : 0;
    /* a result too large to exist makes the call fail before it is used */
    uint8_t *res = kept.mem[3] = xcalloc(1, (rs < (1u << 30) ? rs : 0) + 16);
    int st = ir_interp_call(ip, fn, entry ? argv_e : args, nargs, res);
    if (st != IR_INTERP_OK) {
        fflush(stdout);
        return st;
    }
    int code = 0;
    if (entry) {
        if (sig->ret.id) {
            print_value(m, sig->ret, res, stdout);
            fputc('\n', stdout);
        }
    } else if (sig->ret.id == IR_TY_I32) {
        int32_t r;
        memcpy(&r, res, 4);
        code = r;
    }
    fflush(stdout);
    /* The module stays alive: C code may still call into it (atexit). */
    exit(code);
}
