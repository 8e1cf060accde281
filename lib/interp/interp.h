/*
 * interp.h - the public interface of the SIR interpreter (lib/interp),
 * the engine behind siri.  It runs a verified module, checks undefined
 * behaviour as it goes and calls (and is called by) C code through
 * libffi, so it is a library of its own: libsir-interp, pkg-config
 * package sir-interp.  A front end that only parses, optimizes and
 * compiles links libsir alone and never needs libffi.
 */
#ifndef SIR_INTERP_H
#define SIR_INTERP_H

#include "ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* interp.c */
typedef struct IrInterp IrInterp;

typedef struct {
    bool check_ub;          /* stop on undefined behaviour (recommended) */
    bool lint_undef;        /* also stop on branches on undef and on
                               addresses computed from undef */
    uint64_t stack_size;    /* bytes for stack slots and alloca; 0: 256M */
    uint32_t max_depth;     /* call depth limit; 0: 1M */
    /* Optional: what the host (a C test driver) provides for an exported
     * symbol of the module, or NULL.  For a global or const: storage,
     * where it is initialized (accesses to it are then not checked).
     * For a function definition: the address C uses for it (a stub that
     * jumps to ir_interp_sym_addr), which then is its address in SIR too.
     */
    void *(*host_sym)(const char *name, bool is_func, void *ctx);
    void *host_ctx;
} IrInterpOptions;

/* Results of ir_interp_call (and siri's exit statuses). */
enum {
    IR_INTERP_OK = 0,
    IR_INTERP_ERROR = 1,    /* e.g. an external function not found */
    IR_INTERP_UB = 70,      /* undefined behaviour or lint stopped it */
};

/* Prepares a verified module for execution: decodes its functions, lays
 * out and initializes its globals and gives every function a host
 * address.  Runtime errors are reported to d (give it the module's
 * source for located messages).  NULL on failure, reported to d. */
IrInterp *ir_interp_new(IrModule *m, const IrInterpOptions *o, Diag *d);
void ir_interp_free(IrInterp *ip);
/* Calls the function s with scalar arguments given as bit patterns
 * (zero-extended).  Its result is stored to 'result' unless NULL: a
 * scalar as a zero-extended uint64_t, an aggregate as its bytes
 * (max(8, size) bytes).  Returns IR_INTERP_OK, IR_INTERP_ERROR or
 * IR_INTERP_UB; errors have been reported. */
int ir_interp_call(IrInterp *ip, IrSym s, const uint64_t *args,
                   uint32_t nargs, void *result);
/* The host address of a symbol: a function's callable address (C code
 * may call it), a global's storage, an extern's resolved address; NULL
 * if an external symbol was not found. */
void *ir_interp_sym_addr(IrInterp *ip, IrSym s);

#ifdef __cplusplus
}
#endif

#endif
