/*
 * interp_ffi.c - the interpreter's C interface, through libffi.
 *
 * Calls of declared functions, and indirect calls of addresses that are
 * not SIR functions, go to the host with ffi_call (ffi_prep_cif_var for
 * variadic signatures).  Every SIR function definition gets a libffi
 * closure, whose code address is the function's address: C code can call
 * it (qsort comparators, atexit handlers) and re-enters the interpreter,
 * and an indirectcall of such an address is recognised and runs in the
 * interpreter directly.
 *
 * SIR types map to C types as in spec section 4.3: aggregates become
 * ffi struct types whose elements are the members, arrays repeated
 * element by element (the classification is then the C compiler's for
 * the corresponding struct).  Zero-sized arguments occupy nothing and
 * are left out; a zero-sized result is void.
 */
#include "interp_int.h"

#include <string.h>

enum { TY_UNKNOWN, TY_OK, TY_ZERO, TY_BAD };

typedef VEC(ffi_type *) TypeVec;

static ffi_type *ffi_of(Interp *ip, IrType t, uint8_t *state);

/* Appends the ffi elements of a member of type t. */
static void
elems(Interp *ip, IrType t, TypeVec *v, bool *bad)
{
    IrModule *m = ip->m;
    if (ir_type_size(m, t) == 0)
        return;
    if (ir_type_kind(m, t) == IR_TY_ARRAY) {
        IrType e = ir_type_elem(m, t);
        uint64_t n = ir_type_nmembers(m, t);
        if (n > (1u << 20)) {
            *bad = true;
            return;
        }
        uint32_t before = v->len;
        elems(ip, e, v, bad);
        uint32_t per = v->len - before;
        for (uint64_t k = 1; k < n && !*bad; k++)
            for (uint32_t j = 0; j < per; j++)
                VEC_PUSH(*v, v->data[before + j]);
        return;
    }
    uint8_t st;
    ffi_type *ft = ffi_of(ip, t, &st);
    if (st == TY_BAD)
        *bad = true;
    else if (st == TY_OK)
        VEC_PUSH(*v, ft);
}

/* The ffi type of t: *state is TY_OK, TY_ZERO (zero-sized: omitted) or
 * TY_BAD (libffi cannot describe it with the SIR layout). */
static ffi_type *
ffi_of(Interp *ip, IrType t, uint8_t *state)
{
    IrModule *m = ip->m;
    switch (t.id) {
    case IR_TY_BOOL: *state = TY_OK; return &ffi_type_uint8;
    case IR_TY_I8: *state = TY_OK; return &ffi_type_sint8;
    case IR_TY_I16: *state = TY_OK; return &ffi_type_sint16;
    case IR_TY_I32: *state = TY_OK; return &ffi_type_sint32;
    case IR_TY_I64: *state = TY_OK; return &ffi_type_sint64;
    case IR_TY_F32: *state = TY_OK; return &ffi_type_float;
    case IR_TY_F64: *state = TY_OK; return &ffi_type_double;
    case IR_TY_PTR: *state = TY_OK; return &ffi_type_pointer;
    case IR_TY_VOID: *state = TY_ZERO; return &ffi_type_void;
    }
    if (t.id >= ip->ntypes) {
        *state = TY_BAD;
        return NULL;
    }
    if (ip->ffityped[t.id] != TY_UNKNOWN) {
        *state = ip->ffityped[t.id];
        return ip->ffitypes[t.id];
    }
    if (ir_type_size(m, t) == 0) {
        ip->ffityped[t.id] = *state = TY_ZERO;
        return NULL;
    }
    ip->ffityped[t.id] = TY_BAD;    /* while building */
    TypeVec v = {0};
    bool bad = false;
    if (ir_type_kind(m, t) == IR_TY_ARRAY) {
        elems(ip, t, &v, &bad);
    } else {
        uint64_t n = ir_type_nmembers(m, t);
        for (uint64_t k = 0; k < n && !bad; k++)
            elems(ip, ir_type_member(m, t, k), &v, &bad);
    }
    VEC_PUSH(v, (ffi_type *)NULL);
    ffi_type *ft = xcalloc(1, sizeof *ft);
    ft->type = FFI_TYPE_STRUCT;
    ft->elements = v.data;
    VEC_PUSH(ip->ffimem, ft);
    VEC_PUSH(ip->ffimem, v.data);
    /* libffi computes size and alignment; they must match the SIR
     * layout (zero-sized members with alignment could shift them). */
    if (!bad && (ffi_get_struct_offsets(FFI_DEFAULT_ABI, ft, NULL) != FFI_OK
                 || ft->size != ir_type_size(m, t)
                 || ft->alignment != ir_type_align(m, t)))
        bad = true;
    ip->ffityped[t.id] = bad ? TY_BAD : TY_OK;
    ip->ffitypes[t.id] = ft;
    *state = ip->ffityped[t.id];
    return ft;
}

