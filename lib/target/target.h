/*
 * target.h - the targets (lib/target): lookup by triple.
 */
#ifndef SIR_TARGET_H
#define SIR_TARGET_H

#include "cg.h"

/* targets.c */
/* The target for a triple ("x86_64-linux-gnu", "x86_64", ...); NULL if
 * unknown.  NULL or "" gives the host default.  Apple triples may carry
 * an OS version, as clang's do (x86_64-apple-macosx11.0.0). */
const Target *target_find(const char *triple);
const Target *const *target_list(uint32_t *n);
extern const Target x64_linux_target, x64_macos_target;
extern const Target a64_linux_target, a64_macos_target;

#endif
