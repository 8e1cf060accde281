/*
 * target.h - the targets (lib/target): lookup by triple.
 */
#ifndef SIR_TARGET_H
#define SIR_TARGET_H

#include "cg.h"

#ifdef __cplusplus
extern "C" {
#endif

/* targets.c */
/* The target for a triple, read as LLVM reads one: ARCH-VENDOR-OS-ENV,
 * any of the last three missing ("x86_64", "x86_64-linux-gnu",
 * "amd64-unknown-linux-musl", "x86_64-apple-macosx11.0.0").  NULL or ""
 * gives the host default.  NULL when no target fits; tgt_resolve then
 * writes the reason to why ("operating system 'windows' is not
 * supported for x86_64"). */
const Target *tgt_find(const char *triple);
const Target *tgt_resolve(const char *triple, char *why, size_t whylen);
const Target *const *tgt_list(uint32_t *n);
extern const Target x64_linux_target, x64_macos_target;
extern const Target a64_linux_target, a64_macos_target;

#ifdef __cplusplus
}
#endif

#ifdef SIR_SHORT_NAMES
#define target_find tgt_find
#define target_list tgt_list
#endif

#endif
