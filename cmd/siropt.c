/*
 * siropt - the SIR optimizer and canonical formatter.
 *
 *   siropt [options] [in.sir | -]  ->  SIR on stdout or -o FILE
 *
 * Reads one module (a file, or standard input for "-" or no operand),
 * parses and verifies it, runs the -O level's pipeline and then the
 * passes given with -p, in order, verifies the result and prints the
 * module in canonical form.  With no passes it is the formatter.  Any
 * error exits with status 1 and leaves no output file behind
 * (ir_output_open writes to a temporary that is renamed only on
 * success).
 */
#include "ir.h"
#include "opt.h"
#include "target.h"
#include "cli.h"

#include <errno.h>
#include <string.h>

static const char usage[] =
    "usage: siropt [options] [in.sir | -]\n"
    "\n"
    "Reads a SIR module (standard input for '-' or no file), verifies it,\n"
    "runs optimization passes and prints the module in canonical form.\n"
    "\n"
    "options:\n"
    "  -p PASS,PASS,...     run these passes in order (after -O); may be\n"
    "                       repeated, the lists are concatenated\n"
    "  -O0 -O1 -O2 -O3      run a standard pipeline (default -O0: none;\n"
    "                       -O is -O2; -O3 is the same as -O2 for now)\n"
    "  -o FILE              write the output to FILE (default: stdout)\n"
    "  -mtriple=TRIPLE      optimize for this target's addressing (which\n"
    "                       index scales are free, for lsr); default:\n"
    "                       the host, as sirc's (see sirc --version)\n"
    "  --verify-each        verify the module after every pass (and\n"
    "                       --verify-analyses)\n"
    "  --verify-analyses    recompute every cached analysis a pass reuses\n"
    "                       or keeps, and fail on a stale one\n"
    "  --debug-analyses     log to stderr when analyses are computed,\n"
    "                       reused and invalidated\n"
    "  --print-after=PASS   print the module to stderr after PASS runs\n"
    "  --print-after-all    print the module to stderr after every pass\n"
    "  --print-before=PASS  print the module to stderr before PASS runs\n"
    "  --print-before-all   print the module to stderr before every pass\n"
    "  --print-changed      print the module at the start and after each\n"
    "                       pass that changed it\n"
    "  --filter-print-funcs=F,G  the dumps above show only these functions\n"
    "  --time-passes        print a table of pass times to stderr\n"
    "  --stats              print the statistics counted by each pass\n"
    "  --list-passes        list the available passes and pipelines\n"
    "  --dot-cfg            write each function's CFG to cfg.NAME.dot (as\n"
    "                       -p dot-cfg at the end)\n"
    "  --help               show this help\n"
    "  --version            show the version\n"
    CLI_DIAG_HELP
    "\n"
    "-p print-cfg and -p print-domtree write Graphviz to standard output;\n"
    "the module is then printed only with -o.\n"
    "Long options may also be written with one dash (-verify-each), and\n"
    "an option's value may be the next argument (--print-after gvn).\n";

static void
list_passes(void)
{
    int w = 0;
    for (unsigned k = 0; k < opt_num_passes; k++) {
        int n = (int)strlen(opt_passes[k].name);
        w = n > w ? n : w;
    }
    puts("passes:");
    for (unsigned k = 0; k < opt_num_passes; k++)
        printf("  %-*s  %s\n", w, opt_passes[k].name, opt_passes[k].desc);
    puts("pipelines (passes not listed above are skipped):");
    for (int l = 0; l <= 3; l++) {
        const char *p = opt_level_pipeline(l);
        printf("  -O%d  %s\n", l, *p ? p : "(none)");
    }
}

