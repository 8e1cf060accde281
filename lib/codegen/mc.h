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
} McFixKind;

/* Neutral relocation kinds (lib/obj maps them per format). */
typedef enum {
    MC_R_PC32,      /* rip-relative data or code reference */
    MC_R_CALL,      /* call rel32: PLT32 in ELF (also for PC-relative
                       calls: the sink resolves local targets itself) */
    MC_R_GOTLOAD,   /* movq sym@GOTPCREL(%rip), reg: REX_GOTPCRELX */
    MC_R_GOTPCREL,  /* other GOT references */
} McRelKind;

typedef struct {
    uint32_t off;       /* of the field, from the instruction start */
    uint8_t kind;       /* McFixKind */
    uint8_t rkind;      /* MC_FX_SYM: McRelKind */
    uint8_t pcend;      /* bytes from the field start to the end of the
                           machine instruction holding it (field +
                           trailing immediate) */
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
