/*
 * gen.c - the ABI matrix generator (test/abi/run.sh): random signatures
 * written as SIR and as C, so that every argument and result crosses the
 * boundary between sirc's code and the C compiler's in both directions.
 *
 *   abigen -seed S -n N -sir OUT.sir -c OUT.c     one batch
 *   abigen -seed S -n N -place OUT.sir -c OUT.c    placement probes
 *   abigen -seed S -n N -vplace OUT.sir -c OUT.c   variadic call probes
 *
 * A batch has N signatures k: scalars of every type and structs up to 64
 * bytes (nested structs, arrays, padding, homogeneous float aggregates),
 * up to 14 parameters (past every register count), some variadic.  For
 * each k the C side passes known values to SIR @s_k, which stores what it
 * received into @rx_k and returns @ret_k; SIR @t_k loads @tx_k, calls C
 * c_k with it and stores the result in @tr_k; c_k compares what it
 * received member by member.  Variadic signatures are called from SIR
 * only (SIR defines no variadic functions), with i32, i64, f64 and ptr
 * variadic arguments (spec 7.10).  The driver prints each mismatch and
 * exits 1 when there was one.
 *
 * With -place, for each scalar parameter of signatures of mostly scalars
 * (and some structs) a function returning it, in SIR and in C, so run.sh can compare where clang and
 * sirc find it (register or stack offset) for arm64-apple-macos; the C
 * has no includes (no SDK needed).  With -vplace, functions passing
 * their parameters on to a variadic function, so the placement of the
 * variadic arguments at the call can be compared the same way.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_BOOL, K_I8, K_I16, K_I32, K_I64, K_F32, K_F64, K_PTR, NSCALAR,
       K_STRUCT = NSCALAR, K_ARRAY };

typedef struct Ty {
    int kind;
    int n;              /* members (struct) or elements (array) */
    struct Ty *m[6];    /* members; array: m[0] the element */
    int id;             /* struct: its C tag number */
    uint64_t size, align;
} Ty;

static const char *const sir_name[NSCALAR] = {
    "bool", "i8", "i16", "i32", "i64", "f32", "f64", "ptr",
};
static const char *const c_name[NSCALAR] = {
    "_Bool", "signed char", "short", "int", "long long", "float", "double",
    "void *",
};
static const uint64_t scalar_size[NSCALAR] = {1, 1, 2, 4, 8, 4, 8, 8};

static uint64_t rng;
static unsigned
rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static Ty pool[20000];
static int npool, nstruct;

