/*
 * sir.y - the SIR grammar (spec section 3) as a pure Bison parser.
 *
 * The actions only collect what they read and call the ir_parse_*
 * helpers of lib/ir/parse.c, which build the IR, check names and
 * report errors; nothing is checked here.  Operands are pushed on the
 * parser's operand stack in textual order as they are reduced (typed_op;
 * untyped operands, which come last, are pushed by the instruction's own
 * action), and each instruction action consumes the whole stack.
 * Lists of types, parameters and initializers use the same idea: the
 * list's value is the index of its first element on a scratch stack,
 * which is sound because an element is pushed only once it is complete
 * (an inner list has already been popped).
 *
 * A rule whose value is that of its first symbol has no action: Bison's
 * default copies the whole value, where "$$ = $1" stored one field and
 * the copy onto the stack then waited for that store.
 *
 * Results are optional on every non-terminator in the grammar so that
 * a wrongly bound or unbound result (F9) is a located semantic error
 * rather than a syntax error.  The first syntax error ends the parse.
 */
%define api.pure full
%define api.prefix {sir_yy}
%define api.token.prefix {T_}
%define api.token.raw
%define api.location.type {IrLoc}
%define parse.error detailed
%locations
%param {void *scanner} {SirParser *P}

%code requires {
#include "parse_int.h"
}

%code provides {
void sir_yyerror(IrLoc *loc, void *scanner, SirParser *P, const char *msg);
}

%code {
/* A rule's location is that of its first symbol (IrLoc has no end). */
#define YYLLOC_DEFAULT(cur, rhs, n) \
    ((cur) = (n) ? YYRHSLOC(rhs, 1) : YYRHSLOC(rhs, 0))
/* Token locations for the next instruction's diagnostics (IR_TLOC_*). */
#define TL(k, l) (P->tl[IR_TLOC_##k] = (l))
/* The scanner (grammar/sir.l, compiled into this file at its end). */
static int sir_lex(SIR_YYSTYPE *lval, IrLoc *lloc, void *scanner,
                   SirParser *P);
#undef yylex
#define yylex sir_lex
}

%union {
    uint32_t id;
    int op;
    uint32_t n;
    bool b;
    IrType ty;
    IrInit init;
    SirLocal local;
    SirInt num;
    SirFloat flt;
    SirRet ret;
    SirAttrs attrs;
    SirParams params;
}

%token <id> GLOBAL "global name" STACK "stack slot name" LABEL "label"
%token <local> LOCAL "local name"
%token <num> INT "integer literal"
%token <flt> FLOAT "float literal"
%token <id> STRING "string literal"
%token <ty> TYPE "type"
%token <op> BINOP "binary opcode" CAST "conversion opcode"
%token <op> IPRED "integer predicate" FPRED "float predicate"
%token <op> UPRED "ugt/uge/ult/ule" CONV "calling convention"
%token VOID "'void'" FN "'fn'" STACKKW "'stack'" X "'x'" VOLATILE "'volatile'"
%token TRUE "'true'" FALSE "'false'" NAN "'NaN'"
%token NOALIAS "'noalias'" NONNULL "'nonnull'" BYVAL "'byval'"
%token INTERNAL "'internal'" GLOBALKW "'global'" CONSTKW "'const'"
%token EXTERN "'extern'" ALIGN "'align'" ZEROINIT "'zeroinit'"
%token CALL "'call'" INDIRECTCALL "'indirectcall'" ICMP "'icmp'" FCMP "'fcmp'"
%token SEL "'sel'" BR "'br'" CONDBR "'condbr'" UNREACHABLE "'unreachable'"
%token RET "'ret'" FNEG "'fneg'" ALLOCA "'alloca'" LOAD "'load'" STORE "'store'"
%token OFFSET "'offset'" EXTRACT "'extract'" INSERT "'insert'"
%token ELEMPTR "'elemptr'" ICONST "'iconst'" FCONST "'fconst'" BCONST "'bconst'"
%token NULLKW "'null'" UNDEF "'undef'" STACKSLOT "'stackslot'"
%token GLOBALADDR "'globaladdr'" ELLIPSIS "'...'"
%token LEXERR "invalid token"
/* Punctuation has names (T_LPAREN ...), not character literals, so that
 * token kinds can be raw: the parser then uses the scanner's token as
 * its symbol number instead of translating it through a table on every
 * token.  Declared in the order in which the rules once used them as
 * literals, which keeps the order of "expecting" lists. */
