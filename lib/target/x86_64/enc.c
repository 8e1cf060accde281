/*
 * enc.c - x86-64 machine code for allocated MIR, one instruction at a
 * time, driven by the encoding columns of insts.def (class, opcodes,
 * ModRM digit; the classes are described in x64.h).
 *
 * The bytes are exactly those GNU as (as --64) makes of the text
 * x64_print_inst prints for the same instruction: the same short forms
 * (imm8 when the immediate fits after sign extension from the operation
 * width, the accumulator forms gas prefers, B8+r for `movl $k`), disp0
 * and disp8 where they suffice, REX only when needed (or to reach
 * spl/bpl/sil/dil).  test/unit/check_x64enc.c holds golden bytes checked
 * against llvm-mc and gas for every row and operand form.
 *
 * Expects finalized MIR: physregs only, memory bases MB_REG (reg 0: no
 * base), MB_SYM, MB_GOT or MB_CONST; rip-relative references and
 * branches leave fixups (mc.h) for the object sink.
 */
#include "x64.h"

typedef struct {
    uint8_t enc;        /* E_* */
    uint32_t opc, opc2;
    uint8_t digit;
} EncRow;

static const EncRow rows[X64_NOPS] = {
#define X(e, s, fm, fl, n, r0, c0, f0, r1, c1, f1, r2, c2, f2, r3, c3, f3, \
          ec, opc, opc2, dig) \
    [X64_##e] = {ec, opc, opc2, dig},
#include "insts.def"
#undef X
};

typedef struct {
    MirFunc *f;
    uint8_t *b;
    uint32_t n;
    McFixup *fx;
    uint32_t *nfx;
} Enc;

/* One ModRM-form instruction: prefix, REX, opcode, ModRM with 'reg' (a
 * physreg) or 'digit' in the reg field and 'rm' as r/m, then 'ilen'
 * bytes of 'imm'. */
typedef struct {
    uint8_t pfx;        /* 0x66, 0xF2, 0xF3 or 0 */
    bool w;             /* REX.W */
    uint32_t opc;       /* 1 to 3 bytes, most significant first */
    uint32_t reg;       /* physreg, or 0: 'digit' */
    uint8_t digit;
    bool reg8, rm8;     /* byte registers (spl..dil need a REX) */
    uint8_t ilen;
    int64_t imm;
} Form;

static unsigned
hw(uint32_t r)
{
    if (r >= XMM0 && r <= XMM15)
        return r - XMM0;
    if (r < RAX || r > R15)
        CG_BUG("x64_encode: register %u is not a physreg", r);
    return r - RAX;
}

static bool
fits8(int64_t x)
{
    return x >= -128 && x <= 127;
}

/* k as the operation of width 'size' sees it (gas sign-extends an
 * immediate from the operand size before choosing imm8). */
static int64_t
sext(int64_t k, unsigned size)
{
    switch (size) {
    case 1: return (int8_t)k;
    case 2: return (int16_t)k;
    case 4: return (int32_t)k;
    default: return k;
    }
}

static void
put8(Enc *e, unsigned x)
{
    if (e->n >= MC_MAXINST)
        CG_BUG("x64_encode: instruction too long");
    e->b[e->n++] = (uint8_t)x;
}

static void
putn(Enc *e, int64_t x, unsigned len)
{
    for (unsigned k = 0; k < len; k++)
        put8(e, (uint8_t)((uint64_t)x >> (8 * k)));
}

static void
putopc(Enc *e, uint32_t opc)
{
    if (opc > 0xFFFF)
        put8(e, opc >> 16);
    if (opc > 0xFF)
        put8(e, opc >> 8);
    put8(e, opc);
}

static void
fixup(Enc *e, uint8_t kind, uint8_t rkind, uint8_t pcend, uint32_t target,
      int64_t addend)
{
    if (*e->nfx >= MC_MAXFIX)
        CG_BUG("x64_encode: too many fixups");
    e->fx[(*e->nfx)++] = (McFixup){
        .off = e->n, .kind = kind, .rkind = rkind, .pcend = pcend,
        .target = target, .addend = addend,
    };
}

/* A byte register that only a REX prefix reaches (spl bpl sil dil). */
static bool
needs_rex8(uint32_t r)
{
    return r >= RSP && r <= RDI;
}