/* A struct of n bytes, for byval(n): passed in memory (n > 16). */
static ffi_type *
byval_type(Interp *ip, uint64_t n)
{
    ffi_type **el = xcalloc(n + 1, sizeof *el);
    for (uint64_t k = 0; k < n; k++)
        el[k] = &ffi_type_uint8;
    ffi_type *ft = xcalloc(1, sizeof *ft);
    ft->type = FFI_TYPE_STRUCT;
    ft->elements = el;
    VEC_PUSH(ip->ffimem, ft);
    VEC_PUSH(ip->ffimem, el);
    return ft;
}

/* System V x86-64 classes of the eightbytes of t at 'off' (t within 16
 * bytes): 1 INTEGER, 2 SSE; INTEGER wins when both occur. */
static void
classify(const IrModule *m, IrType t, uint64_t off, uint8_t cls[2])
{
    if (ir_type_size(m, t) == 0)
        return;
    switch (ir_type_kind(m, t)) {
    case IR_TY_ARRAY: {
        IrType e = ir_type_elem(m, t);
        uint64_t n = ir_type_nmembers(m, t), es = ir_type_size(m, e);
        for (uint64_t k = 0; k < n; k++)
            classify(m, e, off + k * es, cls);
        return;
    }
    case IR_TY_STRUCT: {
        uint64_t n = ir_type_nmembers(m, t);
        for (uint64_t k = 0; k < n; k++)
            classify(m, ir_type_member(m, t, k),
                     off + ir_type_offset(m, t, k), cls);
        return;
    }
    default: {
        uint8_t c = ir_type_is_float(t) ? 2 : 1;
        uint8_t *d = &cls[off / 8 > 1 ? 1 : off / 8];
        if (*d != 1)
            *d = c;
    }
    }
}

/* libffi 3.4 before 3.4.7 mispasses a structure of more than 8 bytes
 * whose INTEGER eightbyte goes in the sixth integer register: it copies
 * the whole structure there and overwrites the first SSE register
 * (libffi pull request 848).  Structures that travel in registers are
 * therefore passed as their eightbytes, as uint64_t or double scalars:
 * the same registers, so the same call under the System V ABI. */
static bool
split_structs(const IrSigData *sd)
{
#if defined(__x86_64__) && !defined(_WIN32)
    return sd->conv != IR_CONV_WIN64;
#else
    (void)sd;
    return false;
#endif
}

