/*
 * obj.h - a format-neutral relocatable object (lib/obj) and its writers:
 * ELF64 (elf.c, with .eh_frame from ehframe.c) and Mach-O 64 (macho.c,
 * with compact unwind), for x86-64 and AArch64.
 *
 * The model is what an assembler has left once it has encoded every
 * instruction, resolved the references it can resolve itself (branches
 * to local labels in the same section) and relaxed its branches: section
 * bytes, symbols, relocations of neutral kinds and per-function call
 * frame records.  It knows nothing of IR or MIR.  Writers map each
 * (machine, kind) to the native relocation type and decorate names
 * (Mach-O prepends '_', spec 10.5).  obj_write is deterministic: the
 * same model gives the same bytes.
 *
 * Rules for the producer (the object sink); "S" is the referenced
 * symbol, "A" its addend (ObjReloc.addend, always the offset from S).
 *
 * - Symbol 0 is the null symbol; obj_sym never returns it.  Define
 *   every symbol of this object with obj_define; the rest stay
 *   undefined (always global).  Names are SIR names: no '_', no quotes.
 * - A reference to a symbol of another object file, or to a global
 *   defined here, is made against the symbol itself: obj_sym(o, name).
 * - ELF: a reference to a LOCAL defined symbol (internal data or
 *   functions) goes against its section symbol (obj_section_sym) with
 *   A = symbol value + offset, as GNU as does; the local symbol itself
 *   works too.  Local labels with no symbol (jump-table targets, block
 *   labels) are reached the same way, through the section symbol.
 * - Mach-O: references go against symbols, local or global (extern
 *   relocations).  A section-symbol reference (a local label without a
 *   symbol) is rewritten, as llvm-mc does with subsections via
 *   symbols, against the nearest symbol at or before that offset in the
 *   section (A reduced by its value); with none before it, it becomes a
 *   section-based (r_extern = 0) relocation.  The linker splits
 *   sections at symbols (MH_SUBSECTIONS_VIA_SYMBOLS), so every function
 *   and data object needs a symbol at its start, and code must not fall
 *   through from one symbol's bytes into another's.
 * - What the sink resolves itself, without a relocation: references
 *   from a section to a label or local symbol in the same section (ELF:
 *   any local target in that section, as GNU as; Mach-O: only within
 *   one atom, i.e. between the same two symbols, because the linker may
 *   move atoms).  A reference to a global symbol always stays a
 *   relocation (ELF: interposition through the PLT/GOT; Mach-O: atoms).
 *   Differences of two labels in one section (jump tables of offsets)
 *   are constants on ELF; on Mach-O they are constants within one atom.
 * - Kinds per reference (x86-64):
 *     call f            OBJ_R_CALL, A = 0, pcend = 4
 *     jmp f (tail call) OBJ_R_JUMP, A = 0, pcend = 4
 *     lea/mov g(%rip)   OBJ_R_PC32 for symbols defined in this object,
 *                       pcend = 4 + bytes of immediate after the field
 *                       (Mach-O: 4, 5, 6 or 8 only; 0 is taken as 4)
 *     movq g@GOTPCREL(%rip), %r   OBJ_R_GOTLOAD (declared symbols),
 *                       A = 0, pcend = 4
 *     other @GOTPCREL   OBJ_R_GOTPCREL
 *     .quad g+8         OBJ_R_ABS64, A = 8
 *     .long g - .       OBJ_R_PREL32_DATA (Mach-O x86-64: S defined here)
 *   AArch64 (pcend unused):
 *     bl f / b f        OBJ_R_CALL / OBJ_R_JUMP
 *     adrp x0, g        OBJ_R_PAGE21 (defined here), A = offset
 *     add x0, x0, :lo12:g      OBJ_R_PAGEOFF12, scale 0
 *     ldr w0, [x0, :lo12:g]    OBJ_R_PAGEOFF12, scale 2 (log2 of the
 *                       access size: 0 b, 1 h, 2 w/s, 3 x/d, 4 q)
 *     adrp x0, :got:g   OBJ_R_GOT_PAGE21, A = 0 (declared symbols)
 *     ldr x0, [x0, :got_lo12:g]  OBJ_R_GOT_PAGEOFF12, A = 0
 *     .xword g+8        OBJ_R_ABS64
 *     .word g - .       OBJ_R_PREL32_DATA (Mach-O: SUBTRACTOR against
 *                       the symbol of the word's atom + UNSIGNED)
 *   Mach-O GOT kinds must have A = 0, arm64 addends of code relocations
 *   fit in 24 bits (ARM64_RELOC_ADDEND); obj_write fails otherwise.
 * - The bytes under a relocation: the sink leaves the field zero (the
 *   instruction's immediate bits clear); writers store what the format
 *   wants there (ELF RELA: nothing; Mach-O: the addend for x86 and for
 *   ARM64_RELOC_UNSIGNED).  So the model's bytes are the same for both
 *   formats.  Relocations may be added in any order.
 * - CFI: obj_fde(function symbol, start, size) then obj_cfi(...) in pc
 *   order, pc relative to the function start.  The CIE's initial state
 *   is the call-site state (x86-64: CFA = rsp+8, RA at CFA-8; AArch64:
 *   CFA = sp+0), so a function without CFI is a leaf that never moves
 *   sp.  Mach-O turns each FDE into a compact unwind entry when it can
 *   (as llvm-mc): the frame-pointer shape (x86-64: CFA = rbp+16 with
 *   rbp at CFA-16 and rbx, r12-r15 saved below; AArch64: CFA = x29+16,
 *   x29 at CFA-16, x30 at CFA-8, then pairs x19/x20 at -24/-32, x21/x22
 *   ... d8/d9 ... in register order) or a frameless body with only a
 *   stack size.  CFA rules after the frame is set up (the epilogue) are
 *   ignored for compact unwind; anything else goes to __eh_frame as
 *   DWARF.
 */
