/*
 * mc.h - machine code shared by the targets' encoders and the object
 * sink: the fixups an encoded instruction leaves for the sink to
 * resolve (branches to MIR blocks, after relaxation) or to turn into
 * relocations (symbols, constant-pool entries), and the neutral
 * relocation kinds each object writer maps to its own types.
 */
#ifndef SIR_MC_H
#define SIR_MC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    MC_FX_BLOCK8,   /* pc-relative rel8 to MIR block 'target' */
    MC_FX_BLOCK32,  /* pc-relative rel32 to MIR block 'target' */
    MC_FX_SYM,      /* symbol 'target' (IR symbol id) + addend, 'rkind' */
    MC_FX_CONST,    /* rip-relative rel32 to pool entry 'target' + addend */
    MC_FX_BRANCH,   /* AArch64: branch to MIR block 'target', the word's
                       'field' (McField) holds the offset from the
                       instruction's start */
} McFixKind;

/* The pc-relative fields of a fixed-width instruction word: where the
 * offset goes, in units of 4 bytes (AArch64 branches). */
typedef enum {
    MC_FLD_NONE,
    MC_FLD_IMM26,   /* b, bl: bits 0-25, +-128 MiB */
    MC_FLD_IMM19,   /* b.cond, cbz, cbnz: bits 5-23, +-1 MiB */
    MC_FLD_IMM14,   /* tbz, tbnz: bits 5-18, +-32 KiB */
} McField;

/* The reach of a field: offsets d with -reach <= d < reach (bytes). */
static inline int64_t
mc_field_reach(McField fld)
{
    return fld == MC_FLD_IMM26 ? INT64_C(1) << 27
         : fld == MC_FLD_IMM19 ? INT64_C(1) << 20
         : fld == MC_FLD_IMM14 ? INT64_C(1) << 15 : 0;
}

/* Stores byte offset d (a multiple of 4, within reach) into field fld
 * of the little-endian word at p. */
static inline void
mc_field_put(uint8_t *p, McField fld, int64_t d)
{
    uint32_t w = (uint32_t)p[0] | (uint32_t)p[1] << 8 |
                 (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    uint32_t v = (uint32_t)(d >> 2);
    switch (fld) {
    case MC_FLD_IMM26: w = (w & ~0x03FFFFFFu) | (v & 0x03FFFFFFu); break;
    case MC_FLD_IMM19: w = (w & ~0x00FFFFE0u) | (v & 0x7FFFFu) << 5; break;
    case MC_FLD_IMM14: w = (w & ~0x0007FFE0u) | (v & 0x3FFFu) << 5; break;
    default: break;
    }
    p[0] = (uint8_t)w, p[1] = (uint8_t)(w >> 8);
    p[2] = (uint8_t)(w >> 16), p[3] = (uint8_t)(w >> 24);
}

/* Neutral relocation kinds (lib/obj maps them per format). */
typedef enum {
    MC_R_PC32,      /* rip-relative data or code reference */
    MC_R_CALL,      /* call rel32: PLT32 in ELF (also for PC-relative
                       calls: the sink resolves local targets itself) */
    MC_R_GOTLOAD,   /* movq sym@GOTPCREL(%rip), reg: REX_GOTPCRELX */
    MC_R_GOTPCREL,  /* other GOT references */
    /* AArch64 (lib/obj's OBJ_R_* of the same names) */
    MC_R_JUMP,          /* b sym */
    MC_R_PAGE21,        /* adrp */
    MC_R_PAGEOFF12,     /* add / ldr / str :lo12: ('scale') */
    MC_R_GOT_PAGE21,    /* adrp :got: */
    MC_R_GOT_PAGEOFF12, /* ldr :got_lo12: */
} McRelKind;

typedef struct {
    uint32_t off;       /* of the field, from the instruction start */
    uint8_t kind;       /* McFixKind */
    uint8_t rkind;      /* MC_FX_SYM: McRelKind */
    uint8_t pcend;      /* bytes from the field start to the end of the
                           machine instruction holding it (field +
                           trailing immediate) */
    uint8_t field;      /* MC_FX_BRANCH, and AArch64 symbol references
                           resolved in place: McField */
    uint8_t scale;      /* MC_R_PAGEOFF12: log2 of the access size */
    uint32_t target;
    int64_t addend;     /* the reference is to target + addend */
} McFixup;

enum {
    MC_MAXINST = 64,    /* bytes of one encoded row (x86 frem: 44) */
    MC_MAXFIX = 2,      /* fixups of one encoded row */
};

#ifdef __cplusplus
}
#endif

#endif
