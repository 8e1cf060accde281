/*
 * target.h - the targets (lib/target): lookup by triple, and the GNU
 * assembler helpers shared by every target (gas.c).
 */
#ifndef SIR_TARGET_H
#define SIR_TARGET_H

#include "cg.h"

/* targets.c */
/* The target for a triple ("x86_64-linux-gnu", "x86_64", ...); NULL if
 * unknown.  NULL or "" gives the host default. */
const Target *target_find(const char *triple);
const Target *const *target_list(uint32_t *n);
extern const Target x64_linux_target;

/* gas.c */
/* Writes a symbol name, quoted when GNU as could misread it. */
void tgt_gas_name(FILE *out, const char *name);
/* Writes every data definition of m (.data/.rodata/.bss/.data.rel.ro). */
void tgt_gas_data(IrModule *m, FILE *out);
/* Writes the constant pool of f (.LCP<fn>_<k> labels). */
void tgt_gas_consts(MirFunc *f, FILE *out);
/* Reports module symbols named like the sections of the output. */
void tgt_gas_check_names(CgCtx *c);

#endif