%token LPAREN "'('" RPAREN "')'" COMMA "','" LBRACE "'{'" RBRACE "'}'"
%token EQ "'='" COLON "':'" LBRACK "'['" RBRACK "']'" PLUS "'+'"
%token MINUS "'-'"

%type <ty> type ctype typed_op
%type <n> types inits targs
%type <id> label
%type <op> icmp_pred fcmp_pred conv_opt
%type <b> internal_opt function data volatile_opt
%type <ret> ret_type
%type <attrs> ret_attrs param_attrs
%type <params> param_list params
%type <flt> float_lit
%type <init> init

%%

module
    : %empty
    | module item
    ;

item
    : internal_opt function  { ir_parse_item_end(P, $1, $2); }
    | internal_opt data      { ir_parse_item_end(P, $1, $2); }
    ;

internal_opt
    : %empty    { $$ = false; }
    | INTERNAL  { $$ = true; P->internal_loc = @1; }
    ;

/* ------------------------------------------------------------ functions */

function
    : fn_head       { $$ = false; }
    | fn_head body  { $$ = true; }
    ;

fn_head
    : FN ret_type GLOBAL param_list conv_opt
        { ir_parse_fn_head(P, @1, $2, $3, @3, $4, (IrConv)$5); }
    ;

ret_type
    : VOID            { $$ = (SirRet){IR_T_VOID, 0}; }
    | ret_attrs type  { $$ = (SirRet){$2, $1.attrs, $1.aloc};
                        @$ = $1.attrs ? $1.aloc : @2; }
    ;

ret_attrs
    : %empty             { $$ = (SirAttrs){0}; }
    | ret_attrs NOALIAS  { $$ = ir_parse_attr(P, $1, IR_ATTR_NOALIAS, 0, @2); }
    | ret_attrs NONNULL  { $$ = ir_parse_attr(P, $1, IR_ATTR_NONNULL, 0, @2); }
    ;

param_list
    : LPAREN RPAREN
        { $$ = (SirParams){P->pstack.len, false}; }
    | LPAREN ELLIPSIS RPAREN
        { $$ = (SirParams){P->pstack.len, true}; }
    | LPAREN params RPAREN
        { $$ = $2; }
    | LPAREN params COMMA ELLIPSIS RPAREN
        { $$ = $2; $$.variadic = true; }
    ;

params
    : param             { $$ = (SirParams){P->pstack.len - 1, false}; }
    | params COMMA param
    ;

param
    : param_attrs type  { ir_parse_param(P, $1, $2); }
    ;

param_attrs
    : %empty               { $$ = (SirAttrs){0}; }
    | param_attrs NOALIAS
        { $$ = ir_parse_attr(P, $1, IR_ATTR_NOALIAS, 0, @2); }
    | param_attrs NONNULL
        { $$ = ir_parse_attr(P, $1, IR_ATTR_NONNULL, 0, @2); }
    | param_attrs BYVAL LPAREN INT RPAREN
        { $$ = ir_parse_byval(P, $1, $4, @4, @2); }
    ;

conv_opt
    : %empty  { $$ = IR_CONV_CCC; }
    | CONV
    ;

body
    : LBRACE  { ir_parse_body_begin(P, @1); }
      slots blocks RBRACE
           { ir_parse_body_end(P); }
    ;