static Ty *
new_ty(int kind)
{
    if (npool == (int)(sizeof pool / sizeof pool[0])) {
        fprintf(stderr, "abigen: too many types\n");
        exit(2);
    }
    Ty *t = &pool[npool++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    if (kind < NSCALAR)
        t->size = t->align = scalar_size[kind];
    return t;
}

static void
layout(Ty *t)
{
    if (t->kind < NSCALAR)
        return;
    if (t->kind == K_ARRAY) {
        t->size = t->m[0]->size * (uint64_t)t->n;
        t->align = t->m[0]->align;
        return;
    }
    uint64_t off = 0, al = 1;
    for (int k = 0; k < t->n; k++) {
        uint64_t a = t->m[k]->align;
        off = (off + a - 1) / a * a + t->m[k]->size;
        al = a > al ? a : al;
    }
    t->size = (off + al - 1) / al * al;
    t->align = al;
}

static Ty *
scalar(void)
{
    return new_ty((int)rnd(NSCALAR));
}

/* A homogeneous float aggregate of 1 to 4 members, sometimes nested or
 * as an array. */
static Ty *
hfa(void)
{
    int fk = rnd(2) ? K_F32 : K_F64, n = 1 + (int)rnd(4);
    Ty *s = new_ty(K_STRUCT);
    if (n >= 2 && rnd(3) == 0) {
        Ty *a = new_ty(K_ARRAY);
        a->n = n;
        a->m[0] = new_ty(fk);
        layout(a);
        s->m[s->n++] = a;
    } else if (n >= 2 && rnd(3) == 0) {
        Ty *in = new_ty(K_STRUCT);
        in->m[in->n++] = new_ty(fk);
        in->id = ++nstruct;
        layout(in);
        s->m[s->n++] = in;
        for (int k = 1; k < n; k++)
            s->m[s->n++] = new_ty(fk);
    } else {
        for (int k = 0; k < n; k++)
            s->m[s->n++] = new_ty(fk);
    }
    s->id = ++nstruct;
    layout(s);
    return s;
}

/* A struct of at most 64 bytes, nested to 'depth'. */
static Ty *
aggregate(int depth)
{
    if (depth == 0 && rnd(4) == 0)
        return hfa();
    for (;;) {
        int save = npool, saves = nstruct;
        Ty *s = new_ty(K_STRUCT);
        int n = 1 + (int)rnd(depth ? 3 : 5);
        for (int k = 0; k < n; k++) {
            unsigned w = rnd(10);
            Ty *m;
            if (w < 6 || depth >= 2) {
                m = scalar();
            } else if (w < 8) {
                m = aggregate(depth + 1);
            } else {
                m = new_ty(K_ARRAY);
                m->n = 1 + (int)rnd(4);
                m->m[0] = rnd(3) ? scalar() : aggregate(depth + 1);
                layout(m);
            }
            s->m[s->n++] = m;
        }
        s->id = ++nstruct;
        layout(s);
        if (s->size <= 64)
            return s;
        npool = save, nstruct = saves;
    }
}

/* ---------------------------------------------------------------- text */

static void
sir_ty(FILE *o, const Ty *t)
{
    if (t->kind < NSCALAR) {
        fputs(sir_name[t->kind], o);
    } else if (t->kind == K_ARRAY) {
        fputs("[", o);
        sir_ty(o, t->m[0]);
        fprintf(o, " x %d]", t->n);
    } else {
        fputs("{ ", o);
        for (int k = 0; k < t->n; k++) {
            if (k)
                fputs(", ", o);
            sir_ty(o, t->m[k]);
        }
        fputs(" }", o);
    }
}

/* C declarations of the struct tags t uses, innermost first. */
static void
c_tags(FILE *o, const Ty *t, char *done)
{
    if (t->kind == K_ARRAY)
        c_tags(o, t->m[0], done);
    if (t->kind != K_STRUCT || done[t->id])
        return;
    for (int k = 0; k < t->n; k++)
        c_tags(o, t->m[k], done);
    done[t->id] = 1;
    fprintf(o, "struct s%d {", t->id);
    for (int k = 0; k < t->n; k++) {
        const Ty *m = t->m[k];
        const Ty *e = m->kind == K_ARRAY ? m->m[0] : m;
        if (e->kind < NSCALAR)
            fprintf(o, " %s m%d", c_name[e->kind], k);
        else
            fprintf(o, " struct s%d m%d", e->id, k);
        if (m->kind == K_ARRAY)
            fprintf(o, "[%d]", m->n);
        fputs(";", o);
    }
    fputs(" };\n", o);
}

static void
c_ty(FILE *o, const Ty *t)
{
    if (t->kind < NSCALAR)
        fputs(c_name[t->kind], o);
    else
        fprintf(o, "struct s%d", t->id);
}

/* A value for scalar kind k as C text (the same bits on both sides). */
static void
c_value(FILE *o, int k)
{
    uint64_t r = ((uint64_t)rnd(1u << 30) << 34) ^ ((uint64_t)rnd(1u << 30)
                                                    << 4) ^ rnd(16);
    switch (k) {
    case K_BOOL: fprintf(o, "%d", (int)(r & 1)); break;
    case K_I8: fprintf(o, "%d", (int)(int8_t)r); break;
    case K_I16: fprintf(o, "%d", (int)(int16_t)r); break;
    case K_I32: fprintf(o, "%" PRId32, (int32_t)r); break;
    case K_I64: fprintf(o, "%" PRId64 "LL", (int64_t)(r >> 1)); break;
    case K_F32: fprintf(o, "%d.%02df", (int)rnd(20000) - 10000,
                        (int)rnd(4) * 25); break;
    case K_F64: fprintf(o, "%d.%03d", (int)rnd(2000000) - 1000000,
                        (int)rnd(8) * 125); break;
    case K_PTR: fprintf(o, "(void *)0x%" PRIx64 "ULL",
                        (uint64_t)(r & 0xffffffffffffULL & ~7ULL)); break;
    }
}

/* An initializer for t. */
static void
c_init(FILE *o, const Ty *t)
{
    if (t->kind < NSCALAR) {
        c_value(o, t->kind);
        return;
    }
    fputs("{", o);
    for (int k = 0; k < t->n; k++) {
        if (k)
            fputs(", ", o);
        c_init(o, t->kind == K_ARRAY ? t->m[0] : t->m[k]);
    }
    fputs("}", o);
}

/* Checks of every scalar leaf of values a and b (C lvalues) of type t. */
static void
c_check(FILE *o, const Ty *t, const char *a, const char *b,
        const char *what)
{
    char x[512], y[512];
    if (t->kind < NSCALAR) {
        fprintf(o, "    CHECK(!memcmp(&%s, &%s, sizeof %s), \"%s\");\n", a,
                b, a, what);
        return;
    }
    for (int k = 0; k < t->n; k++) {
        if (t->kind == K_ARRAY) {
            snprintf(x, sizeof x, "%s[%d]", a, k);
            snprintf(y, sizeof y, "%s[%d]", b, k);
        } else {
            snprintf(x, sizeof x, "%s.m%d", a, k);
            snprintf(y, sizeof y, "%s.m%d", b, k);
        }
        c_check(o, t->kind == K_ARRAY ? t->m[0] : t->m[k], x, y, what);
    }
}

/* ---------------------------------------------------------------- batch */

enum { MAXP = 14, MAXV = 10 };
static const int vkinds[4] = {K_I32, K_I64, K_F64, K_PTR};

typedef struct {
    int np, nv;         /* parameters; variadic arguments (0: none) */
    Ty *p[MAXP];
    int v[MAXV];        /* scalar kinds of the variadic arguments */
    Ty *ret;            /* NULL: void */
} Sig;

static Ty *
arg_ty(void)
{
    return rnd(2) ? scalar() : aggregate(0);
}

static void
make_sig(Sig *s, bool scalars_only)
{
    memset(s, 0, sizeof *s);
    /* probes: long enough to reach the stack most of the time */
    s->np = scalars_only ? 6 + (int)rnd(MAXP - 5) : 1 + (int)rnd(MAXP);
    for (int k = 0; k < s->np; k++)
        s->p[k] = !scalars_only ? arg_ty() : rnd(10) < 7 ? scalar()
                                           : aggregate(0);
    if (scalars_only)
        return;
    unsigned r = rnd(10);
    s->ret = r < 2 ? NULL : r < 6 ? scalar() : aggregate(0);
    if (rnd(5) == 0) {
        /* va_start needs a last named parameter C does not promote */
        Ty *l = s->p[s->np - 1];
        if (l->kind == K_BOOL || l->kind == K_I8 || l->kind == K_I16 ||
            l->kind == K_F32)
            s->p[s->np - 1] = new_ty(K_I64);
        s->nv = 1 + (int)rnd(MAXV);
        for (int k = 0; k < s->nv; k++)
            s->v[k] = vkinds[rnd(4)];
    }
}

/* The SIR type of argument j of s (a parameter or a variadic one). */
static void
sir_arg_ty(FILE *o, const Sig *s, int j)
{
    if (j < s->np)
        sir_ty(o, s->p[j]);
    else
        fputs(sir_name[s->v[j - s->np]], o);
}

/* "T0 %a0, T1 %a1, ..." (names) or "T0, T1, ..." for arguments 0..n). */
static void
sir_arg_list(FILE *o, const Sig *s, int n, bool names)
{
    for (int j = 0; j < n; j++) {
        if (j)
            fputs(", ", o);
        sir_arg_ty(o, s, j);
        if (names)
            fprintf(o, " %%a%d", j);
    }
}

/* The struct type { p0, p1, ... } of the parameters (and the variadic
 * arguments). */
static void
sir_args_ty(FILE *o, const Sig *s)
{
    fputs("{ ", o);
    sir_arg_list(o, s, s->np + s->nv, false);
    fputs(" }", o);
}

static void
sir_ret(FILE *o, const Sig *s)
{
    if (s->ret)
        sir_ty(o, s->ret);
    else
        fputs("void", o);
}

static void
write_sir(FILE *o, const Sig *sg, int n)
{
    for (int k = 0; k < n; k++) {
        const Sig *s = &sg[k];
        bool va = s->nv > 0;
        fprintf(o, "@tx%d = extern ", k);
        sir_args_ty(o, s);
        fputs("\n", o);
        if (s->ret) {
            fprintf(o, "@tr%d = extern ", k);
            sir_ty(o, s->ret);
            fprintf(o, "\n@ret%d = extern ", k);
            sir_ty(o, s->ret);
            fputs("\n", o);
        }
        fputs("fn ", o);
        sir_ret(o, s);
        fprintf(o, " @c%d(", k);
        sir_arg_list(o, s, s->np, false);
        fputs(va ? ", ...)\n" : ")\n", o);
        /* t_k: SIR calls C */
        fprintf(o, "fn void @t%d() {\nentry:\n  %%g = globaladdr @tx%d\n", k,
                k);
        for (int j = 0; j < s->np + s->nv; j++) {
            fprintf(o, "  %%p%d = elemptr ", j);
            sir_args_ty(o, s);
            fprintf(o, ", ptr %%g, %d\n  %%a%d = load ", j, j);
            sir_arg_ty(o, s, j);
            fprintf(o, ", ptr %%p%d\n", j);
        }
        fputs(s->ret ? "  %r = call " : "  call ", o);
        sir_ret(o, s);
        fprintf(o, " @c%d(", k);
        sir_arg_list(o, s, s->np + s->nv, true);
        fputs(")\n", o);
        if (s->ret) {
            fprintf(o, "  %%rg = globaladdr @tr%d\n  store ", k);
            sir_ty(o, s->ret);
            fputs(" %r, ptr %rg\n", o);
        }
        fputs("  ret void\n}\n\n", o);
        if (va)
            continue;
        /* s_k: C calls SIR */
        fprintf(o, "@rx%d = extern ", k);
        sir_args_ty(o, s);
        fputs("\nfn ", o);
        sir_ret(o, s);
        fprintf(o, " @s%d(", k);
        sir_arg_list(o, s, s->np, false);
        fputs(") {\nentry(", o);
        sir_arg_list(o, s, s->np, true);
        fprintf(o, "):\n  %%g = globaladdr @rx%d\n", k);
        for (int j = 0; j < s->np; j++) {
            fprintf(o, "  %%p%d = elemptr ", j);
            sir_args_ty(o, s);
            fprintf(o, ", ptr %%g, %d\n  store ", j);
            sir_ty(o, s->p[j]);
            fprintf(o, " %%a%d, ptr %%p%d\n", j, j);
        }
        if (s->ret) {
            fprintf(o, "  %%rg = globaladdr @ret%d\n  %%r = load ", k);
            sir_ty(o, s->ret);
            fputs(", ptr %rg\n  ret ", o);
            sir_ty(o, s->ret);
            fputs(" %r\n}\n\n", o);
        } else {
            fputs("  ret void\n}\n\n", o);
        }
    }
}

static void
c_args_struct(FILE *o, const Sig *s, int k)
{
    fprintf(o, "struct a%d {", k);
    for (int j = 0; j < s->np + s->nv; j++) {
        fputs(" ", o);
        if (j < s->np)
            c_ty(o, s->p[j]);
        else
            fputs(c_name[s->v[j - s->np]], o);
        fprintf(o, " a%d;", j);
    }
    fputs(" };\n", o);
}

static void
write_c(FILE *o, const Sig *sg, int n)
{
    char *done = calloc((size_t)nstruct + 2, 1);
    fputs("#include <stdarg.h>\n#include <stdio.h>\n#include <string.h>\n\n"
          "static int fails;\n"
          "static void\nfail(int line, const char *what)\n{\n"
          "    printf(\"FAIL line %d: %s\\n\", line, what);\n    fails++;\n}\n"
          "#define CHECK(c, what) do { if (!(c)) fail(__LINE__, what); } "
          "while (0)\n\n", o);
    for (int k = 0; k < n; k++) {
        const Sig *s = &sg[k];
        for (int j = 0; j < s->np; j++)
            c_tags(o, s->p[j], done);
        if (s->ret)
            c_tags(o, s->ret, done);
    }
    for (int k = 0; k < n; k++) {
        const Sig *s = &sg[k];
        char a[64], b[64], what[64];
        fprintf(o, "\n/* signature %d */\n", k);
        c_args_struct(o, s, k);
        fprintf(o, "struct a%d tx%d = {", k, k);
        for (int j = 0; j < s->np + s->nv; j++) {
            fputs(j ? ", " : "", o);
            if (j < s->np)
                c_init(o, s->p[j]);
            else
                c_value(o, s->v[j - s->np]);
        }
        fputs("};\n", o);
        if (s->ret) {
            c_ty(o, s->ret);
            fprintf(o, " ret%d = ", k);
            c_init(o, s->ret);
            fputs(";\n", o);
            c_ty(o, s->ret);
            fprintf(o, " tr%d;\n", k);
        }
        /* c_k: called by SIR */
        if (s->ret)
            c_ty(o, s->ret);
        else
            fputs("void", o);
        fprintf(o, "\nc%d(", k);
        for (int j = 0; j < s->np; j++) {
            fputs(j ? ", " : "", o);
            c_ty(o, s->p[j]);
            fprintf(o, " a%d", j);
        }
        fprintf(o, "%s)\n{\n", s->nv ? ", ..." : "");
        if (s->nv) {
            fprintf(o, "    va_list ap;\n    va_start(ap, a%d);\n",
                    s->np - 1);
            for (int j = s->np; j < s->np + s->nv; j++) {
                fprintf(o, "    %s a%d = va_arg(ap, %s);\n",
                        c_name[s->v[j - s->np]], j, c_name[s->v[j - s->np]]);
            }
            fputs("    va_end(ap);\n", o);
        }
        for (int j = 0; j < s->np + s->nv; j++) {
            snprintf(a, sizeof a, "a%d", j);
            snprintf(b, sizeof b, "tx%d.a%d", k, j);
            snprintf(what, sizeof what, "c%d argument %d", k, j);
            c_check(o, j < s->np ? s->p[j] : &(Ty){.kind = s->v[j - s->np]},
                    a, b, what);
        }
        fprintf(o, s->ret ? "    return ret%d;\n}\n" : "}\n", k);
        fprintf(o, "void t%d(void);\n", k);
        if (s->nv)
            continue;
        /* s_k: defined in SIR */
        fprintf(o, "struct a%d rx%d;\n", k, k);
        if (s->ret)
            c_ty(o, s->ret);
        else
            fputs("void", o);
        fprintf(o, " s%d(", k);
        for (int j = 0; j < s->np; j++) {
            fputs(j ? ", " : "", o);
            c_ty(o, s->p[j]);
        }
        fputs(");\n", o);
    }
    fputs("\nint\nmain(void)\n{\n", o);
    for (int k = 0; k < n; k++) {
        const Sig *s = &sg[k];
        char a[64], b[64], what[64];
        fprintf(o, "    /* %d */\n", k);
        if (s->ret)
            fprintf(o, "    memset(&tr%d, 0, sizeof tr%d);\n", k, k);
        fprintf(o, "    t%d();\n", k);
        if (s->ret) {
            snprintf(a, sizeof a, "tr%d", k);
            snprintf(b, sizeof b, "ret%d", k);
            snprintf(what, sizeof what, "t%d result", k);
            c_check(o, s->ret, a, b, what);
        }
        if (s->nv)
            continue;
        fputs("    {\n", o);
        if (s->ret) {
            fputs("    ", o);
            c_ty(o, s->ret);
            fputs(" r = ", o);
        } else {
            fputs("    ", o);
        }
        fprintf(o, "s%d(", k);
        for (int j = 0; j < s->np; j++)
            fprintf(o, "%stx%d.a%d", j ? ", " : "", k, j);
        fputs(");\n", o);
        for (int j = 0; j < s->np; j++) {
            snprintf(a, sizeof a, "rx%d.a%d", k, j);
            snprintf(b, sizeof b, "tx%d.a%d", k, j);
            snprintf(what, sizeof what, "s%d argument %d", k, j);
            c_check(o, s->p[j], a, b, what);
        }
        if (s->ret) {
            snprintf(b, sizeof b, "ret%d", k);
            snprintf(what, sizeof what, "s%d result", k);
            c_check(o, s->ret, "r", b, what);
        }
        fputs("    }\n", o);
    }
    fprintf(o, "    if (fails)\n        printf(\"%%d failures\\n\", fails);\n"
            "    return fails != 0;\n}\n");
    free(done);
}

/* ---------------------------------------------------------------- place */

/* Probes of signature k: functions pK_J_C returning its scalar
 * parameter J, C 'f' for a float, 'i' for an integer or pointer, in SIR
 * on o and C on c (the struct tags declared first, in 'done'). */
static void
write_place(FILE *o, FILE *c, const Sig *s, int k, char *done)
{
    for (int j = 0; j < s->np; j++)
        c_tags(c, s->p[j], done);
    for (int j = 0; j < s->np; j++) {
        int pk = s->p[j]->kind;
        if (pk >= NSCALAR)
            continue;
        char name[64];
        snprintf(name, sizeof name, "p%d_%d_%c", k, j,
                 pk == K_F32 || pk == K_F64 ? 'f' : 'i');
        fprintf(o, "fn %s @%s(", sir_name[pk], name);
        sir_arg_list(o, s, s->np, false);
        fputs(") {\nentry(", o);
        sir_arg_list(o, s, s->np, true);
        fprintf(o, "):\n  ret %s %%a%d\n}\n\n", sir_name[pk], j);
        fprintf(c, "%s\n%s(", c_name[pk], name);
        for (int q = 0; q < s->np; q++) {
            fputs(q ? ", " : "", c);
            c_ty(c, s->p[q]);
            fprintf(c, " a%d", q);
        }
        fprintf(c, ")\n{\n    return a%d;\n}\n\n", j);
    }
}

/* Variadic probe k: C function qK_C (C: 'i' or 'f' per parameter, by
 * register class) passing its parameters on to the variadic vK, the
 * first nf of them as vK's fixed parameters, the rest as variadic
 * arguments (i32, i64, ptr, f64; spec 7.10).  At most eight of each
 * class, so every parameter of qK arrives in a register. */
static void
write_vplace(FILE *o, FILE *c, int k)
{
    static const int fixed[] = {K_I8, K_I16, K_I32, K_I64, K_PTR, K_F32,
                                K_F64};
    int t[16], n, nf, gp, fp;
    do {
        nf = 1 + (int)rnd(6);
        n = nf + 1 + (int)rnd(8);
        gp = fp = 0;
        for (int j = 0; j < n; j++) {
            t[j] = j < nf ? fixed[rnd(7)] : vkinds[rnd(4)];
            *(t[j] == K_F32 || t[j] == K_F64 ? &fp : &gp) += 1;
        }
    } while (gp > 8 || fp > 8);
    char cls[17];
    for (int j = 0; j < n; j++)
        cls[j] = t[j] == K_F32 || t[j] == K_F64 ? 'f' : 'i';
    cls[n] = 0;
    fprintf(o, "fn void @v%d(", k);
    fprintf(c, "void v%d(", k);
    for (int j = 0; j < nf; j++) {
        fprintf(o, "%s, ", sir_name[t[j]]);
        fprintf(c, "%s, ", c_name[t[j]]);
    }
    fprintf(o, "...)\n\nfn void @q%d_%s(", k, cls);
    fprintf(c, "...);\n\nvoid\nq%d_%s(", k, cls);
    for (int j = 0; j < n; j++) {
        fprintf(o, "%s%s", j ? ", " : "", sir_name[t[j]]);
        fprintf(c, "%s%s a%d", j ? ", " : "", c_name[t[j]], j);
    }
    fputs(") {\nentry(", o);
    for (int j = 0; j < n; j++)
        fprintf(o, "%s%s %%a%d", j ? ", " : "", sir_name[t[j]], j);
    fprintf(o, "):\n  call void @v%d(", k);
    fprintf(c, ")\n{\n    v%d(", k);
    for (int j = 0; j < n; j++) {
        fprintf(o, "%s%s %%a%d", j ? ", " : "", sir_name[t[j]], j);
        fprintf(c, "%sa%d", j ? ", " : "", j);
    }
    fputs(")\n  ret void\n}\n\n", o);
    fputs(");\n}\n\n", c);
}

int
main(int argc, char **argv)
{
    unsigned long seed = 1;
    int n = 50;
    const char *sir = NULL, *c = NULL, *place = NULL;
    bool vplace = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-seed") && i + 1 < argc)
            seed = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "-n") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-sir") && i + 1 < argc)
            sir = argv[++i];
        else if (!strcmp(argv[i], "-c") && i + 1 < argc)
            c = argv[++i];
        else if (!strcmp(argv[i], "-place") && i + 1 < argc)
            place = argv[++i];
        else if (!strcmp(argv[i], "-vplace") && i + 1 < argc)
            place = argv[++i], vplace = true;
        else {
            fprintf(stderr, "usage: abigen [-seed S] [-n N] "
                    "(-sir | -place | -vplace) F.sir -c F.c\n");
            return 2;
        }
    }
    if (place)
        sir = place;
    if (n < 1 || n > 500 || !sir || !c) {
        fprintf(stderr, "abigen: bad arguments\n");
        return 2;
    }
    rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    Sig *sg = calloc((size_t)n, sizeof *sg);
    for (int k = 0; k < n; k++)
        make_sig(&sg[k], place != NULL);
    FILE *o = fopen(sir, "w"), *p = fopen(c, "w");
    if (!o || !p) {
        fprintf(stderr, "abigen: cannot write the output\n");
        return 2;
    }
    if (vplace) {
        for (int k = 0; k < n; k++)
            write_vplace(o, p, k);
    } else if (place) {
        char *done = calloc((size_t)nstruct + 2, 1);
        for (int k = 0; k < n; k++)
            write_place(o, p, &sg[k], k, done);
        free(done);
    } else {
        write_sir(o, sg, n);
        write_c(p, sg, n);
    }
    fclose(o);
    fclose(p);
    free(sg);
    return 0;
}
