/*
 * enc.c - AArch64 machine code for finalized MIR (Target.encode): one
 * 32-bit word per instruction, made from the row's BASE word in
 * insts.def by its encoding class (E_*, a64.h says which fields each
 * class fills from which operands).
 *
 * The words are those GNU as and llvm-mc make of the text
 * a64_print_inst prints for the same instruction, aliases included
 * (mov to or from sp is add #0, a negative add or compare immediate is
 * the opposite operation, uxtw is a 32-bit orr).
 * test/unit/check_a64enc.c holds golden words checked against llvm-mc.
 *
 * Branches to blocks leave MC_FX_BRANCH fixups; symbol references leave
 * MC_FX_SYM fixups with the field zero (the object sink resolves or
 * relocates them).  Every branch has one size: the shared layout
 * (branchrange.c) has already rewritten conditional branches that cannot
 * reach their target, so short_branch changes nothing.
 */
#include "a64.h"

typedef struct {
    uint8_t enc;        /* E_* */
    uint32_t base;
} EncRow;

static const EncRow rows[A64_NOPS] = {
#define X(e, s, fm, fl, n, r0, c0, f0, r1, c1, f1, r2, c2, f2, r3, c3, f3, \
          ec, base) \
    [A64_##e] = {ec, base},
#include "insts.def"
#undef X
};

typedef struct {
    MirFunc *f;
    uint32_t i;
    McFixup *fx;
    uint32_t *nfx;
} Enc;

/* The 5-bit number of a physreg: x0-x30 and v0-v30 by number, sp 31. */
static uint32_t
R(const MirOpnd *o)
{
    uint32_t r = o->reg;
    if (o->kind != MO_REG && o->kind != MO_MEM)
        CG_BUG("a64_encode: operand kind %u where a register is expected",
               o->kind);
    if (r >= X0 && r <= X30)
        return r - X0;
    if (r == SP)
        return 31;
    if (r >= V0 && r <= V30)
        return r - V0;
    CG_BUG("a64_encode: register %u is not a physreg", r);
}

static uint32_t
sf(unsigned size)
{
    return size == 8 ? 0x80000000u : 0;
}

/* ftype of a scalar FP operation: 00 single, 01 double. */
static uint32_t
ftype(unsigned size)
{
    return size == 8 ? 1u << 22 : 0;
}

static unsigned
log2u(unsigned n)
{
    unsigned k = 0;
    while (n > 1) {
        n >>= 1;
        k++;
    }
    return k;
}

static void
fixup(Enc *e, uint8_t kind, uint8_t rkind, uint8_t field, uint32_t target,
      int64_t addend, uint8_t scale)
{
    if (*e->nfx >= MC_MAXFIX)
        CG_BUG("a64_encode: too many fixups");
    e->fx[(*e->nfx)++] = (McFixup){
        .kind = kind, .rkind = rkind, .field = field, .scale = scale,
        .target = target, .addend = addend,
    };
}

McField
a64_branch_field(uint16_t op)
{
    switch (op) {
    case A64_B: return MC_FLD_IMM26;
    case A64_BCC: case A64_CBZ: case A64_CBNZ: return MC_FLD_IMM19;
    case A64_TBZ: case A64_TBNZ: return MC_FLD_IMM14;
    default: return MC_FLD_NONE;
    }
}

int64_t
a64_branch_reach(const MirInst *in)
{
    return in->op == A64_B ? 0 : mc_field_reach(a64_branch_field(in->op));
}

/* The target of a branch: a block (a fixup for the sink), or the byte
 * offset cg_branch_range wrote over it (`b.ne .+8`). */
static uint32_t
block_fixup(Enc *e, uint32_t w, const MirOpnd *o, McField fld)
{
    if (o->kind == MO_IMM) {
        uint8_t b[4] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16),
                        (uint8_t)(w >> 24)};
        mc_field_put(b, fld, o->imm);
        return (uint32_t)b[0] | (uint32_t)b[1] << 8 |
               (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    if (o->kind != MO_BLOCK)
        CG_BUG("a64_encode: branch without a block operand");
    fixup(e, MC_FX_BRANCH, 0, (uint8_t)fld, o->obj, 0, 0);
    return w;
}