slots
    : %empty
    | slots STACK EQ STACKKW type  { ir_parse_slot(P, $2, @2, $5); }
    ;

blocks
    : block
    | blocks block
    ;

/* --------------------------------------------------------------- blocks */

block
    : block_head COLON insts terminator
    ;

block_head
    : block_label
    | block_label LPAREN bparams RPAREN
    ;

block_label
    : label  { ir_parse_block(P, $1, @1); }
    ;

bparams
    : bparam
    | bparams COMMA bparam
    ;

bparam
    : type LOCAL  { ir_parse_bparam(P, $1, $2, @2); }
    ;

label
    : LABEL
    | IPRED  { $$ = ir_parse_pred_label(P, $1); }
    | FPRED  { $$ = ir_parse_pred_label(P, $1); }
    | UPRED  { $$ = ir_parse_pred_label(P, $1); }
    ;

/* An instruction is not a symbol of its own: that would be one more
 * reduction for each.  The scanner binds the result of "%x =" as it
 * reads the '=' (ir_parse_result, grammar/sir.l), where a mid-rule
 * action would cost one more; that needs each state that shifts a LOCAL
 * to reduce without a lookahead, so that an instruction is built before
 * the '=' after it is read. */
insts
    : %empty
    | insts LOCAL EQ op
    | insts op
    ;

/* The rules read most often take TYPE itself besides a bracketed type
 * (ctype), where 'type' would cost a reduction from TYPE to type. */
typed_op
    : TYPE LOCAL   { ir_parse_operand(P, $2, @2, $1); $$ = $1; }
    | ctype LOCAL  { ir_parse_operand(P, $2, @2, $1); $$ = $1; }
    ;

