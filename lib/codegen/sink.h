/*
 * sink.h - where code generation writes: one stream of items (sections,
 * symbols, labels, instructions, data) handed to a sink.  The text sink
 * prints them as assembly; the object sink encodes them and writes an
 * object file.  Every decision (frame addresses, prologue, branch
 * layout, how a symbol is reached) is made on MIR before the stream, so
 * both sinks describe one program by construction: a sink spells or
 * encodes, it never decides.
 *
 * The stream of a module:
 *   begin
 *   for each function: func_begin, its instructions and block labels
 *     (blocks in layout order, with align marks), func_end, then its
 *     constant pool (section RODATA, const_entry + data per entry)
 *   for each data symbol: section, object_begin, data..., object_end
 *   finish
 */
#ifndef SIR_SINK_H
#define SIR_SINK_H

#include "cg.h"
#include "obj.h"

/* Sections, in the order of lib/obj's neutral kinds. */
typedef enum {
    MC_SEC_TEXT, MC_SEC_DATA, MC_SEC_RODATA, MC_SEC_RELRO, MC_SEC_BSS,
    MC_NSEC
} McSection;

typedef struct McSink McSink;
struct McSink {
    void (*begin)(McSink *s, CgCtx *c);
    /* A function definition starts (section TEXT, aligned, symbol
     * defined, unwind information opened) / ends (its size is known). */
    void (*func_begin)(McSink *s, MirFunc *f);
    void (*func_end)(McSink *s, MirFunc *f);
    /* Block b of f starts here; align_log2 > 0 asks for that alignment
     * when it costs at most align_max bytes of padding. */
    void (*block)(McSink *s, MirFunc *f, uint32_t b);
    void (*inst)(McSink *s, MirFunc *f, uint32_t i);
    /* Constant-pool entry k of f starts here, aligned to 1 << log2. */
    void (*const_entry)(McSink *s, MirFunc *f, uint32_t k, unsigned log2);
    void (*section)(McSink *s, McSection sec);
    /* A data symbol of the module starts / ends (size in bytes). */
    void (*object_begin)(McSink *s, IrSym sym, unsigned log2);
    void (*object_end)(McSink *s, IrSym sym, uint64_t size);
    void (*data_int)(McSink *s, uint64_t v, unsigned size);
    void (*data_zero)(McSink *s, uint64_t n);
    void (*data_bytes)(McSink *s, const uint8_t *p, uint32_t n);
    void (*data_symref)(McSink *s, IrSym sym, int64_t addend);
    /* End of the module; false when the output cannot be written. */
    bool (*finish)(McSink *s);
    /* -g only (cg_emit_func calls it when ctx->dwarf is set, before
     * the instruction it describes): the next instruction has source
     * position line:col, with CG_LOC_* flags.  NULL: ignored. */
    void (*loc)(McSink *s, MirFunc *f, uint32_t line, uint32_t col,
                unsigned flags);
    /* -g only: debug label 'id' (numbered across the module) is here,
     * before the next instruction or at the function's end. */
    void (*label)(McSink *s, MirFunc *f, uint32_t id);
    CgCtx *ctx;         /* set by cg_compile */
    void *priv;         /* the sink's own state */
};

enum {
    CG_LOC_STMT = 1,            /* a statement: the first of its line */
    CG_LOC_PROLOGUE_END = 2,    /* the first instruction after the
                                   prologue */
};

/* dwarf.c: the debug sections both sinks write.  A section is bytes
 * plus the fields only the sink can fill: */
typedef enum {
    CG_DW_SECOFF,   /* 4 bytes: offset 'addend' into debug section
                       'sec' (ELF: an R_X86_64_32-style relocation) */
    CG_DW_ADDR,     /* 8 bytes: address of function 'sym' (fn_index
                       in the text) + addend */
    CG_DW_SPAN,     /* 4 bytes: end of function 'sym2' (fn_index2)
                       minus the start of function 'sym' (fn_index) */
    CG_DW_TEXT,     /* 8 bytes: address of the text section + addend */
    CG_DW_LDIFF,    /* text only: debug label 'sym' minus debug label
                       'sym2', 'size' (8) bytes */
    CG_DW_LABEL,    /* 8 bytes: address of debug label 'sym' */
} CgDwFixKind;

typedef struct {
    uint32_t off;           /* of the field in its section */
    uint8_t kind;           /* CgDwFixKind */
    uint8_t sec;            /* CG_DW_SECOFF: ObjSecKind (a debug one) */
    uint32_t sym, sym2, fn_index, fn_index2;
    int64_t addend;
    uint8_t size;           /* CG_DW_LDIFF: bytes held in the section */
} CgDwFix;

typedef struct {
    ObjBuf bytes;
    OBJ_VEC(CgDwFix) fix;   /* in offset order */
} CgDwSection;

/* One row of the line table: the instruction at text offset 'addr'. */
typedef struct {
    uint64_t addr;
    uint32_t line, col;
    unsigned flags;         /* CG_LOC_* */
} CgDwRow;

/* The sections describing the module (.debug_info, .debug_abbrev,
 * .debug_str), indexed by ObjSecKind - OBJ_SEC_DEBUG_INFO. */
enum { CG_DW_NSEC = OBJ_NSEC - OBJ_SEC_DEBUG_INFO };
/* labaddr: the text offset of every debug label (objects), or NULL
 * (text: label differences are left as CG_DW_LDIFF fields). */
void cg_dwarf_sections(CgCtx *c, CgDwSection *sec, const uint64_t *labaddr);
/* The debug label (id + 1) before instruction i of the function being
 * emitted, 0 if none; CG_DW_BEGIN and CG_DW_END ask for the labels of
 * the function's start and end. */
enum { CG_DW_BEGIN = 0, CG_DW_END = UINT32_MAX };
uint32_t cg_dwarf_label(CgCtx *c, uint32_t i);
/* The .debug_line a line program of 'rows' (text offsets ascending)
 * that ends at text offset 'end' (objects; text output has the
 * assembler make it from .loc). */
void cg_dwarf_line(CgCtx *c, const CgDwRow *rows, uint32_t n, uint64_t end,
                   CgDwSection *out);
void cg_dwarf_section_free(CgDwSection *s);
/* The compilation directory and the source file name it holds. */
const char *cg_dwarf_dir(CgCtx *c);

/* emit.c */
/* Hands allocated, finalized function f to the sink. */
void cg_emit_func(McSink *s, MirFunc *f);
/* Hands every data definition of m to the sink (spec 10). */
void cg_emit_data(McSink *s, IrModule *m);

/* objsink.c: an object file for target t on out, written by finish;
 * cg_obj_sink_free releases the sink's memory. */
void cg_obj_sink(McSink *s, FILE *out, const Target *t);
void cg_obj_sink_free(McSink *s);

/* textsink.c: assembly text on out, in the dialect of t's object
 * format (GNU as for ELF, Apple's for Mach-O). */
void cg_text_sink(McSink *s, FILE *out, const Target *t);
void cg_text_sink_free(McSink *s);
/* For target printers: a symbol name with its prefix, quoted when the
 * assembler could misread it. */
void cg_print_symname(FILE *out, const char *prefix, const char *name);
/* For target printers: CFI row i as a .cfi_* directive, registers by
 * their MirRegInfo names after regprefix ("%" in AT&T syntax). */
void cg_print_cfi(FILE *out, MirFunc *f, uint32_t i, const char *regprefix);

#endif
