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
    CgCtx *ctx;         /* set by cg_compile */
    void *priv;         /* the sink's own state */
};

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