static bool
has_sp(const MirOpnd *a, const MirOpnd *b)
{
    return (a && a->kind == MO_REG && a->reg == SP) ||
           (b && b->kind == MO_REG && b->reg == SP);
}

/*
 * A load or store of register t (fp: a v register) of 'size' bytes at
 * memory operand m.  'base' is the row's unsigned-offset word with the
 * size field clear; ldrs gives 'sext' with the destination width.
 */
static uint32_t
ldst(uint32_t base, bool load, bool fp, bool sext, unsigned size,
     unsigned dsize, uint32_t t, const MirOpnd *m)
{
    if (m->kind != MO_MEM || m->base != MB_REG)
        CG_BUG("a64_encode: memory operand not finalized");
    uint32_t w = base;
    unsigned lg = log2u(size);
    if (fp && size == 16)
        w |= 1u << 23;              /* q: size 00, opc 1x */
    else
        w |= (uint32_t)(lg & 3) << 30;
    if (sext && dsize == 4)
        w |= 1u << 22;              /* opc 11: a w destination */
    (void)load;
    w |= R(m) << 5 | t;
    if (m->index) {
        MirOpnd ix = {.kind = MO_REG, .reg = m->index};
        /* option: 011 lsl (an x index), 110 sxtw, 010 uxtw (a w one) */
        uint32_t opt = m->ext == MIR_EXT_SXTW ? 6 : m->ext == MIR_EXT_UXTW
                       ? 2 : 3;
        w = (w & ~0x01000000u) | 0x00200800u | opt << 13 | R(&ix) << 16;
        if (m->scale > 1)
            w |= 1u << 12;
        return w;
    }
    int64_t d = m->imm;
    if (d >= 0 && d % (int64_t)size == 0 && d / (int64_t)size < 4096)
        return w | (uint32_t)(d / (int64_t)size) << 10;
    if (d < -256 || d > 255)
        CG_BUG("a64_encode: displacement %lld not legalized", (long long)d);
    return (w & ~0x01000000u) | ((uint32_t)d & 0x1FF) << 12;
}

/* Rn, Rm and Rd into w; without n or d (neg and mvn have no Rn, cmp
 * and tst no Rd) the field keeps what base holds, the zero register. */
static uint32_t
nmd(uint32_t w, const MirOpnd *n, const MirOpnd *m, const MirOpnd *d)
{
    if (n)
        w = (w & ~0x3E0u) | R(n) << 5;
    if (d)
        w = (w & ~0x1Fu) | R(d);
    return w | R(m) << 16;
}

/* The shifted-register form of add/sub and of the logical operations:
 * Rn, Rm with cond's shift (lsl, lsr, asr) by size2, Rd. */
static uint32_t
sreg(uint32_t base, const MirInst *in, const MirOpnd *n, const MirOpnd *m,
     const MirOpnd *d)
{
    uint32_t w = base | sf(in->size);
    if (in->cond) {
        uint32_t sh = in->cond == A64_SH_LSR ? 1 : in->cond == A64_SH_ASR
                      ? 2 : 0;
        w |= sh << 22 | (uint32_t)(in->size2 & 63) << 10;
    }
    return nmd(w, n, m, d);
}

/* add/sub (shifted register), or the extended-register form for sp or
 * an sxtw/uxtw operand. */
static uint32_t
addsub_sreg(uint32_t base, const MirInst *in, const MirOpnd *n,
            const MirOpnd *m, const MirOpnd *d)
{
    bool ext = in->cond == A64_SH_SXTW || in->cond == A64_SH_UXTW ||
               has_sp(n, d);
    if (!ext)
        return sreg(base, in, n, m, d);
    uint32_t opt = in->cond == A64_SH_SXTW ? 6 : in->cond == A64_SH_UXTW
                   ? 2 : in->size == 8 ? 3 : 2;
    return nmd(base | sf(in->size) | 0x00200000u | opt << 13 |
               (uint32_t)(in->size2 & 7) << 10, n, m, d);
}

