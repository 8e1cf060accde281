/*
 * rowdefs.h - the short names the targets' insts.def rows use for
 * operand roles, register classes and instruction flags (included by
 * each target's targ.c right before it expands its table).
 */
#ifndef SIR_ROWDEFS_H
#define SIR_ROWDEFS_H

#define N MIR_R_NONE
#define U MIR_R_USE
#define D MIR_R_DEF
#define UD MIR_R_USEDEF
#define ED MIR_R_EDEF
#define A MIR_R_ADDR
#define G MIR_GP
#define F MIR_FP
#define MOVE MIR_OPF_MOVE
#define PURE MIR_OPF_PURE
#define CALL MIR_OPF_CALL
#define BRANCH MIR_OPF_BRANCH
#define TERM MIR_OPF_TERM
#define REMAT MIR_OPF_REMAT
#define FLAGS MIR_OPF_FLAGS
#define RFLAGS MIR_OPF_RFLAGS

#endif