#ifndef SIR_OBJ_H
#define SIR_OBJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Same shape as lib/ir's VEC(T), so VEC_PUSH works on these fields. */
#define OBJ_VEC(T) struct { T *data; uint32_t len, cap; }

typedef enum { OBJ_ELF, OBJ_MACHO } ObjFormat;
typedef enum { OBJ_X86_64, OBJ_AARCH64 } ObjMachine;

/* Neutral section kinds; each writer maps them to its names:
 *   ELF    .text .data .rodata .data.rel.ro .bss  (+ .eh_frame)
 *   Mach-O __TEXT,__text __DATA,__data __TEXT,__const __DATA,__const
 *          __DATA,__bss  (+ __LD,__compact_unwind, __TEXT,__eh_frame)
 * and the DWARF sections .debug_X / __DWARF,__debug_X. */
typedef enum {
    OBJ_SEC_TEXT,
    OBJ_SEC_DATA,
    OBJ_SEC_RODATA,
    OBJ_SEC_RELRO,
    OBJ_SEC_BSS,
    /* DWARF (-g): ELF .debug_*, Mach-O __DWARF,__debug_* (not loaded) */
    OBJ_SEC_DEBUG_INFO,
    OBJ_SEC_DEBUG_ABBREV,
    OBJ_SEC_DEBUG_LINE,
    OBJ_SEC_DEBUG_STR,
    OBJ_SEC_DEBUG_LINE_STR,
    OBJ_SEC_DEBUG_LOCLISTS,     /* DWARF 5 location lists */
    OBJ_SEC_DEBUG_LOC,          /* DWARF 4 location lists */
    OBJ_NSEC
} ObjSecKind;

typedef enum {
    OBJ_R_ABS64,        /* 64-bit absolute S + A (data) */
    OBJ_R_PC32,         /* 32-bit S + A - P (x86 rip-relative data/code
                           ref; ELF R_X86_64_PC32; Mach-O SIGNED[_1/2/4]) */
    OBJ_R_CALL,         /* x86 call rel32 (PLT32 / X86_64_RELOC_BRANCH);
                           AArch64 bl (CALL26 / BRANCH26) */
    OBJ_R_JUMP,         /* x86 jmp rel32 to a symbol (tail call): PLT32 /
                           BRANCH; AArch64 b: JUMP26 / BRANCH26 */
    OBJ_R_GOTLOAD,      /* x86 movq sym@GOTPCREL(%rip), reg:
                           REX_GOTPCRELX / X86_64_RELOC_GOT_LOAD */
    OBJ_R_GOTPCREL,     /* x86 other GOT refs: GOTPCREL / X86_64_RELOC_GOT */
    OBJ_R_PAGE21,       /* AArch64 adrp: ADR_PREL_PG_HI21 / PAGE21 */
    OBJ_R_PAGEOFF12,    /* AArch64 add/ldr/str lo12; 'scale' = log2 of the
                           access size (0 for add): ADD_ABS_LO12_NC /
                           LDSTn_ABS_LO12_NC / ARM64_RELOC_PAGEOFF12 */
    OBJ_R_GOT_PAGE21,   /* ADR_GOT_PAGE / GOT_LOAD_PAGE21 */
    OBJ_R_GOT_PAGEOFF12,/* LD64_GOT_LO12_NC / GOT_LOAD_PAGEOFF12 */
    OBJ_R_PREL32_DATA,  /* 32-bit S + A - P in data: R_X86_64_PC32 /
                           R_AARCH64_PREL32; Mach-O: SUBTRACTOR (symbol
                           of the field's atom) + UNSIGNED (S) pair */
    OBJ_R_ABS32,        /* 32-bit absolute S + A: DWARF section offsets
                           on ELF (R_X86_64_32 / R_AARCH64_ABS32); Mach-O
                           DWARF needs none (the sink writes A) */
    OBJ_R_NKINDS
} ObjRelocKind;