FfiSig *
itp_ffi_sig(Interp *ip, IrSig sig, uint32_t nargs, const IrType *argtys,
               bool closure)
{
    IrModule *m = ip->m;
    const IrSigData *sd = ir_sig(m, sig);
    FfiSig *fs = xcalloc(1, sizeof *fs);
    VEC_PUSH(ip->ffisigs, fs);
    fs->atypes = xcalloc(2 * nargs + 1, sizeof *fs->atypes);
    fs->argmap = xcalloc(2 * nargs + 1, sizeof *fs->argmap);
    fs->pieces = xcalloc(2 * nargs + 1, sizeof *fs->pieces);
    fs->ok = true;
    fs->ret = sd->ret;
    uint32_t nfixed = 0, gp = 0, sse = 0;
    bool split = !closure && split_structs(sd);
    /* A result returned in memory takes the first integer register for
     * its hidden pointer. */
    if (sd->ret.id && !ir_type_is_scalar(sd->ret)
        && ir_type_size(m, sd->ret) > 16)
        gp = 1;
    for (uint32_t k = 0; k < nargs; k++) {
        const IrParam *pp = k < sd->nparams ? ir_sig_param(m, sig, k) : NULL;
        uint8_t st;
        ffi_type *ft;
        FfiArg fa = {k, FA_DIRECT, 0, 0};
        IrType t = argtys[k];
        if (pp && (pp->attrs & IR_ATTR_BYVAL)) {
            if (pp->byval <= 16 || pp->byval > (1u << 20)) {
                fs->ok = false;
                fs->why = pp->byval <= 16
                    ? "a byval(N) parameter with N <= 16, which C may pass "
                      "in registers"
                    : "a byval(N) parameter over 1 MiB";
            }
            ft = byval_type(ip, pp->byval);
            st = TY_OK;
            fa.how = FA_BYVAL;
        } else {
            ft = ffi_of(ip, t, &st);
        }
        if (st == TY_BAD) {
            fs->ok = false;
            fs->why = "a parameter type libffi cannot describe";
        }
        if (st != TY_OK)
            continue;
        if (fa.how == FA_DIRECT && ir_type_is_scalar(t)) {
            if (ir_type_is_float(t))
                sse++;
            else
                gp++;
            /* Spec 4.3: narrow arguments are extended to 32 bits by the
             * caller, in a register and in a stack slot alike; libffi
             * would leave the bytes above them in a stack slot as they
             * were.  They go as 64-bit integers extended here. */
            if (!closure && (t.id == IR_TY_BOOL || t.id == IR_TY_I8
                             || t.id == IR_TY_I16)) {
                fa.how = t.id == IR_TY_BOOL ? FA_ZEXT : FA_SEXT;
                fa.size = (uint8_t)ir_type_size(m, t);
                ft = t.id == IR_TY_BOOL ? &ffi_type_uint64
                                        : &ffi_type_sint64;
            }
        } else if (fa.how == FA_DIRECT && split &&
                   ir_type_size(m, t) <= 16) {
            uint8_t cls[2] = {0, 0};
            classify(m, t, 0, cls);
            uint64_t size = ir_type_size(m, t);
            uint32_t n = size > 8 ? 2 : 1, ng = 0, ns = 0;
            for (uint32_t e = 0; e < n; e++)
                cls[e] == 2 ? ns++ : ng++;
            if (gp + ng <= 6 && sse + ns <= 8) {
                gp += ng;
                sse += ns;
                for (uint32_t e = 0; e < n; e++) {
                    FfiArg pa = {k, FA_PIECE,
                                 (uint8_t)(e == 0 ? (size < 8 ? size : 8)
                                                  : size - 8),
                                 (uint16_t)(8 * e)};
                    if (k < sd->nparams)
                        nfixed++;
                    fs->atypes[fs->nffi] = cls[e] == 2 ? &ffi_type_double
                                                       : &ffi_type_uint64;
                    fs->argmap[fs->nffi++] = pa;
                }
                continue;
            }
        }
        if (k < sd->nparams)
            nfixed++;
        fs->atypes[fs->nffi] = ft;
        fs->argmap[fs->nffi++] = fa;
    }
    uint8_t st;
    ffi_type *rt = ffi_of(ip, sd->ret, &st);
    if (st == TY_BAD) {
        fs->ok = false;
        fs->why = "a result type libffi cannot describe";
    }
    if (st != TY_OK) {
        rt = &ffi_type_void;
        fs->ret_void = true;
    }
    uint64_t rs = sd->ret.id ? ir_type_size(m, sd->ret) : 0;
    if (rs > ((uint64_t)1 << 30)) {
        fs->ok = false;
        fs->why = "a result over 1 GiB";
        rs = 0;
    }
    fs->rbuf = xcalloc(1, rs + 32);
    if (!fs->ok)
        return fs;
    ffi_abi abi = FFI_DEFAULT_ABI;
#if defined(__x86_64__) && !defined(_WIN32)
    if (sd->conv == IR_CONV_WIN64)
        abi = FFI_WIN64;
#else
    if (sd->conv != IR_CONV_CCC) {
        fs->ok = false;
        fs->why = "a calling convention of another host";
    }
#endif
    ffi_status r;
    if (sd->variadic && !closure)
        r = ffi_prep_cif_var(&fs->cif, abi, nfixed, fs->nffi, rt,
                             fs->atypes);
    else
        r = ffi_prep_cif(&fs->cif, abi, fs->nffi, rt, fs->atypes);
    if (r != FFI_OK) {
        fs->ok = false;
        fs->why = "a signature libffi rejects";
    }
    return fs;
}