static void
prefixes(Enc *e, uint8_t pfx, uint8_t rex, bool force)
{
    if (pfx)
        put8(e, pfx);
    if (rex || force)
        put8(e, 0x40 | rex);
}

static void
form(Enc *e, const Form *fm, const MirOpnd *rm)
{
    unsigned regf = fm->reg ? hw(fm->reg) : fm->digit;
    uint8_t rex = (fm->w ? 8 : 0) | (regf & 8 ? 4 : 0);
    bool force = fm->reg && fm->reg8 && needs_rex8(fm->reg);
    if (rm->kind == MO_REG) {
        unsigned r = hw(rm->reg);
        rex |= r & 8 ? 1 : 0;
        force |= fm->rm8 && needs_rex8(rm->reg);
        prefixes(e, fm->pfx, rex, force);
        putopc(e, fm->opc);
        put8(e, 0xC0 | (regf & 7) << 3 | (r & 7));
        putn(e, fm->imm, fm->ilen);
        return;
    }
    if (rm->kind != MO_MEM)
        CG_BUG("x64_encode: operand kind %u where r/m is expected",
               rm->kind);
    uint8_t mod = 0, rmf = 4;
    bool sib = false;
    unsigned sb = 5, sx = 4, ss = 0, dlen = 0;
    int64_t d = rm->imm;
    switch (rm->base) {
    case MB_REG:
        if (!x64_fits32(d))
            CG_BUG("x64_encode: displacement %lld", (long long)d);
        if (rm->index) {
            if (rm->index == RSP)
                CG_BUG("x64_encode: %%rsp as an index");
            sx = hw(rm->index);
            rex |= sx & 8 ? 2 : 0;
            ss = rm->scale == 8 ? 3 : rm->scale == 4 ? 2 : rm->scale == 2;
        }
        if (!rm->reg) {                 /* disp32 [+ index*scale] */
            sib = true;
            dlen = 4;
        } else {
            unsigned b = hw(rm->reg);
            rex |= b & 8 ? 1 : 0;
            if (d == 0 && (b & 7) != 5) {
                mod = 0;
            } else if (fits8(d)) {
                mod = 1;
                dlen = 1;
            } else {
                mod = 2;
                dlen = 4;
            }
            sib = rm->index || (b & 7) == 4;
            if (sib)
                sb = b & 7;
            else
                rmf = b & 7;
        }
        break;
    case MB_SYM: case MB_GOT: case MB_CONST:
        rmf = 5;
        break;
    default:
        CG_BUG("x64_encode: memory base %u not finalized", rm->base);
    }
    prefixes(e, fm->pfx, rex, force);
    putopc(e, fm->opc);
    put8(e, mod << 6 | (regf & 7) << 3 | rmf);
    if (sib)
        put8(e, ss << 6 | (sx & 7) << 3 | sb);
    uint8_t pcend = (uint8_t)(4 + fm->ilen);
    switch (rm->base) {
    case MB_SYM:
        fixup(e, MC_FX_SYM, MC_R_PC32, pcend, rm->obj, d);
        d = 0;
        dlen = 4;
        break;
    case MB_GOT:        /* movq GOT entry, %r is the relaxable load */
        fixup(e, MC_FX_SYM, fm->opc == 0x8B && fm->w ? MC_R_GOTLOAD :
              MC_R_GOTPCREL, pcend, rm->obj, d);
        d = 0;
        dlen = 4;
        break;
    case MB_CONST:
        fixup(e, MC_FX_CONST, 0, pcend, rm->obj, d);
        d = 0;
        dlen = 4;
        break;
    default:
        break;
    }
    putn(e, d, dlen);
    putn(e, fm->imm, fm->ilen);
}

/* Operand-size prefix and REX.W of a general-purpose operation. */
static Form
gp(unsigned size, uint32_t opc)
{
    return (Form){.pfx = size == 2 ? 0x66 : 0, .w = size == 8, .opc = opc,
                  .reg8 = size == 1, .rm8 = size == 1};
}

/* opc+r (B8+r, 50+r): the register in the opcode's low bits. */
static void
oreg(Enc *e, unsigned size, uint32_t opc, uint32_t r, unsigned ilen,
     int64_t imm)
{
    unsigned h = hw(r);
    prefixes(e, size == 2 ? 0x66 : 0,
             (size == 8 ? 8 : 0) | (h & 8 ? 1 : 0),
             size == 1 && needs_rex8(r));
    put8(e, opc + (h & 7));
    putn(e, imm, ilen);
}

