/*
 * parse_error.c - the messages of syntax errors (sir_yyerror, called by
 * the Bison parser).  Bison says what it found and, when there are few,
 * what it expected; this adds the text of the offending token, a hint
 * about the usual slips (a named terminator, a missing terminator or
 * closing brace), and help for people who write LLVM IR out of habit:
 * an unknown word where an instruction belongs is matched against the
 * opcode table (LLVM's spellings first, then by edit distance), and
 * phi, i1, define/declare and literal operands get a note saying what
 * SIR writes instead.  Notes point at the user's own text.
 */
#include "parse_int.h"

#include <string.h>

#include "sir.tab.h"

/* LLVM's names of instructions SIR spells differently. */
static const struct { const char *llvm, *sir; } llvm_ops[] = {
    {"add", "iadd"}, {"sub", "isub"}, {"mul", "imul"},
    {"select", "sel"}, {"getelementptr", "offset"},
    {"extractvalue", "extract"}, {"insertvalue", "insert"},
    {"sitofp", "sitof"}, {"uitofp", "uitof"}, {"fptosi", "ftosi"},
    {"fptoui", "ftoui"}, {"fpext", "fext"}, {"fptrunc", "ftrunc"},
    {"inttoptr", "itop"}, {"ptrtoint", "ptoi"},
};

/* Levenshtein distance of a[0..n) and b, capped at 9. */
static unsigned
edit_distance(const char *a, size_t n, const char *b)
{
    size_t m = strlen(b);
    if (n > 31 || m > 31)
        return 9;
    unsigned row[32];
    for (size_t j = 0; j <= m; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= n; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= m; j++) {
            unsigned up = row[j];
            unsigned best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m] > 9 ? 9 : row[m];
}

/* The opcode closest to w[0..n) (an LLVM spelling first), or NULL when
 * none is within a third of the word. */
static const char *
closest_opcode(const char *w, size_t n)
{
    for (size_t k = 0; k < sizeof llvm_ops / sizeof *llvm_ops; k++)
        if (strlen(llvm_ops[k].llvm) == n &&
            !memcmp(llvm_ops[k].llvm, w, n))
            return llvm_ops[k].sir;
    const char *best = NULL;
    unsigned bd = (unsigned)(n + 2) / 3;
    for (int op = 0; op < IR_NUM_OPS; op++) {
        unsigned d = edit_distance(w, n, ir_op_info[op].name);
        if (d < bd || (d == bd && !best && d > 0)) {
            best = ir_op_info[op].name;
            bd = d;
        }
    }
    return best;
}

/* A bare word the grammar did not expect (lasttok T_LABEL): the habits
 * of LLVM IR, or an instruction name misspelled.  Reports and returns
 * true, or returns false for the generic message. */
static bool
llvm_habit(SirParser *P, IrLoc loc)
{
    const char *w = P->src + P->tokoff;
    size_t n = P->tokoff <= P->len
                   ? ir_parse_blank_trim(w, P->off - P->tokoff) : 0;
    const char *clip = ir_parse_clip(P, w, n);
    if (n == 2 && !memcmp(w, "i1", 2)) {
        ir_diag_error(P->d, loc, "unknown type 'i1'");
        ir_diag_note(P->d, loc, "SIR's 1-bit type is 'bool' (constants "
                     "'bconst true', 'bconst false')");
        return true;
    }
    if ((n == 6 && !memcmp(w, "define", 6)) ||
        (n == 7 && !memcmp(w, "declare", 7))) {
        ir_diag_error(P->d, loc, "unexpected '%s'", clip);
        ir_diag_note(P->d, loc, "SIR defines a function with 'fn i32 "
                     "@name(i32) { ... }' and declares one with the same "
                     "line without the body");
        return true;
    }
    /* Where an instruction may start: after "%x =" or at the beginning
     * of a line inside a block. */
    bool at_inst = P->f && (P->has_res || P->prevloc.line < loc.line);
    if (!at_inst)
        return false;
    if (n == 3 && !memcmp(w, "phi", 3)) {
        ir_diag_error(P->d, loc, "unknown instruction 'phi'");
        ir_diag_note(P->d, loc, "SIR has no phi: give the block a "
                     "parameter, 'loop(i32 %%x):', and pass the value in "
                     "each branch to it, 'br loop(i32 %%v)'");
        return true;
    }
    const char *near = closest_opcode(w, n);
    if (near)
        ir_diag_error(P->d, loc, "unknown instruction '%s'; did you mean "
                      "'%s'?", clip, near);
    else
        ir_diag_error(P->d, loc, "unknown instruction '%s'", clip);
    return true;
}

void
sir_yyerror(IrLoc *loc, void *scanner, SirParser *P, const char *msg)
{
    (void)scanner;
    if (P->lexfail)
        return;
    if (strcmp(msg, "memory exhausted") == 0) {
        ir_diag_error(P->d, *loc, "nesting too deep (parser stack exhausted)");
        return;
    }
    const char *pfx = "syntax error, ";
    if (strncmp(msg, pfx, strlen(pfx)) == 0)
        msg += strlen(pfx);
    /* Quote the text of tokens that stand for a class of words. */
    const char *cut = strstr(msg, ", expecting");
    int head = cut ? (int)(cut - msg) : (int)strlen(msg);
    char text[80] = "";
    switch (P->lasttok) {
    case T_GLOBAL: case T_LOCAL: case T_STACK: case T_LABEL: case T_INT:
    case T_FLOAT: case T_TYPE: case T_BINOP: case T_CAST: case T_IPRED:
    case T_FPRED: case T_UPRED: case T_CONV:
        snprintf(text, sizeof text, " '%s'",
                 ir_parse_clip(P, P->src + P->tokoff,
                               P->tokoff <= P->len
                                   ? ir_parse_blank_trim(P->src + P->tokoff,
                                                         P->off - P->tokoff)
                                   : 0));
        break;
    }
    if (P->f && P->lasttok == T_RBRACE && P->prevtok == T_RET) {
        IrLoc at = P->prevloc;
        at.col += 3;
        ir_diag_error(P->d, at, "missing operand after 'ret': write 'ret "
                      "TYPE %%value', or 'ret void' in a function returning "
                      "void");
        return;
    }
    if (P->lasttok == T_LABEL && llvm_habit(P, *loc))
        return;
    const char *hint = "";
    if (P->has_res && (P->lasttok == T_BR || P->lasttok == T_CONDBR ||
                       P->lasttok == T_RET || P->lasttok == T_UNREACHABLE))
        hint = " (terminators do not produce a value)";
    else if (P->f && P->lasttok == T_YYEOF)
        hint = " (the function body has no closing '}')";
    else if (P->f && P->after_term && P->lasttok != T_RBRACE)
        hint = " (instructions after the block's terminator?)";
    else if (P->f && P->cur.id && !P->after_term && P->lasttok == T_RBRACE)
        hint = " (the block has no terminator)";
    ir_diag_error(P->d, *loc, "%.*s%s%s%s", head, msg, text, msg + head,
                  hint);
    if (P->f && (P->lasttok == T_INT || P->lasttok == T_FLOAT) &&
        strstr(msg, "expecting local name"))
        ir_diag_note(P->d, *loc, "SIR operands are values, not literals: "
                     "make the constant first with %s",
                     P->lasttok == T_INT ? "iconst ('%c = iconst i32 1')"
                                         : "fconst ('%c = fconst f64 1.5')");
}