static uint64_t
mask_of(IrType t)
{
    unsigned w = ir_type_bits(t);
    return w >= 64 ? ~(uint64_t)0 : (UINT64_C(1) << w) - 1;
}

void
itp_ffi_call(Interp *ip, const DInst *in, void *fnaddr, FfiSig *fs,
                DCall *c, uint8_t *fp)
{
    if (!fs->ok)
        itp_fail(ip, in, IR_INTERP_ERROR, "the interpreter cannot call a C "
                 "function with this signature: %s", fs->why);
    const uint32_t *ao = ip->argoffs.data + c->args;
    void **av = c->avalues;
    for (uint32_t j = 0; j < fs->nffi; j++) {
        const FfiArg *fa = &fs->argmap[j];
        uint8_t *v = fp + ao[fa->arg];
        if (fa->how == FA_BYVAL) {
            void *p;
            memcpy(&p, v, sizeof p);
            av[j] = p;
        } else if (fa->how == FA_SEXT || fa->how == FA_ZEXT) {
            int64_t x;
            if (fa->size == 2) {
                int16_t h;
                memcpy(&h, v, 2);
                x = h;
            } else {
                int8_t b;
                memcpy(&b, v, 1);
                x = b;
            }
            fs->pieces[j] = fa->how == FA_ZEXT ? (uint64_t)(uint8_t)x
                                                : (uint64_t)x;
            av[j] = &fs->pieces[j];
        } else if (fa->how == FA_PIECE) {
            fs->pieces[j] = 0;
            memcpy(&fs->pieces[j], v + fa->off, fa->size);
            av[j] = &fs->pieces[j];
        } else {
            av[j] = v;
        }
    }
    const DInst *outer = ip->ffi_in;
    ip->ffi_in = in;
    ffi_call(&fs->cif, FFI_FN(fnaddr), fs->rbuf, av);
    ip->ffi_in = outer;
    IrModule *m = ip->m;
    IrType rt = fs->ret;
    if (fs->ret_void || !rt.id)
        return;
    if (ir_type_is_scalar(rt)) {
        uint64_t v = 0;
        memcpy(&v, fs->rbuf, ir_type_size(m, rt));
        v &= mask_of(rt);
        memcpy(fp + in->dst, &v, 8);
    } else {
        memcpy(fp + in->dst, fs->rbuf, ir_type_size(m, rt));
    }
}

/* C called the closure of a SIR function: run it on top of whatever the
 * interpreter is doing (maybe nothing: an atexit handler). */
static void
closure_entry(ffi_cif *cif, void *ret, void **args, void *user)
{
    DFunc *fn = user;
    Interp *ip = fn->ip;
    FfiSig *fs = fn->csig;
    IrModule *m = ip->m;
    (void)cif;
    uint8_t *fp = itp_frame_top(ip);
    if (fp + fn->frame_size > ip->vlimit)
        itp_fail(ip, NULL, IR_INTERP_UB,
                    "undefined behaviour: stack exhausted");
    memset(fp, 0, 8);
    if (ip->shadow)     /* arguments from C are not undef */
        memset(ip->shadow + (fp - ip->vstack) / 8, 0, fn->frame_size / 8);
    for (uint32_t j = 0; j < fs->nffi; j++) {
        uint32_t k = fs->argmap[j].arg;
        if (k >= fn->nparams)
            continue;
        IrType t = fn->param_ty[k];
        uint8_t *dst = fp + fn->param_off[k];
        if (fs->argmap[j].how == FA_BYVAL) {
            uint64_t p = (uintptr_t)args[j];
            memcpy(dst, &p, 8);
        } else if (ir_type_is_scalar(t)) {
            uint64_t v = 0;
            memcpy(&v, args[j], ir_type_size(m, t));
            memcpy(dst, &v, 8);
        } else {
            memcpy(dst, args[j], ir_type_size(m, t));
        }
    }
    uint32_t depth = ip->depth;
    itp_push_frame(ip, fn, fp, NULL, NULL);
    itp_exec(ip, depth);
    if (fs->ret_void)
        return;
    IrType rt = fn->ret;
    uint64_t v;
    memcpy(&v, ip->retbuf, 8);
    switch (rt.id) {
    case IR_TY_I8: v = (uint64_t)(int64_t)(int8_t)v; break;
    case IR_TY_I16: v = (uint64_t)(int64_t)(int16_t)v; break;
    case IR_TY_I32: v = (uint64_t)(int64_t)(int32_t)v; break;
    case IR_TY_BOOL: v &= 1; break;
    default: break;
    }
    if (rt.id == IR_TY_F32)
        memcpy(ret, ip->retbuf, 4);
    else if (ir_type_is_scalar(rt))
        memcpy(ret, &v, sizeof(ffi_arg) > 8 ? 8 : sizeof(ffi_arg));
    else
        memcpy(ret, ip->retbuf, ir_type_size(m, rt));
}