static unsigned
immlen(unsigned size)
{
    return size == 1 ? 1 : size == 2 ? 2 : 4;
}

static void
reg_rm(Enc *e, unsigned size, uint32_t opc, uint32_t reg, const MirOpnd *rm)
{
    Form fm = gp(size, opc);
    fm.reg = reg;
    form(e, &fm, rm);
}

static void
digit_rm(Enc *e, unsigned size, uint32_t opc, uint8_t digit,
         const MirOpnd *rm, unsigned ilen, int64_t imm)
{
    Form fm = gp(size, opc);
    fm.digit = digit;
    fm.ilen = (uint8_t)ilen;
    fm.imm = imm;
    form(e, &fm, rm);
}

/* op src, dst of the 00..3B and 88..8B families: opc (byte) or opc+1
 * with src in ModRM.reg (MR), opc+2 / opc+3 when src is memory (RM). */
static void
mr_or_rm(Enc *e, unsigned size, uint32_t opc, const MirOpnd *s,
         const MirOpnd *d)
{
    unsigned b = size != 1;
    if (s->kind == MO_REG)
        reg_rm(e, size, opc + b, s->reg, d);
    else
        reg_rm(e, size, opc + 2 + b, d->reg, s);
}

/* mov src, dst (88 family; immediates C6/C7 or B0/B8+r, and REX.W B8+r
 * imm64 for what int32 cannot hold: movabsq, as gas makes of movq). */
static void
mov(Enc *e, const EncRow *r, unsigned size, const MirOpnd *s,
    const MirOpnd *d)
{
    unsigned b = size != 1;
    if (s->kind == MO_IMM) {
        if (d->kind == MO_REG && size == 8 && !x64_fits32(s->imm))
            oreg(e, 8, 0xB8, d->reg, 8, s->imm);    /* as movabsq */
        else if (d->kind == MO_REG && size < 8)
            oreg(e, size, 0xB0 + 8 * b, d->reg, immlen(size), s->imm);
        else
            digit_rm(e, size, r->opc2 + b, r->digit, d, immlen(size),
                     s->imm);
    } else {
        mr_or_rm(e, size, r->opc, s, d);
    }
}

/* op $k, %al / %ax / %eax / %rax: opc (byte) or opc+1, no ModRM. */
static void
accumulator(Enc *e, unsigned size, uint32_t opc, int64_t k)
{
    prefixes(e, size == 2 ? 0x66 : 0, size == 8 ? 8 : 0, false);
    put8(e, opc + (size != 1));
    putn(e, k, immlen(size));
}

/* The ALU family: op src, dst with base opcode r->opc. */
static void
alu(Enc *e, const EncRow *r, unsigned size, const MirOpnd *s,
    const MirOpnd *d)
{
    unsigned b = size != 1;
    if (s->kind == MO_IMM) {
        int64_t k = sext(s->imm, size);
        bool acc = d->kind == MO_REG && d->reg == RAX;
        if (size != 1 && fits8(k))
            digit_rm(e, size, r->opc2 + 3, r->digit, d, 1, k);
        else if (acc)
            accumulator(e, size, r->opc + 4, k);
        else
            digit_rm(e, size, r->opc2 + b, r->digit, d, immlen(size), k);
    } else {
        mr_or_rm(e, size, r->opc, s, d);
    }
}

static void
test(Enc *e, const EncRow *r, unsigned size, const MirOpnd *s,
     const MirOpnd *d)
{
    unsigned b = size != 1;
    if (s->kind == MO_IMM) {
        if (d->kind == MO_REG && d->reg == RAX)
            accumulator(e, size, 0xA8, s->imm);
        else
            digit_rm(e, size, r->opc2 + b, r->digit, d, immlen(size),
                     s->imm);
    } else if (s->kind == MO_REG) {
        reg_rm(e, size, r->opc + b, s->reg, d);
    } else {
        reg_rm(e, size, r->opc + b, d->reg, s);
    }
}