typedef struct {
    uint64_t offset;    /* of the field in its section */
    uint32_t sym;       /* ObjSym index */
    uint8_t kind;       /* ObjRelocKind */
    uint8_t pcend;      /* x86 PC-relative: bytes from the field start to
                           the end of the instruction (4 + trailing
                           immediate bytes); Mach-O picks SIGNED_1/2/4 */
    uint8_t scale;      /* OBJ_R_PAGEOFF12: log2 of the access size */
    int64_t addend;     /* the reference is to S + addend (NOT ELF's A:
                           ELF A = addend - pcend for x86 PC-relative
                           kinds; the writers do that) */
} ObjReloc;

typedef struct {
    ObjSecKind kind;
    uint32_t align;     /* bytes, a power of two, at least 1 */
    uint8_t *data;      /* NULL for BSS: size only */
    uint64_t size, cap;
    OBJ_VEC(ObjReloc) relocs;
} ObjSection;

typedef struct {
    const char *name;   /* as in SIR, without format decoration; owned by
                           the Obj.  NULL for section symbols */
    int32_t sec;        /* ObjSecKind of its definition, or -1: undefined */
    uint64_t value, size;
    bool global;        /* else local (undefined symbols are global) */
    bool func;          /* STT_FUNC vs STT_OBJECT */
    bool section_sym;   /* the section symbol of 'sec' (ELF STT_SECTION;
                           Mach-O: rewritten against the atom's symbol,
                           else a section-based relocation) */
} ObjSym;

/* Call frame information, per function: instructions at code offsets. */
typedef enum {
    OBJ_CFA_DEF_OFFSET,     /* CFA = current register + off */
    OBJ_CFA_DEF_REGISTER,   /* CFA = reg + current offset */
    OBJ_CFA_DEF,            /* CFA = reg + off */
    OBJ_CFA_OFFSET,         /* reg saved at CFA + off (off < 0) */
    OBJ_CFA_REMEMBER,       /* push the row state */
    OBJ_CFA_RESTORE_STATE,  /* pop it */
    OBJ_CFA_RESTORE,        /* reg has its CIE rule again */
} ObjCfaOp;

typedef struct {
    uint32_t pc;        /* offset from the FDE's start */
    uint8_t op;         /* ObjCfaOp */
    uint16_t reg;       /* DWARF register number */
    int64_t off;
} ObjCfi;

typedef struct {
    uint32_t sym;           /* the function's symbol */
    uint64_t start, size;   /* in .text */
    uint32_t first_cfi, ncfi;
} ObjFde;

typedef struct Obj {
    ObjFormat fmt;
    ObjMachine mach;
    ObjSection sec[OBJ_NSEC];
    OBJ_VEC(ObjSym) syms;       /* [0] is the null symbol */
    OBJ_VEC(ObjFde) fdes;
    OBJ_VEC(ObjCfi) cfis;
    /* macOS minimum version for LC_BUILD_VERSION, as Mach-O encodes it
     * (xxxx.yy.zz in nibbles: 0x000b0000 is 11.0); 0: 11.0. */
    uint32_t macos_version;
    /* obj_sym's name index (open addressing, symbol ids), private. */
    uint32_t *hash;
    uint32_t hcap;
    uint32_t secsym[OBJ_NSEC]; /* section symbol ids, 0 until asked */
    /* Sections in the order the producer first switched to them
     * (obj_section_use): Mach-O numbers its sections so, as llvm-mc
     * numbers them in the order of the assembly's directives. */
    uint8_t secorder[OBJ_NSEC], nsecorder;
} Obj;