/* add/sub/cmp/cmn (immediate); a negative immediate is the opposite
 * operation, as the assemblers read `add x0, x1, #-4`. */
static uint32_t
addsub_imm(uint32_t base, const MirInst *in, const MirOpnd *n, int64_t k,
           const MirOpnd *d)
{
    uint32_t w = base | sf(in->size);
    if (k < 0) {
        w ^= 1u << 30;
        k = -k;
    }
    if (k > 4095)
        CG_BUG("a64_encode: add/sub immediate %lld", (long long)k);
    w |= (uint32_t)k << 10 | R(n) << 5;
    if (in->size2 == 12)
        w |= 1u << 22;
    if (d)
        w = (w & ~0x1Fu) | R(d);
    return w;
}

static uint32_t
log_imm(uint32_t base, const MirInst *in, const MirOpnd *n, int64_t k,
        const MirOpnd *d)
{
    uint32_t nrs;
    if (!a64_logimm((uint64_t)k, in->size == 8 ? 64 : 32, &nrs))
        CG_BUG("a64_encode: %lld is not a bitmask immediate", (long long)k);
    uint32_t w = base | sf(in->size) | (nrs >> 12) << 22 |
                 (nrs & 0xFFF) << 10 | R(n) << 5;
    if (d)
        w = (w & ~0x1Fu) | R(d);
    return w;
}

/* The ubfm/sbfm aliases: lsl/lsr/asr #k, sxt/uxt. */
static uint32_t
bfm(uint32_t base, const MirInst *in, const MirOpnd *a, int64_t k,
    const MirOpnd *d)
{
    unsigned wd = in->size == 8 ? 64 : 32;
    uint32_t immr, imms;
    switch (in->op) {
    case A64_LSLI:
        immr = (uint32_t)((wd - (uint64_t)k) % wd);
        imms = (uint32_t)(wd - 1 - (uint64_t)k);
        break;
    case A64_LSRI: case A64_ASRI:
        immr = (uint32_t)k;
        imms = wd - 1;
        break;
    default:
        if (in->op == A64_UXT && in->size2 == 4)    /* mov wd, wa */
            return 0x2A0003E0u | R(a) << 16 | R(d);
        immr = 0;
        imms = 8u * in->size2 - 1;
        break;
    }
    uint32_t w = base | immr << 16 | imms << 10 | R(a) << 5 | R(d);
    if (in->size == 8)
        w |= 0x80400000u;
    return w;
}

/* scvtf/ucvtf/fcvtzs/fcvtzu/fmov between the register files: the
 * integer operand's width gives sf, the FP one's ftype. */
static uint32_t
fcvti(uint32_t base, const MirInst *in, const MirOpnd *a, const MirOpnd *d)
{
    unsigned isz, fsz;
    unsigned src = in->size2 ? in->size2 : in->size;
    if (a->reg >= V0) {         /* FP to integer */
        fsz = src;
        isz = in->size;
    } else {
        isz = src;
        fsz = in->size;
    }
    return base | sf(isz) | ftype(fsz) | R(a) << 5 | R(d);
}