static void
branch(Enc *e, const MirOpnd *t, uint32_t near, uint32_t shrt, bool sb)
{
    if (t->kind != MO_BLOCK)
        CG_BUG("x64_encode: branch to operand kind %u", t->kind);
    if (sb) {
        put8(e, shrt);
        fixup(e, MC_FX_BLOCK8, 0, 1, t->obj, 0);
        putn(e, 0, 1);
    } else {
        putopc(e, near);
        fixup(e, MC_FX_BLOCK32, 0, 4, t->obj, 0);
        putn(e, 0, 4);
    }
}

static uint8_t
sspfx(unsigned size)
{
    return size == 4 ? 0xF3 : 0xF2;
}

/* An SSE reg/rm form: 'reg' in ModRM.reg, W for 64-bit GP operands. */
static void
sse(Enc *e, uint8_t pfx, bool w, uint32_t opc, uint32_t reg,
    const MirOpnd *rm)
{
    Form fm = {.pfx = pfx, .w = w, .opc = opc, .reg = reg};
    form(e, &fm, rm);
}

/* See emit_fprem in asm.c for the sequence and why. */
static void
fprem(Enc *e, MirFunc *f, uint32_t i)
{
    MirInst *in = mir_inst(f, i);
    uint8_t mpfx = sspfx(in->size);
    uint32_t x87 = in->size == 4 ? 0xD9 : 0xDD;     /* flds / fldl */
    MirOpnd red = {.kind = MO_MEM, .base = MB_REG, .reg = RSP, .imm = -8};
    for (int k = 1; k >= 0; k--) {
        const MirOpnd *o = mir_opnd(f, i, (uint32_t)k);
        if (o->kind == MO_REG) {
            sse(e, mpfx, false, 0x0F11, o->reg, &red);
            o = &red;
        }
        digit_rm(e, 4, x87, 0, o, 0, 0);
    }
    static const uint8_t loop[] = {
        0xD9, 0xF8,             /* 1: fprem */
        0xDF, 0xE0,             /* fnstsw %ax */
        0xF6, 0xC4, 0x04,       /* testb $4, %ah */
        0x75, 0xF7,             /* jne 1b */
        0xDD, 0xD9,             /* fstp %st(1) */
    };
    for (unsigned k = 0; k < sizeof loop; k++)
        put8(e, loop[k]);
    const MirOpnd *r = mir_opnd(f, i, 2);
    digit_rm(e, 4, x87, 3, r->kind == MO_REG ? &red : r, 0, 0);
    if (r->kind == MO_REG)
        sse(e, mpfx, false, 0x0F10, r->reg, &red);
}

