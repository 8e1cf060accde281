/*
 * module.c - modules, interned signatures, symbols (in item order, with a
 * name index) and initializers.
 */
#include "ir_int.h"

#include <stdlib.h>
#include <string.h>

IrModule *
ir_module_new(void)
{
    IrModule *m = xcalloc(1, sizeof *m);
    VEC_PUSH(m->strs, ((IrStr){0, 0}));
    VEC_PUSH(m->chars, 0);
    ir_types_init(m);
    VEC_PUSH(m->sigs, ((IrSigData){0}));
    VEC_PUSH(m->params, ((IrParam){0}));
    VEC_PUSH(m->syms, ((IrSymData){0}));
    VEC_PUSH(m->inits, ((IrInitData){0}));
    VEC_PUSH(m->ipool, ((IrInit){0}));
    return m;
}

void
ir_module_free(IrModule *m)
{
    if (!m)
        return;
    ir_module_share_end(m);
    for (uint32_t i = 1; i < m->syms.len; i++)
        if (m->syms.data[i].func)
            ir_func_free(m->syms.data[i].func);
    VEC_FREE(m->chars);
    VEC_FREE(m->strs);
    free(m->strhash);
    VEC_FREE(m->types);
    VEC_FREE(m->mpool);
    VEC_FREE(m->offpool);
    free(m->typehash);
    VEC_FREE(m->sigs);
    VEC_FREE(m->params);
    free(m->sighash);
    VEC_FREE(m->syms);
    free(m->symhash);
    VEC_FREE(m->inits);
    VEC_FREE(m->ipool);
    free(m);
}

/* ---------------------------------------------------------- signatures */

static uint32_t
sig_hash(const IrSigData *s, const IrParam *p)
{
    uint32_t h = ir_hash_mix(0x5167, s->ret.id);
    h = ir_hash_mix(h, s->ret_attrs | s->conv << 8 | (uint32_t)s->variadic << 16);
    h = ir_hash_mix(h, s->nparams);
    for (uint32_t i = 0; i < s->nparams; i++) {
        h = ir_hash_mix(h, p[i].ty.id | (uint64_t)p[i].attrs << 32);
        h = ir_hash_mix(h, p[i].byval);
    }
    return h;
}

static bool
sig_eq(const IrModule *m, const IrSigData *a, const IrSigData *b,
       const IrParam *bp)
{
    if (a->ret.id != b->ret.id || a->ret_attrs != b->ret_attrs ||
        a->conv != b->conv || a->variadic != b->variadic ||
        a->nparams != b->nparams)
        return false;
    const IrParam *ap = &m->params.data[a->params];
    for (uint32_t i = 0; i < a->nparams; i++)
        if (ap[i].ty.id != bp[i].ty.id || ap[i].attrs != bp[i].attrs ||
            ap[i].byval != bp[i].byval)
            return false;
    return true;
}

static void
sig_rehash(IrModule *m)
{
    uint32_t cap = m->sighcap ? m->sighcap * 2 : 64;
    uint32_t *t = xcalloc(cap, sizeof *t);
    for (uint32_t id = 1; id < m->sigs.len; id++) {
        const IrSigData *s = &m->sigs.data[id];
        uint32_t k = sig_hash(s, &m->params.data[s->params]) & (cap - 1);
        while (t[k])
            k = (k + 1) & (cap - 1);
        t[k] = id;
    }
    free(m->sighash);
    m->sighash = t;
    m->sighcap = cap;
}

static IrSig
sig_intern(IrModule *m, IrType ret, uint8_t ret_attrs, IrConv conv,
           bool variadic, const IrParam *params, uint32_t nparams)
{
    IrSigData s = {ret, ret_attrs, (uint8_t)conv, variadic, nparams, 0};
    if ((m->sigs.len + 1) * 2 > m->sighcap)
        sig_rehash(m);
    uint32_t k = sig_hash(&s, params) & (m->sighcap - 1);
    for (; m->sighash[k]; k = (k + 1) & (m->sighcap - 1))
        if (sig_eq(m, &m->sigs.data[m->sighash[k]], &s, params))
            return (IrSig){m->sighash[k]};
    s.params = m->params.len;
    for (uint32_t i = 0; i < nparams; i++)
        MOD_PUSH(m, m->params, params[i]);
    uint32_t id = m->sigs.len;
    MOD_PUSH(m, m->sigs, s);
    m->sighash[k] = id;
    return (IrSig){id};
}

IrSig
ir_sig_intern(IrModule *m, IrType ret, uint8_t ret_attrs, IrConv conv,
              bool variadic, const IrParam *params, uint32_t nparams)
{
    MOD_LOCKED(IrSig, m,
               sig_intern(m, ret, ret_attrs, conv, variadic, params,
                          nparams));
}

const IrSigData *
ir_sig(const IrModule *m, IrSig s)
{
    return &MOD_READ(m->sigs.data)[s.id];
}

const IrParam *
ir_sig_param(const IrModule *m, IrSig s, uint32_t i)
{
    return &MOD_READ(m->params.data)[MOD_READ(m->sigs.data)[s.id].params + i];
}