static int
fail(const char *fmt, const char *arg)
{
    fputs("siropt: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    return 1;
}

/* -p may be given more than once: the lists are concatenated. */
static void
add_passes(char **list, const char *more)
{
    size_t n = *list ? strlen(*list) : 0, k = strlen(more);
    if (!k && *list)
        return;             /* -p '' adds nothing */
    char *s = xmalloc(n + k + 2);
    if (n) {
        memcpy(s, *list, n);
        s[n++] = ',';
    }
    memcpy(s + n, more, k + 1);
    free(*list);
    *list = s;
}

/* Checks the names of a pass list before any input is read. */
static bool
check_passes(const char *list, const char *where)
{
    for (const char *p = list;;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char name[64];
        if (n == 0 || n >= sizeof name) {
            fail("bad pass list '%s'", list);
            return false;
        }
        memcpy(name, p, n);
        name[n] = 0;
        if (!opt_find_pass(name)) {
            fprintf(stderr, "siropt: error: unknown pass '%s'%s (see "
                    "--list-passes)\n", name, where);
            return false;
        }
        if (!e)
            return true;
        p = e + 1;
    }
}

typedef struct {
    const char *in, *out;
    CliDiag diag;
    char *passes;           /* -p lists, joined */
    char *print_after;      /* --print-after lists, joined, or "*" */
    char *print_before;     /* --print-before lists, joined, or "*" */
    char *filter;           /* --filter-print-funcs lists, joined */
    bool print_changed;
    int level;              /* -O level, -1 if none */
    bool verify_each, verify_analyses, debug_analyses, time_passes, stats;
    const Target *target;   /* -mtriple, or NULL: the host */
} Args;

/* Returns -1 to go on, or the exit status (--help, errors). */
static int
parse_args(int argc, char **argv, Args *g)
{
    const char *v;
    bool only_files = false, print_all = false, before_all = false;
    bool missing = false, badv = false, dot_cfg = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (only_files || a[0] != '-' || !strcmp(a, "-")) {
            if (g->in)
                return fail("more than one input file ('%s')", a);
            g->in = a;
        } else if (!strcmp(a, "--")) {
            only_files = true;
        } else if (!strcmp(a, "-h") || cli_flag(a, "help")) {
            fputs(usage, stdout);
            return 0;
        } else if (cli_flag(a, "version")) {
            printf("siropt (sir) %s\n", SIR_VERSION);
            return 0;
        } else if (cli_flag(a, "list-passes")) {
            list_passes();
            return 0;
        } else if (!strcmp(a, "-o") || !strcmp(a, "-p")) {
            if (i + 1 >= argc)
                return fail("option '%s' needs an argument", a);
            if (a[1] == 'o')
                g->out = argv[++i];
            else
                add_passes(&g->passes, argv[++i]);
        } else if (!strncmp(a, "-o=", 3)) {
            g->out = a + 3;
        } else if (!strncmp(a, "-p=", 3)) {
            add_passes(&g->passes, a + 3);
        } else if ((v = cli_arg(argc, argv, &i, "mtriple", &missing))) {
            char why[128];
            g->target = tgt_resolve(v, why, sizeof why);
            if (!g->target) {
                fprintf(stderr, "siropt: error: target triple '%s': %s\n",
                        v, why);
                return 1;
            }
        } else if ((v = cli_arg(argc, argv, &i, "passes", &missing))) {
            add_passes(&g->passes, v);
        } else if (a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
            g->level = a[2] - '0';
        } else if (!strcmp(a, "-O")) {
            g->level = 2;
        } else if (cli_flag(a, "verify-each")) {
            g->verify_each = true;
        } else if (cli_flag(a, "verify-analyses")) {
            g->verify_analyses = true;
        } else if (cli_flag(a, "debug-analyses")) {
            g->debug_analyses = true;
        } else if (cli_flag(a, "time-passes")) {
            g->time_passes = true;
        } else if (cli_flag(a, "stats")) {
            g->stats = true;
        } else if (cli_flag(a, "print-after-all")) {
            print_all = true;
        } else if (cli_flag(a, "print-before-all")) {
            before_all = true;
        } else if (cli_flag(a, "dot-cfg")) {
            dot_cfg = true;
        } else if (cli_flag(a, "print-changed")) {
            g->print_changed = true;
        } else if ((v = cli_arg(argc, argv, &i, "print-after", &missing))) {
            add_passes(&g->print_after, v);
        } else if ((v = cli_arg(argc, argv, &i, "print-before", &missing))) {
            add_passes(&g->print_before, v);
        } else if ((v = cli_arg(argc, argv, &i, "filter-print-funcs",
                                &missing))) {
            add_passes(&g->filter, v[0] == '@' ? v + 1 : v);
        } else if (cli_diag_option(a, &g->diag, &badv)) {
            if (badv)
                return fail("bad value in '%s' (a number)", a);
        } else if (missing) {
            return fail("option '%s' needs an argument", a);
        } else {
            return fail("unknown option '%s' (see --help)", a);
        }
    }
    if (dot_cfg)
        add_passes(&g->passes, "dot-cfg");
    if (g->passes && !*g->passes) {         /* -p '': no pass */
        free(g->passes);
        g->passes = NULL;
    }
    if (g->passes && !check_passes(g->passes, ""))
        return 1;
    if (g->print_after && !check_passes(g->print_after, " in --print-after"))
        return 1;
    if (g->print_before &&
        !check_passes(g->print_before, " in --print-before"))
        return 1;
    if (before_all) {
        free(g->print_before);
        g->print_before = xstrdup("*");
    }
    if (print_all) {
        free(g->print_after);
        g->print_after = xstrdup("*");
    }
    if (!g->in)
        g->in = "-";
    return -1;
}