/* obj.c */
void obj_init(Obj *o, ObjFormat fmt, ObjMachine mach);
void obj_free(Obj *o);
/* Appends n zero bytes to section s and returns a pointer to them, valid
 * until the next append to s; BSS grows in size only and gives NULL. */
uint8_t *obj_grow(Obj *o, ObjSecKind s, size_t n);
/* Appends n bytes; returns the offset they start at. */
uint64_t obj_emit(Obj *o, ObjSecKind s, const void *p, size_t n);
uint64_t obj_emit_u32(Obj *o, ObjSecKind s, uint32_t v); /* little end. */
uint64_t obj_emit_u64(Obj *o, ObjSecKind s, uint64_t v);
void obj_zero(Obj *o, ObjSecKind s, uint64_t n);
/* Pads section s to a multiple of 'align' (a power of two) and raises
 * the section's alignment to it.  Text is padded with the machine's
 * no-ops (x86 multi-byte nops as GNU as writes them, AArch64 nop),
 * other sections with zeros. */
void obj_align(Obj *o, ObjSecKind s, uint32_t align);
/* Whether a writer emits section s: .text always, others when they
 * have bytes, relocations or symbols. */
bool obj_sec_used(const Obj *o, ObjSecKind s);
/* Notes that the producer switched to section s (first use counts). */
void obj_section_use(Obj *o, ObjSecKind s);
/* Offset of the next byte of section s. */
uint64_t obj_offset(const Obj *o, ObjSecKind s);
/* The symbol called 'name' (copied), added undefined if new. */
uint32_t obj_sym(Obj *o, const char *name);
/* Looks a name up without adding it: 0 if absent. */
uint32_t obj_sym_find(const Obj *o, const char *name);
/* Defines symbol 'sym' at 'value' in s. */
void obj_define(Obj *o, uint32_t sym, ObjSecKind s, uint64_t value,
                uint64_t size, bool global, bool func);
/* The section symbol of s (created on first use). */
uint32_t obj_section_sym(Obj *o, ObjSecKind s);
void obj_reloc(Obj *o, ObjSecKind s, ObjReloc r);
/* Starts the FDE of the function 'sym' covering [start, start+size) of
 * .text; obj_cfi appends to the last FDE started. */
uint32_t obj_fde(Obj *o, uint32_t sym, uint64_t start, uint64_t size);
void obj_cfi(Obj *o, uint32_t pc, ObjCfaOp op, uint16_t reg, int64_t off);
/* Serializes to a malloc'd buffer.  False and a message in err on an
 * object the format cannot represent (a section over 4 GiB, a
 * relocation the format cannot express, a relocation past its
 * section's end, a bad symbol index); *buf is then NULL. */
bool obj_write(const Obj *o, uint8_t **buf, size_t *len, char *err,
               size_t errlen);

/* elf.c, macho.c: obj_write's back ends, same contract. */
bool obj_write_elf(const Obj *o, uint8_t **buf, size_t *len, char *err,
                   size_t errlen);
bool obj_write_macho(const Obj *o, uint8_t **buf, size_t *len, char *err,
                     size_t errlen);

/* ehframe.c: the .eh_frame contents of o's FDEs (one CIE, then one FDE
 * per function), appended to *out; the pc-begin fields (4 bytes on ELF,
 * 8 on Mach-O) are left for the writer, listed as (offset in
 * .eh_frame, .text offset) pairs in *rel (malloc'd). */
typedef struct { uint8_t *data; size_t len, cap; } ObjBuf;
typedef struct {
    uint64_t offset, target;
    uint32_t sym;       /* the FDE's function symbol */
} ObjEhRel;
void obj_ehframe(const Obj *o, ObjBuf *out, ObjEhRel **rel, uint32_t *nrel);

/* Little-endian output buffer helpers shared by the writers. */
void obj_buf_put(ObjBuf *b, const void *p, size_t n);
void obj_buf_u8(ObjBuf *b, uint8_t v);
void obj_buf_u16(ObjBuf *b, uint16_t v);
void obj_buf_u32(ObjBuf *b, uint32_t v);
void obj_buf_u64(ObjBuf *b, uint64_t v);
void obj_buf_uleb(ObjBuf *b, uint64_t v);
void obj_buf_sleb(ObjBuf *b, int64_t v);
void obj_buf_pad(ObjBuf *b, size_t align);

#endif
