/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison interface for Yacc-like parsers in C

   Copyright (C) 1984, 1989-1990, 2000-2015, 2018-2021 Free Software Foundation,
   Inc.

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

/* As a special exception, you may create a larger work that contains
   part or all of the Bison parser skeleton and distribute that work
   under terms of your choice, so long as that work isn't itself a
   parser generator using the skeleton or a modified version thereof
   as a parser skeleton.  Alternatively, if you modify or redistribute
   the parser skeleton itself, you may (at your option) remove this
   special exception, which will cause the skeleton and the resulting
   Bison output files to be licensed under the GNU General Public
   License without this special exception.

   This special exception was added by the Free Software Foundation in
   version 2.2 of Bison.  */

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

#ifndef YY_SIR_YY_BUILD_LTO_GEN_SIR_TAB_H_INCLUDED
# define YY_SIR_YY_BUILD_LTO_GEN_SIR_TAB_H_INCLUDED
/* Debug traces.  */
#ifndef SIR_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define SIR_YYDEBUG 1
#  else
#   define SIR_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define SIR_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined SIR_YYDEBUG */
#if SIR_YYDEBUG
extern int sir_yydebug;
#endif
/* "%code requires" blocks.  */
#line 27 "grammar/sir.y"

#include "parse_int.h"

#line 61 "build-lto/gen/sir.tab.h"

/* Token kinds.  */
#ifndef SIR_YYTOKENTYPE
# define SIR_YYTOKENTYPE
  enum sir_yytokentype
  {
    T_SIR_YYEMPTY = -2,
    T_YYEOF = 0,                   /* "end of file"  */
    T_SIR_YYerror = 256,           /* error  */
    T_SIR_YYUNDEF = 257,           /* "invalid token"  */
    T_GLOBAL = 258,                /* "global name"  */
    T_STACK = 259,                 /* "stack slot name"  */
    T_LABEL = 260,                 /* "label"  */
    T_LOCAL = 261,                 /* "local name"  */
    T_INT = 262,                   /* "integer literal"  */
    T_FLOAT = 263,                 /* "float literal"  */
    T_STRING = 264,                /* "string literal"  */
    T_TYPE = 265,                  /* "type"  */
    T_BINOP = 266,                 /* "binary opcode"  */
    T_CAST = 267,                  /* "conversion opcode"  */
    T_IPRED = 268,                 /* "integer predicate"  */
    T_FPRED = 269,                 /* "float predicate"  */
    T_UPRED = 270,                 /* "ugt/uge/ult/ule"  */
    T_CONV = 271,                  /* "calling convention"  */
    T_VOID = 272,                  /* "'void'"  */
    T_FN = 273,                    /* "'fn'"  */
    T_STACKKW = 274,               /* "'stack'"  */
    T_X = 275,                     /* "'x'"  */
    T_VOLATILE = 276,              /* "'volatile'"  */
    T_TRUE = 277,                  /* "'true'"  */
    T_FALSE = 278,                 /* "'false'"  */
    T_NAN = 279,                   /* "'NaN'"  */
    T_NOALIAS = 280,               /* "'noalias'"  */
    T_NONNULL = 281,               /* "'nonnull'"  */
    T_BYVAL = 282,                 /* "'byval'"  */
    T_INTERNAL = 283,              /* "'internal'"  */
    T_GLOBALKW = 284,              /* "'global'"  */
    T_CONSTKW = 285,               /* "'const'"  */
    T_EXTERN = 286,                /* "'extern'"  */
    T_ALIGN = 287,                 /* "'align'"  */
    T_ZEROINIT = 288,              /* "'zeroinit'"  */
    T_CALL = 289,                  /* "'call'"  */
    T_INDIRECTCALL = 290,          /* "'indirectcall'"  */
    T_ICMP = 291,                  /* "'icmp'"  */
    T_FCMP = 292,                  /* "'fcmp'"  */
    T_SEL = 293,                   /* "'sel'"  */
    T_BR = 294,                    /* "'br'"  */
    T_CONDBR = 295,                /* "'condbr'"  */
    T_UNREACHABLE = 296,           /* "'unreachable'"  */
    T_RET = 297,                   /* "'ret'"  */
    T_FNEG = 298,                  /* "'fneg'"  */
    T_ALLOCA = 299,                /* "'alloca'"  */
    T_LOAD = 300,                  /* "'load'"  */
    T_STORE = 301,                 /* "'store'"  */
    T_OFFSET = 302,                /* "'offset'"  */
    T_EXTRACT = 303,               /* "'extract'"  */
    T_INSERT = 304,                /* "'insert'"  */
    T_ELEMPTR = 305,               /* "'elemptr'"  */
    T_ICONST = 306,                /* "'iconst'"  */
    T_FCONST = 307,                /* "'fconst'"  */
    T_BCONST = 308,                /* "'bconst'"  */
    T_NULLKW = 309,                /* "'null'"  */
    T_UNDEF = 310,                 /* "'undef'"  */
    T_STACKSLOT = 311,             /* "'stackslot'"  */
    T_GLOBALADDR = 312,            /* "'globaladdr'"  */
    T_ELLIPSIS = 313,              /* "'...'"  */
    T_LEXERR = 314                 /* "invalid token"  */
  };
  typedef enum sir_yytokentype sir_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined SIR_YYSTYPE && ! defined SIR_YYSTYPE_IS_DECLARED
union SIR_YYSTYPE
{
#line 44 "grammar/sir.y"

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

#line 152 "build-lto/gen/sir.tab.h"

};
typedef union SIR_YYSTYPE SIR_YYSTYPE;
# define SIR_YYSTYPE_IS_TRIVIAL 1
# define SIR_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
typedef IrLoc SIR_YYLTYPE;




int sir_yyparse (void *scanner, SirParser *P);

/* "%code provides" blocks.  */
#line 31 "grammar/sir.y"

int sir_yylex(SIR_YYSTYPE *lval, IrLoc *lloc, void *scanner, SirParser *P);
void sir_yyerror(IrLoc *loc, void *scanner, SirParser *P, const char *msg);

#line 174 "build-lto/gen/sir.tab.h"

#endif /* !YY_SIR_YY_BUILD_LTO_GEN_SIR_TAB_H_INCLUDED  */