/* True when the comma-separated list names the pass. */
static bool
has_pass(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n]))
            return true;
    return false;
}

/* Reads, verifies, optimizes and prints; true on success. */
static bool
run(const Args *g)
{
    const char *name = strcmp(g->in, "-") ? g->in : "<stdin>";
    size_t len;
    const char *err;
    char *src = ir_read_file(g->in, &len, &err);
    if (!src) {
        fprintf(stderr, "siropt: error: cannot read '%s': %s\n", name, err);
        return false;
    }
    Diag d;
    ir_diag_init(&d, name, src, len, stderr);
    cli_diag_apply(&g->diag, &d);
    IrModule *m = ir_parse(src, len, &d);
    bool ok = m && d.nerrors == 0 && ir_verify_module(m, &d);

    OptCtx ctx;
    opt_ctx_init(&ctx, m, &d);
    const Target *t = g->target ? g->target : tgt_find(NULL);
    if (t) {
        ctx.addr_scales = t->addr_scales;
        ctx.addr_scale_access = t->addr_scale_access;
    }
    ctx.verify_each = g->verify_each;
    ctx.verify_analyses = g->verify_each || g->verify_analyses;
    ctx.debug_analyses = g->debug_analyses;
    ctx.time_passes = g->time_passes;
    ctx.stats = g->stats;
    ctx.print_after = g->print_after;
    ctx.print_before = g->print_before;
    ctx.print_changed = g->print_changed;
    ctx.filter_print_funcs = g->filter;
    ctx.print_out = stderr;
    ctx.dot_out = stdout;
    if (ok && g->level > 0)
        ok = opt_run_level(&ctx, g->level);
    if (ok && g->passes)
        ok = opt_run_pipeline(&ctx, g->passes);
    /* As opt does: never print a module a pass has broken. */
    if (ok && (g->level > 0 || g->passes) && !g->verify_each &&
        !ir_verify_module(m, &d)) {
        ir_diag_error(&d, (IrLoc){0}, "module is invalid after the passes "
                      "(--verify-each tells which)");
        ok = false;
    }
    opt_report(&ctx, stderr);
    opt_ctx_free(&ctx);

    /* Graphs own standard output: the module goes only to a file. */
    bool graphs = g->passes && (has_pass(g->passes, "print-cfg") ||
                                has_pass(g->passes, "print-domtree"));
    if (ok && !(graphs && !g->out)) {
        IrOutput o;
        if (!ir_output_open(&o, g->out)) {
            fprintf(stderr, "siropt: error: cannot write '%s': %s\n",
                    g->out, strerror(errno));
            ok = false;
        } else {
            ir_print_module(m, o.fp);
            if (!ir_output_commit(&o)) {
                fprintf(stderr, "siropt: error: cannot write '%s': %s\n",
                        g->out ? g->out : "-", strerror(errno));
                ok = false;
            }
        }
    }
    ir_module_free(m);
    ir_free_file(src);
    return ok;
}

int
main(int argc, char **argv)
{
    Args g = {.level = -1, .diag = CLI_DIAG_INIT};
    cli_check_stdout_at_exit("siropt");
    int status = parse_args(argc, argv, &g);
    if (status < 0)
        status = run(&g) ? 0 : 1;
    free(g.passes);
    free(g.print_after);
    free(g.print_before);
    free(g.filter);
    return status;
}