op
    : ICONST TYPE INT
        { TL(TY, @2); ir_parse_iconst(P, @1, $2, $3, @3); }
    | ICONST ctype INT
        { TL(TY, @2); ir_parse_iconst(P, @1, $2, $3, @3); }
    | FCONST type float_lit
        { TL(TY, @2); ir_parse_fconst(P, @1, $2, &$3, @3); }
    | FCONST type INT
        { TL(TY, @2); ir_parse_fconst(P, @1, $2, NULL, @3); }
    | BCONST type TRUE
        { ir_parse_bconst(P, @1, $2, @2, true); }
    | BCONST type FALSE
        { ir_parse_bconst(P, @1, $2, @2, false); }
    | NULLKW type
        { TL(TY, @2);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_NULL, .ty = $2},
                        $2); }
    | UNDEF type
        { TL(TY, @2);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_UNDEF, .ty = $2},
                        $2); }
    | ALLOCA type
        { TL(TY, @2);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_ALLOCA, .ty = $2},
                        IR_T_PTR); }
    | STACKSLOT STACK
        { ir_parse_stackslot(P, @1, $2, @2); }
    | GLOBALADDR GLOBAL
        { ir_parse_globaladdr(P, @1, $2, @2); }
    | BINOP TYPE LOCAL COMMA LOCAL
        { ir_parse_binop(P, @1, $1, $2, @2, $3, @3, $5, @5); }
    | BINOP ctype LOCAL COMMA LOCAL
        { ir_parse_binop(P, @1, $1, $2, @2, $3, @3, $5, @5); }
    | FNEG type LOCAL
        { TL(TY, @2);
          ir_parse_operand(P, $3, @3, IR_T_VOID);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_FNEG, .ty = $2}, $2); }
    | ICMP icmp_pred type LOCAL COMMA LOCAL
        { TL(TY, @3);
          ir_parse_operand(P, $4, @4, IR_T_VOID);
          ir_parse_operand(P, $6, @6, IR_T_VOID);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_ICMP,
                        .pred = (uint8_t)$2, .ty = $3}, IR_T_BOOL); }
    | FCMP fcmp_pred type LOCAL COMMA LOCAL
        { TL(TY, @3);
          ir_parse_operand(P, $4, @4, IR_T_VOID);
          ir_parse_operand(P, $6, @6, IR_T_VOID);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_FCMP,
                        .pred = (uint8_t)$2, .ty = $3}, IR_T_BOOL); }
    | SEL type COMMA typed_op COMMA LOCAL COMMA LOCAL
        { TL(TY, @2);
          ir_parse_operand(P, $6, @6, IR_T_VOID);
          ir_parse_operand(P, $8, @8, IR_T_VOID);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_SEL, .ty = $2}, $2); }
    | LOAD volatile_opt type COMMA typed_op
        { TL(TY, @3);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_LOAD, .ty = $3,
                        .flags = $2 ? IR_INSTF_VOLATILE : 0}, $3); }
    | STORE volatile_opt typed_op COMMA typed_op
        { TL(TY, @3);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_STORE, .ty = $3,
                        .flags = $2 ? IR_INSTF_VOLATILE : 0}, IR_T_VOID); }
    | OFFSET type COMMA typed_op COMMA typed_op
        { TL(TY, @2); TL(TY2, @6);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_OFFSET, .ty = $2,
                        .ty2 = $6}, IR_T_PTR); }
    | ELEMPTR type COMMA typed_op COMMA INT
        { TL(TY, @2); TL(AUX, @6);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_ELEMPTR, .ty = $2,
                        .imm = ir_parse_uint(P, $6, @6)}, IR_T_PTR); }
    | EXTRACT type COMMA typed_op COMMA INT
        { TL(TY, @2); TL(TY2, @4); TL(AUX, @6);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_EXTRACT, .ty = $2,
                        .ty2 = $4, .imm = ir_parse_uint(P, $6, @6)}, $2); }
    | INSERT typed_op COMMA typed_op COMMA INT
        { TL(TY, @2); TL(TY2, @4); TL(AUX, @6);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_INSERT, .ty = $2,
                        .ty2 = $4, .imm = ir_parse_uint(P, $6, @6)}, $2); }
    | CAST type COMMA typed_op
        { TL(TY, @2); TL(TY2, @4);
          ir_parse_emit(P, @1, &(IrInstData){.op = (uint8_t)$1, .ty = $2,
                        .ty2 = $4}, $2); }
    | CALL ret_type GLOBAL LPAREN args_opt RPAREN
        { TL(TY, @2); TL(AUX, @3); ir_parse_call(P, @1, $2.ty, $3, @3); }
    | INDIRECTCALL ret_type param_list conv_opt COMMA typed_op
      LPAREN args_opt RPAREN
        { ir_parse_icall(P, @1, $2, $3, (IrConv)$4); }
    ;

float_lit
    : FLOAT
    | NAN    { $$ = (SirFloat){.form = SIR_FLOAT_NAN}; }
    ;

volatile_opt
    : %empty    { $$ = false; }
    | VOLATILE  { $$ = true; }
    ;

icmp_pred
    : IPRED
    | UPRED
    ;

fcmp_pred
    : FPRED
    | UPRED
    ;

args_opt
    : %empty
    | args
    ;

args
    : typed_op
    | args COMMA typed_op
    ;

terminator
    : BR target
        { ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_BR}, IR_T_VOID); }
    | CONDBR typed_op COMMA target COMMA target
        { ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_CONDBR, .ty = $2},
                        IR_T_VOID); }
    | RET VOID
        { TL(TY, @2);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_RET}, IR_T_VOID); }
    | RET typed_op
        { TL(TY, @2);
          ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_RET, .ty = $2},
                        IR_T_VOID); }
    | UNREACHABLE
        { ir_parse_emit(P, @1, &(IrInstData){.op = IR_OP_UNREACHABLE},
                        IR_T_VOID); }
    ;

target
    : label                       { ir_parse_target(P, $1, @1, 0); }
    | label LPAREN targs RPAREN   { ir_parse_target(P, $1, @1, $3); }
    ;