/* C called a SIR function whose signature libffi cannot receive: its
 * address is a closure of no arguments that stops the program with an
 * error at the call into C, instead of code that would misread them. */
static void
refused_entry(ffi_cif *cif, void *ret, void **args, void *user)
{
    DFunc *fn = user;
    Interp *ip = fn->ip;
    const IrSymData *sd = ir_sym_c(ip->m, fn->sym);
    (void)cif, (void)ret, (void)args;
    itp_fail(ip, ip->ffi_in, IR_INTERP_ERROR, "C code called @%s (line "
             "%u), which the interpreter cannot receive from C: its "
             "signature has %s", ir_str(ip->m, sd->name), sd->loc.line,
             fn->csig->why);
}

/* Makes fn's host address a closure of 'entry' through 'cif'; fs is
 * the signature C calls it with. */
static bool
bind_closure(DFunc *fn, ffi_cif *cif,
             void (*entry)(ffi_cif *, void *, void **, void *), FfiSig *fs)
{
    void *code = NULL;
    ffi_closure *cl = ffi_closure_alloc(sizeof(ffi_closure), &code);
    if (!cl)
        return false;
    if (ffi_prep_closure_loc(cl, cif, entry, fn, code) != FFI_OK) {
        ffi_closure_free(cl);
        return false;
    }
    fn->closure = cl;
    fn->csig = fs;
    fn->addr = code;
    return true;
}

bool
itp_make_closure(Interp *ip, DFunc *fn)
{
    IrModule *m = ip->m;
    IrSig sig = ir_sym_c(m, fn->sym)->sig;
    const IrSigData *sd = ir_sig(m, sig);
    IrType *tys = xcalloc(sd->nparams + 1, sizeof *tys);
    for (uint32_t k = 0; k < sd->nparams; k++)
        tys[k] = ir_sig_param(m, sig, k)->ty;
    FfiSig *fs = itp_ffi_sig(ip, sig, sd->nparams, tys, true);
    free(tys);
    if (fs->ok)
        return bind_closure(fn, &fs->cif, closure_entry, fs);
    /* A closure that takes nothing and refuses the call. */
    static ffi_type *none[1];
    FfiSig *r = xcalloc(1, sizeof *r);
    VEC_PUSH(ip->ffisigs, r);
    return ffi_prep_cif(&r->cif, FFI_DEFAULT_ABI, 0, &ffi_type_void, none)
               == FFI_OK &&
           bind_closure(fn, &r->cif, refused_entry, fs);
}

void
itp_ffi_free(Interp *ip)
{
    uint32_t nsyms = ir_num_syms(ip->m) + 1;
    for (uint32_t s = 0; s < nsyms && ip->funcs; s++)
        if (ip->funcs[s].closure)
            ffi_closure_free(ip->funcs[s].closure);
    for (uint32_t k = 0; k < ip->ffisigs.len; k++) {
        FfiSig *fs = ip->ffisigs.data[k];
        free(fs->atypes);
        free(fs->argmap);
        free(fs->pieces);
        free(fs->rbuf);
        free(fs);
    }
    for (uint32_t k = 0; k < ip->ffimem.len; k++)
        free(ip->ffimem.data[k]);
    VEC_FREE(ip->ffisigs);
    VEC_FREE(ip->ffimem);
}