uint32_t
x64_encode(MirFunc *f, uint32_t i, bool short_branch, uint8_t *buf,
           McFixup *fx, uint32_t *nfx)
{
    Enc e = {.f = f, .b = buf, .fx = fx, .nfx = nfx};
    MirInst *in = mir_inst(f, i);
    const EncRow *r = &rows[in->op];
    const MirOpnd *o0 = in->nopnds ? mir_opnd(f, i, 0) : NULL;
    const MirOpnd *o1 = in->nopnds > 1 ? mir_opnd(f, i, 1) : NULL;
    unsigned size = in->size, b = size != 1;
    *nfx = 0;
    switch (r->enc) {
    case E_NONE:
        break;
    case E_PLAIN:
        putopc(&e, r->opc);
        break;
    case E_PLAINW:
        prefixes(&e, 0, size == 8 ? 8 : 0, false);
        putopc(&e, r->opc);
        break;
    case E_MOV:
        mov(&e, r, size, o0, o1);
        break;
    case E_MOVI: {
        int64_t k = o0->imm;
        if (size == 8 && k >= 0 && k <= UINT32_MAX && o1->kind == MO_REG)
            size = 4;                               /* movl $k, %r32 */
        mov(&e, r, size, o0, o1);
        break;
    }
    case E_ALU:
        alu(&e, r, size, o0, o1);
        break;
    case E_ALUSP: {
        MirOpnd sp = {.kind = MO_REG, .reg = RSP};
        alu(&e, r, 8, o0, &sp);
        break;
    }
    case E_TEST:
        test(&e, r, size, o0, o1);
        break;
    case E_RM:
        reg_rm(&e, size, r->opc, o1->reg, o0);
        break;
    case E_IMUL:
        if (o0->kind == MO_IMM) {
            int64_t k = sext(o0->imm, size);
            Form fm = gp(size, fits8(k) ? r->opc2 + 2 : r->opc2);
            fm.reg = o1->reg;
            fm.ilen = fits8(k) ? 1 : (uint8_t)immlen(size);
            fm.imm = k;
            form(&e, &fm, o1);
        } else {
            reg_rm(&e, size, r->opc, o1->reg, o0);
        }
        break;
    case E_UNARY:
        digit_rm(&e, size, r->opc + b, r->digit, o0, 0, 0);
        break;
    case E_SHIFT:
        if (o0->kind != MO_IMM)
            digit_rm(&e, size, r->opc2 + 2 + b, r->digit, o1, 0, 0);
        else if (o0->imm == 1)
            digit_rm(&e, size, r->opc2 + b, r->digit, o1, 0, 0);
        else
            digit_rm(&e, size, r->opc + b, r->digit, o1, 1, o0->imm);
        break;
    case E_BTI:
        digit_rm(&e, size, r->opc, r->digit, o1, 1, o0->imm);
        break;
    case E_EXT:
        if (in->size2 == 4 && r->opc2 == 0x8B)      /* movl */
            mov(&e, &rows[X64_MOV], 4, o0, o1);
        else if (in->size2 == 4)
            reg_rm(&e, size, r->opc2, o1->reg, o0);
        else {
            Form fm = gp(size, r->opc + (in->size2 == 2));
            fm.reg = o1->reg;
            fm.reg8 = false;
            fm.rm8 = in->size2 == 1;
            form(&e, &fm, o0);
        }
        break;
    case E_SETCC:
        digit_rm(&e, 1, r->opc + in->cond, 0, o0, 0, 0);
        break;
    case E_CMOVCC:
        reg_rm(&e, size, r->opc + in->cond, o1->reg, o0);
        break;
    case E_JMP:
        branch(&e, o0, r->opc, r->opc2, short_branch);
        break;
    case E_JCC:
        branch(&e, o0, r->opc + in->cond, r->opc2 + in->cond, short_branch);
        break;
    case E_CALL:
        if (o0->kind == MO_SYM) {
            putopc(&e, r->opc);
            fixup(&e, MC_FX_SYM, MC_R_CALL, 4, o0->obj, 0);
            putn(&e, 0, 4);
        } else {
            digit_rm(&e, 4, r->opc2, r->digit, o0, 0, 0);
        }
        break;
    case E_PUSH:
        if (o0->kind == MO_REG)
            oreg(&e, 4, r->opc, o0->reg, 0, 0);
        else
            digit_rm(&e, 4, r->opc2, r->digit, o0, 0, 0);
        break;
    case E_SSE:
        sse(&e, sspfx(size), false, r->opc, o1->reg, o0);
        break;
    case E_SSEP:
        sse(&e, size == 8 ? 0x66 : 0, false, r->opc, o1->reg, o0);
        break;
    case E_MOVS:
        if (o0->kind == MO_REG && o1->kind == MO_REG)
            sse(&e, size == 4 ? 0 : 0x66, false, r->opc2, o1->reg, o0);
        else if (o1->kind == MO_REG)
            sse(&e, sspfx(size), false, r->opc, o1->reg, o0);
        else
            sse(&e, sspfx(size), false, r->opc + 1, o0->reg, o1);
        break;
    case E_CVTI2F:
        sse(&e, sspfx(size), in->size2 == 8, r->opc, o1->reg, o0);
        break;
    case E_CVTF2I:
        sse(&e, sspfx(in->size2), size == 8, r->opc, o1->reg, o0);
        break;
    case E_CVTF2F:
        sse(&e, sspfx(size == 8 ? 4 : 8), false, r->opc, o1->reg, o0);
        break;
    case E_GX:
        if (size == 8 && o0->kind == MO_MEM)
            sse(&e, 0xF3, false, r->opc2, o1->reg, o0);
        else
            sse(&e, 0x66, size == 8, r->opc, o1->reg, o0);
        break;
    case E_XG:
        if (size == 8 && o1->kind == MO_MEM)
            sse(&e, 0x66, false, r->opc2, o0->reg, o1);
        else
            sse(&e, 0x66, size == 8, r->opc, o0->reg, o1);
        break;
    case E_FPREM:
        fprem(&e, f, i);
        break;
    default:
        CG_BUG("x64_encode: encoding class %u", r->enc);
    }
    return e.n;
}