uint32_t
a64_encode(MirFunc *f, uint32_t i, bool short_branch, uint8_t *buf,
           McFixup *fx, uint32_t *nfx)
{
    Enc e = {.f = f, .i = i, .fx = fx, .nfx = nfx};
    MirInst *in = mir_inst(f, i);
    const EncRow *r = &rows[in->op];
    const MirOpnd *o[4] = {NULL, NULL, NULL, NULL};
    for (uint32_t k = 0; k < 4 && k < in->nopnds; k++)
        o[k] = mir_opnd(f, i, k);
    uint32_t w = r->base;
    unsigned sz = in->size;
    *nfx = 0;
    (void)short_branch;
    switch (r->enc) {
    case E_NONE:
        return 0;
    case E_PSEUDO:
        CG_BUG("a64_encode: pseudo-instruction %s after finalize",
               a64_ops[in->op].name);
    case E_FIXED:
        break;
    case E_MOVR:
        if (o[0]->kind == MO_MEM)
            w = ldst(0x39400000, true, false, false, sz, sz, R(o[1]), o[0]);
        else if (o[1]->kind == MO_MEM)
            w = ldst(0x39000000, false, false, false, sz, sz, R(o[0]), o[1]);
        else if (has_sp(o[0], o[1]))
            w = 0x11000000u | sf(sz) | R(o[0]) << 5 | R(o[1]);
        else
            w |= sf(sz) | R(o[0]) << 16 | R(o[1]);
        break;
    case E_FMOVR:
        if (o[0]->kind == MO_MEM)
            w = ldst(0x3D400000, true, true, false, sz, sz, R(o[1]), o[0]);
        else if (o[1]->kind == MO_MEM)
            w = ldst(0x3D000000, false, true, false, sz, sz, R(o[0]), o[1]);
        else
            w |= ftype(sz) | R(o[0]) << 5 | R(o[1]);
        break;
    case E_ADDSUB_SREG:
    case E_LOG_SREG: {
        /* neg/mvn Rd, Rm; cmp/tst Rn, Rm; the others Rn, Rm, Rd */
        bool non = in->op == A64_NEG || in->op == A64_MVN;
        bool nod = in->op == A64_CMP || in->op == A64_TST;
        const MirOpnd *n = non ? NULL : o[0], *m = o[non ? 0 : 1];
        const MirOpnd *d = nod ? NULL : o[non ? 1 : 2];
        w = r->enc == E_ADDSUB_SREG ? addsub_sreg(w, in, n, m, d)
                                    : sreg(w, in, n, m, d);
        break;
    }
    case E_ADDSUB_IMM:
        w = addsub_imm(w, in, o[0], o[1]->imm, in->nopnds > 2 ? o[2] : NULL);
        break;
    case E_LOG_IMM:
        w = log_imm(w, in, o[0], o[1]->imm, in->nopnds > 2 ? o[2] : NULL);
        break;
    case E_MOVW:
        w |= sf(sz) | (uint32_t)(in->size2 / 16) << 21 |
             ((uint32_t)o[0]->imm & 0xFFFF) << 5 | R(o[1]);
        break;
    case E_DP2:
        w |= sf(sz) | R(o[1]) << 16 | R(o[0]) << 5 | R(o[2]);
        break;
    case E_DP1:
        w |= sf(sz) | R(o[0]) << 5 | R(o[1]);
        break;
    case E_DP3:
        if (in->op != A64_SMULH && in->op != A64_UMULH)
            w |= sf(sz);
        w |= R(o[1]) << 16 | R(o[0]) << 5;
        if (in->nopnds == 4)
            w |= R(o[2]) << 10 | R(o[3]);
        else
            w |= R(o[2]);
        break;
    case E_BFM:
        if (in->nopnds == 3)
            w = bfm(w, in, o[0], o[1]->imm, o[2]);
        else
            w = bfm(w, in, o[0], 0, o[1]);
        break;
    case E_CSEL:
        w |= sf(sz) | R(o[1]) << 16 | (uint32_t)in->cond << 12 |
             R(o[0]) << 5 | R(o[2]);
        break;
    case E_FCSEL:
        w |= ftype(sz) | R(o[1]) << 16 | (uint32_t)in->cond << 12 |
             R(o[0]) << 5 | R(o[2]);
        break;
    case E_CSET:
        w |= sf(sz) | (uint32_t)(in->cond ^ 1) << 12 | R(o[0]);
        break;
    case E_LDST:
        if (in->op == A64_STR)
            w = ldst(w, false, false, false, sz, sz, R(o[0]), o[1]);
        else
            w = ldst(w, true, false, in->op == A64_LDRS, sz, in->size2,
                     R(o[1]), o[0]);
        break;
    case E_LDSTF:
        if (in->op == A64_FSTR)
            w = ldst(w, false, true, false, sz, sz, R(o[0]), o[1]);
        else
            w = ldst(w, true, true, false, sz, sz, R(o[1]), o[0]);
        break;
    case E_LDSTP:
    case E_LDSTPF: {
        bool st = in->op == A64_STP || in->op == A64_FSTP;
        const MirOpnd *m = st ? o[2] : o[0];
        const MirOpnd *t1 = st ? o[0] : o[1], *t2 = st ? o[1] : o[2];
        if (m->kind != MO_MEM || m->base != MB_REG || m->index ||
            m->imm % (int64_t)sz || m->imm / (int64_t)sz < -64 ||
            m->imm / (int64_t)sz > 63)
            CG_BUG("a64_encode: ldp/stp address out of reach");
        uint32_t opc = r->enc == E_LDSTP ? (sz == 8 ? 2u : 0u)
                       : sz == 16 ? 2u : sz == 8 ? 1u : 0u;
        w |= opc << 30 | ((uint32_t)(m->imm / (int64_t)sz) & 0x7F) << 15 |
             R(t2) << 10 | R(m) << 5 | R(t1);
        break;
    }
    case E_ADRP:
        w |= R(o[1]);
        fixup(&e, MC_FX_SYM, o[0]->ref == MIR_REF_GOTPAGE ? MC_R_GOT_PAGE21
              : MC_R_PAGE21, 0, o[0]->obj, o[0]->imm, 0);
        break;
    case E_ADDLO:
        w |= R(o[0]) << 5 | R(o[2]);
        fixup(&e, MC_FX_SYM, MC_R_PAGEOFF12, 0, o[1]->obj, o[1]->imm, 0);
        break;
    case E_LDGOT:
        w |= R(o[0]) << 5 | R(o[2]);
        fixup(&e, MC_FX_SYM, MC_R_GOT_PAGEOFF12, 0, o[1]->obj, o[1]->imm, 3);
        break;
    case E_B26:
        if (o[0]->kind == MO_BLOCK)
            w = block_fixup(&e, w, o[0], MC_FLD_IMM26);
        else
            fixup(&e, MC_FX_SYM, in->op == A64_BL ? MC_R_CALL : MC_R_JUMP,
                  MC_FLD_IMM26, o[0]->obj, o[0]->imm, 0);
        break;
    case E_BCOND:
        w = block_fixup(&e, w | in->cond, o[0], MC_FLD_IMM19);
        break;
    case E_CB:
        w = block_fixup(&e, w | sf(sz) | R(o[0]), o[1], MC_FLD_IMM19);
        break;
    case E_TB: {
        uint32_t b = (uint32_t)o[1]->imm & 63;
        w = block_fixup(&e, w | (b >> 5) << 31 | (b & 31) << 19 | R(o[0]),
                        o[2], MC_FLD_IMM14);
        break;
    }
    case E_BR:
        w |= R(o[0]) << 5;
        break;
    case E_FP2:
        w |= ftype(sz) | R(o[1]) << 16 | R(o[0]) << 5 | R(o[2]);
        break;
    case E_FP1:
        if (in->op == A64_FCVT)     /* ftype: source; opc: destination */
            w |= ftype(in->size2) | (sz == 8 ? 1u << 15 : 0);
        else
            w |= ftype(sz);
        w |= R(o[0]) << 5 | R(o[1]);
        break;
    case E_FCMP:
        w |= ftype(sz) | R(o[1]) << 16 | R(o[0]) << 5;
        break;
    case E_FPIMM:
        w |= ftype(sz) | ((uint32_t)o[0]->imm & 0xFF) << 13 | R(o[1]);
        break;
    case E_FCVTI:
        w = fcvti(w, in, o[0], o[1]);
        break;
    case E_SUBSP:
        if (in->op == A64_SUBSPR)
            w |= R(o[0]) << 16;
        else
            w = addsub_imm(0x51000000u | 31u << 5 | 31u, in,
                           &(MirOpnd){.kind = MO_REG, .reg = SP},
                           o[0]->imm, NULL);
        break;
    default:
        CG_BUG("a64_encode: encoding class %u", r->enc);
    }
    buf[0] = (uint8_t)w, buf[1] = (uint8_t)(w >> 8);
    buf[2] = (uint8_t)(w >> 16), buf[3] = (uint8_t)(w >> 24);
    return 4;
}