targs
    : typed_op              { $$ = 1; }
    | targs COMMA typed_op  { $$ = $1 + 1; }
    ;

/* ---------------------------------------------------------------- types */

type
    : TYPE
    | ctype
    ;

ctype
    : LBRACK type X INT RBRACK
        { $$ = ir_parse_array_type(P, @1, $2, $4, @4); }
    | LBRACE RBRACE
        { $$ = ir_parse_struct_type(P, @1, P->tstack.len); }
    | LBRACE types RBRACE
        { $$ = ir_parse_struct_type(P, @1, $2); }
    ;

types
    : type              { $$ = P->tstack.len; VEC_PUSH(P->tstack, $1); }
    | types COMMA type  { $$ = $1; VEC_PUSH(P->tstack, $3); }
    ;

/* ----------------------------------------------------------------- data */

data
    : GLOBAL EQ GLOBALKW type init
        { $$ = true; ir_parse_data(P, $1, @1, IR_SYM_GLOBAL, $4, $5, NULL,
                                   @5); }
    | GLOBAL EQ GLOBALKW type init COMMA ALIGN INT
        { $$ = true; ir_parse_data(P, $1, @1, IR_SYM_GLOBAL, $4, $5, &$8,
                                   @8); }
    | GLOBAL EQ CONSTKW type init
        { $$ = true; ir_parse_data(P, $1, @1, IR_SYM_CONST, $4, $5, NULL,
                                   @5); }
    | GLOBAL EQ CONSTKW type init COMMA ALIGN INT
        { $$ = true; ir_parse_data(P, $1, @1, IR_SYM_CONST, $4, $5, &$8,
                                   @8); }
    | GLOBAL EQ EXTERN type
        { $$ = false; ir_parse_data(P, $1, @1, IR_SYM_EXTERN, $4,
                                    (IrInit){0}, NULL, @4); }
    ;

init
    : INT           { $$ = ir_parse_init_int(P, $1, @1); }
    | float_lit     { $$ = ir_parse_init_float(P, &$1, @1); }
    | TRUE          { $$ = ir_parse_init_bool(P, true, @1); }
    | FALSE         { $$ = ir_parse_init_bool(P, false, @1); }
    | NULLKW        { $$ = ir_parse_init_simple(P, IR_INIT_NULL, @1); }
    | ZEROINIT      { $$ = ir_parse_init_simple(P, IR_INIT_ZERO, @1); }
    | UNDEF         { $$ = ir_parse_init_simple(P, IR_INIT_UNDEF, @1); }
    | LBRACE RBRACE
        { $$ = ir_parse_init_list(P, IR_INIT_STRUCT, P->istack.len, @1); }
    | LBRACE inits RBRACE
        { $$ = ir_parse_init_list(P, IR_INIT_STRUCT, $2, @1); }
    | LBRACK RBRACK
        { $$ = ir_parse_init_list(P, IR_INIT_ARRAY, P->istack.len, @1); }
    | LBRACK inits RBRACK
        { $$ = ir_parse_init_list(P, IR_INIT_ARRAY, $2, @1); }
    | STRING        { $$ = ir_parse_init_string(P, $1, @1); }
    | GLOBAL        { $$ = ir_parse_init_symref(P, $1, @1, NULL, false, @1); }
    | GLOBAL PLUS INT
        { $$ = ir_parse_init_symref(P, $1, @1, &$3, false, @3); }
    | GLOBAL MINUS INT
        { $$ = ir_parse_init_symref(P, $1, @1, &$3, true, @3); }
    ;

inits
    : init              { $$ = P->istack.len; VEC_PUSH(P->istack, $1); }
    | inits COMMA init  { $$ = $1; VEC_PUSH(P->istack, $3); }
    ;

%%

/* The scanner is compiled with the parser (see the Makefile), so that
 * sir_lex, called once per token, is inlined into the parse loop instead
 * of paying a call and its register saves on every token. */
#include "lex.yy.c"
