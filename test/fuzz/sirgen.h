/*
 * sirgen.h - what the two halves of sirgen share: sirgen.c generates
 * the functions, sirgen_module.c the module around them and reads the
 * options.  One random stream runs through both, in the order main
 * calls them, so the same options and seed print the same module.
 */
#ifndef SIRGEN_H
#define SIRGEN_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* random (splitmix64): rng_state is the seed's */
extern uint64_t rng_state;
uint64_t rnd(void);
unsigned rn(unsigned n);            /* 0 .. n-1 */
bool chance(unsigned pct);

/* types */
enum { T_BOOL, T_I8, T_I16, T_I32, T_I64, T_F32, T_F64, T_PTR,
       T_A0, T_A1, T_A2, T_A3, T_A4, T_NTYPES };

#define NSCALAR 7               /* bool .. f64: values the generator makes */
#define NAGG 5

extern const char *const tname[T_NTYPES];
extern const int amem[NAGG][4];     /* members of the aggregates, -1 */

static inline bool is_float(int t) { return t == T_F32 || t == T_F64; }
static inline bool is_agg(int t) { return t >= T_A0; }
int nmembers(int t);
int rand_type(void);
/* An edge value of integer type t, as a signed decimal; the text of a
 * float constant of type t in buf. */
int64_t int_edge(int t);
void float_lit(int t, char *buf);
/* Prints constant %<p><id> of scalar type t: p is 'v' in the
 * functions, 't' in @main. */
void print_const(char p, unsigned id, int t);

/* The module text, on stdout. */
void out(const char *fmt, ...);

/* The functions @f0 .. and the options that shape them. */
typedef struct {
    int ret;
    int nparams;
    int params[8];
    bool calls;         /* calls other functions: not called in loops */
    bool rec;           /* calls itself; params[0] is the i64 depth */
} Func;

extern Func funcs[64];
extern int nfuncs, nstmts, maxdepth;
extern bool naive;
/* Prints function idx of funcs (sirgen.c). */
void gen_func(int idx);

/* globals: @g0 [i64 x 8], @g1 [i32 x 16], @g2 [f64 x 4] (writable),
 * @k0 [i16 x 8] (const), @sink and @fsink */
typedef struct {
    const char *name;
    int elem;
    unsigned len;
    bool writable;
} SgGlobal;

#define NGLOBALS 6
extern const SgGlobal globals[NGLOBALS];

#endif