bool
ir_sig_same_types(const IrModule *m, IrSig a, IrSig b)
{
    const IrSigData *x = ir_sig(m, a), *y = ir_sig(m, b);
    if (x->ret.id != y->ret.id || x->conv != y->conv ||
        x->variadic != y->variadic || x->nparams != y->nparams)
        return false;
    for (uint32_t i = 0; i < x->nparams; i++)
        if (ir_sig_param(m, a, i)->ty.id != ir_sig_param(m, b, i)->ty.id)
            return false;
    return true;
}

/* ------------------------------------------------------------- symbols */

static void
sym_rehash(IrModule *m)
{
    uint32_t cap = m->symhcap ? m->symhcap * 2 : 64;
    uint32_t *t = xcalloc(cap, sizeof *t);
    for (uint32_t id = 1; id < m->syms.len; id++) {
        uint32_t k = ir_hash_mix(0, m->syms.data[id].name) & (cap - 1);
        while (t[k])
            k = (k + 1) & (cap - 1);
        t[k] = id;
    }
    free(m->symhash);
    m->symhash = t;
    m->symhcap = cap;
}

uint32_t
ir_num_syms(const IrModule *m)
{
    return MOD_READ(m->syms.len) - 1;
}

IrSymData *
ir_sym(IrModule *m, IrSym s)
{
    return &MOD_READ(m->syms.data)[s.id];
}

const IrSymData *
ir_sym_c(const IrModule *m, IrSym s)
{
    return &MOD_READ(m->syms.data)[s.id];
}

static IrSym
sym_lookup(const IrModule *m, uint32_t name)
{
    if (!m->symhcap || !name)
        return (IrSym){0};
    uint32_t k = ir_hash_mix(0, name) & (m->symhcap - 1);
    for (; m->symhash[k]; k = (k + 1) & (m->symhcap - 1))
        if (m->syms.data[m->symhash[k]].name == name)
            return (IrSym){m->symhash[k]};
    return (IrSym){0};
}

IrSym
ir_sym_lookup(const IrModule *m, uint32_t name)
{
    MOD_LOCKED(IrSym, m, sym_lookup(m, name));
}

static IrSym
sym_add(IrModule *m, uint32_t name, IrSymKind kind)
{
    IR_ASSERT(!sym_lookup(m, name).id);
    if ((m->syms.len + 1) * 2 > m->symhcap)
        sym_rehash(m);
    IrSymData d = {.name = name, .kind = (uint8_t)kind};
    uint32_t id = m->syms.len;
    MOD_PUSH(m, m->syms, d);
    uint32_t k = ir_hash_mix(0, name) & (m->symhcap - 1);
    while (m->symhash[k])
        k = (k + 1) & (m->symhcap - 1);
    m->symhash[k] = id;
    return (IrSym){id};
}

IrSym
ir_sym_add(IrModule *m, uint32_t name, IrSymKind kind)
{
    MOD_LOCKED(IrSym, m, sym_add(m, name, kind));
}

IrSym
ir_func_declare(IrModule *m, const char *name, IrSig sig)
{
    ir_mod_lock(m);
    IrSym s = sym_add(m, ir_intern(m, name, strlen(name)), IR_SYM_FUNC);
    ir_sym(m, s)->sig = sig;
    ir_mod_unlock(m);
    return s;
}

IrFunc *
ir_func_define(IrModule *m, IrSym s)
{
    IrSymData *d = ir_sym(m, s);
    IR_ASSERT(d->kind == IR_SYM_FUNC && !d->func);
    IrFunc *f = ir_func_new(m, s);
    ir_sym(m, s)->func = f;
    return f;
}

IrSym
ir_data_define(IrModule *m, const char *name, IrSymKind kind, IrType ty,
               IrInit init, uint32_t align)
{
    IrSym s = ir_sym_add(m, ir_intern(m, name, strlen(name)), kind);
    IrSymData *d = ir_sym(m, s);
    d->type = ty;
    d->init = init;
    d->align = align;
    return s;
}

/* -------------------------------------------------------- initializers */

IrInit
ir_init_new(IrModule *m, IrInitKind kind)
{
    IrInitData d = {.kind = (uint8_t)kind};
    uint32_t id = m->inits.len;
    VEC_PUSH(m->inits, d);
    return (IrInit){id};
}

IrInitData *
ir_init(IrModule *m, IrInit i)
{
    return &m->inits.data[i.id];
}

const IrInitData *
ir_init_c(const IrModule *m, IrInit i)
{
    return &m->inits.data[i.id];
}

uint32_t
ir_init_list(IrModule *m, const IrInit *items, uint32_t n)
{
    uint32_t first = m->ipool.len;
    VEC_RESERVE_RAW(m->ipool, m->ipool.len + n);
    if (n)
        memcpy(m->ipool.data + first, items, n * sizeof *items);
    m->ipool.len += n;
    return first;
}

IrInit
ir_init_child(const IrModule *m, IrInit parent, uint32_t k)
{
    return m->ipool.data[m->inits.data[parent.id].first + k];
}
