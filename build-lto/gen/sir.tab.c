/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison implementation for Yacc-like parsers in C

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

/* C LALR(1) parser skeleton written by Richard Stallman, by
   simplifying the original so-called "semantic" parser.  */

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

/* All symbols defined below should begin with yy or YY, to avoid
   infringing on user name space.  This should be done even for local
   variables, as they might otherwise be expanded by user macros.
   There are some unavoidable exceptions within include files to
   define necessary library symbols; they are noted "INFRINGES ON
   USER NAME SPACE" below.  */

/* Identify Bison output, and Bison version.  */
#define YYBISON 30802

/* Bison version string.  */
#define YYBISON_VERSION "3.8.2"

/* Skeleton name.  */
#define YYSKELETON_NAME "yacc.c"

/* Pure parsers.  */
#define YYPURE 2

/* Push parsers.  */
#define YYPUSH 0

/* Pull parsers.  */
#define YYPULL 1

/* Substitute the type names.  */
#define YYSTYPE         SIR_YYSTYPE
#define YYLTYPE         SIR_YYLTYPE
/* Substitute the variable and function names.  */
#define yyparse         sir_yyparse
#define yylex           sir_yylex
#define yyerror         sir_yyerror
#define yydebug         sir_yydebug
#define yynerrs         sir_yynerrs


# ifndef YY_CAST
#  ifdef __cplusplus
#   define YY_CAST(Type, Val) static_cast<Type> (Val)
#   define YY_REINTERPRET_CAST(Type, Val) reinterpret_cast<Type> (Val)
#  else
#   define YY_CAST(Type, Val) ((Type) (Val))
#   define YY_REINTERPRET_CAST(Type, Val) ((Type) (Val))
#  endif
# endif
# ifndef YY_NULLPTR
#  if defined __cplusplus
#   if 201103L <= __cplusplus
#    define YY_NULLPTR nullptr
#   else
#    define YY_NULLPTR 0
#   endif
#  else
#   define YY_NULLPTR ((void*)0)
#  endif
# endif

#include "sir.tab.h"
/* Symbol kind.  */
enum yysymbol_kind_t
{
  YYSYMBOL_YYEMPTY = -2,
  YYSYMBOL_YYEOF = 0,                      /* "end of file"  */
  YYSYMBOL_YYerror = 1,                    /* error  */
  YYSYMBOL_YYUNDEF = 2,                    /* "invalid token"  */
  YYSYMBOL_GLOBAL = 3,                     /* "global name"  */
  YYSYMBOL_STACK = 4,                      /* "stack slot name"  */
  YYSYMBOL_LABEL = 5,                      /* "label"  */
  YYSYMBOL_LOCAL = 6,                      /* "local name"  */
  YYSYMBOL_INT = 7,                        /* "integer literal"  */
  YYSYMBOL_FLOAT = 8,                      /* "float literal"  */
  YYSYMBOL_STRING = 9,                     /* "string literal"  */
  YYSYMBOL_TYPE = 10,                      /* "type"  */
  YYSYMBOL_BINOP = 11,                     /* "binary opcode"  */
  YYSYMBOL_CAST = 12,                      /* "conversion opcode"  */
  YYSYMBOL_IPRED = 13,                     /* "integer predicate"  */
  YYSYMBOL_FPRED = 14,                     /* "float predicate"  */
  YYSYMBOL_UPRED = 15,                     /* "ugt/uge/ult/ule"  */
  YYSYMBOL_CONV = 16,                      /* "calling convention"  */
  YYSYMBOL_VOID = 17,                      /* "'void'"  */
  YYSYMBOL_FN = 18,                        /* "'fn'"  */
  YYSYMBOL_STACKKW = 19,                   /* "'stack'"  */
  YYSYMBOL_X = 20,                         /* "'x'"  */
  YYSYMBOL_VOLATILE = 21,                  /* "'volatile'"  */
  YYSYMBOL_TRUE = 22,                      /* "'true'"  */
  YYSYMBOL_FALSE = 23,                     /* "'false'"  */
  YYSYMBOL_NAN = 24,                       /* "'NaN'"  */
  YYSYMBOL_NOALIAS = 25,                   /* "'noalias'"  */
  YYSYMBOL_NONNULL = 26,                   /* "'nonnull'"  */
  YYSYMBOL_BYVAL = 27,                     /* "'byval'"  */
  YYSYMBOL_INTERNAL = 28,                  /* "'internal'"  */
  YYSYMBOL_GLOBALKW = 29,                  /* "'global'"  */
  YYSYMBOL_CONSTKW = 30,                   /* "'const'"  */
  YYSYMBOL_EXTERN = 31,                    /* "'extern'"  */
  YYSYMBOL_ALIGN = 32,                     /* "'align'"  */
  YYSYMBOL_ZEROINIT = 33,                  /* "'zeroinit'"  */
  YYSYMBOL_CALL = 34,                      /* "'call'"  */
  YYSYMBOL_INDIRECTCALL = 35,              /* "'indirectcall'"  */
  YYSYMBOL_ICMP = 36,                      /* "'icmp'"  */
  YYSYMBOL_FCMP = 37,                      /* "'fcmp'"  */
  YYSYMBOL_SEL = 38,                       /* "'sel'"  */
  YYSYMBOL_BR = 39,                        /* "'br'"  */
  YYSYMBOL_CONDBR = 40,                    /* "'condbr'"  */
  YYSYMBOL_UNREACHABLE = 41,               /* "'unreachable'"  */
  YYSYMBOL_RET = 42,                       /* "'ret'"  */
  YYSYMBOL_FNEG = 43,                      /* "'fneg'"  */
  YYSYMBOL_ALLOCA = 44,                    /* "'alloca'"  */
  YYSYMBOL_LOAD = 45,                      /* "'load'"  */
  YYSYMBOL_STORE = 46,                     /* "'store'"  */
  YYSYMBOL_OFFSET = 47,                    /* "'offset'"  */
  YYSYMBOL_EXTRACT = 48,                   /* "'extract'"  */
  YYSYMBOL_INSERT = 49,                    /* "'insert'"  */
  YYSYMBOL_ELEMPTR = 50,                   /* "'elemptr'"  */
  YYSYMBOL_ICONST = 51,                    /* "'iconst'"  */
  YYSYMBOL_FCONST = 52,                    /* "'fconst'"  */
  YYSYMBOL_BCONST = 53,                    /* "'bconst'"  */
  YYSYMBOL_NULLKW = 54,                    /* "'null'"  */
  YYSYMBOL_UNDEF = 55,                     /* "'undef'"  */
  YYSYMBOL_STACKSLOT = 56,                 /* "'stackslot'"  */
  YYSYMBOL_GLOBALADDR = 57,                /* "'globaladdr'"  */
  YYSYMBOL_ELLIPSIS = 58,                  /* "'...'"  */
  YYSYMBOL_LEXERR = 59,                    /* "invalid token"  */
  YYSYMBOL_60_ = 60,                       /* '('  */
  YYSYMBOL_61_ = 61,                       /* ')'  */
  YYSYMBOL_62_ = 62,                       /* ','  */
  YYSYMBOL_63_ = 63,                       /* '{'  */
  YYSYMBOL_64_ = 64,                       /* '}'  */
  YYSYMBOL_65_ = 65,                       /* '='  */
  YYSYMBOL_66_ = 66,                       /* ':'  */
  YYSYMBOL_67_ = 67,                       /* '['  */
  YYSYMBOL_68_ = 68,                       /* ']'  */
  YYSYMBOL_69_ = 69,                       /* '+'  */
  YYSYMBOL_70_ = 70,                       /* '-'  */
  YYSYMBOL_YYACCEPT = 71,                  /* $accept  */
  YYSYMBOL_module = 72,                    /* module  */
  YYSYMBOL_item = 73,                      /* item  */
  YYSYMBOL_internal_opt = 74,              /* internal_opt  */
  YYSYMBOL_function = 75,                  /* function  */
  YYSYMBOL_fn_head = 76,                   /* fn_head  */
  YYSYMBOL_ret_type = 77,                  /* ret_type  */
  YYSYMBOL_ret_attrs = 78,                 /* ret_attrs  */
  YYSYMBOL_param_list = 79,                /* param_list  */
  YYSYMBOL_params = 80,                    /* params  */
  YYSYMBOL_param = 81,                     /* param  */
  YYSYMBOL_param_attrs = 82,               /* param_attrs  */
  YYSYMBOL_conv_opt = 83,                  /* conv_opt  */
  YYSYMBOL_body = 84,                      /* body  */
  YYSYMBOL_85_1 = 85,                      /* $@1  */
  YYSYMBOL_slots = 86,                     /* slots  */
  YYSYMBOL_blocks = 87,                    /* blocks  */
  YYSYMBOL_block = 88,                     /* block  */
  YYSYMBOL_block_head = 89,                /* block_head  */
  YYSYMBOL_block_label = 90,               /* block_label  */
  YYSYMBOL_bparams = 91,                   /* bparams  */
  YYSYMBOL_bparam = 92,                    /* bparam  */
  YYSYMBOL_label = 93,                     /* label  */
  YYSYMBOL_insts = 94,                     /* insts  */
  YYSYMBOL_inst = 95,                      /* inst  */
  YYSYMBOL_96_2 = 96,                      /* $@2  */
  YYSYMBOL_typed_op = 97,                  /* typed_op  */
  YYSYMBOL_op = 98,                        /* op  */
  YYSYMBOL_float_lit = 99,                 /* float_lit  */
  YYSYMBOL_volatile_opt = 100,             /* volatile_opt  */
  YYSYMBOL_icmp_pred = 101,                /* icmp_pred  */
  YYSYMBOL_fcmp_pred = 102,                /* fcmp_pred  */
  YYSYMBOL_args_opt = 103,                 /* args_opt  */
  YYSYMBOL_args = 104,                     /* args  */
  YYSYMBOL_terminator = 105,               /* terminator  */
  YYSYMBOL_target = 106,                   /* target  */
  YYSYMBOL_targs = 107,                    /* targs  */
  YYSYMBOL_type = 108,                     /* type  */
  YYSYMBOL_types = 109,                    /* types  */
  YYSYMBOL_data = 110,                     /* data  */
  YYSYMBOL_init = 111,                     /* init  */
  YYSYMBOL_inits = 112                     /* inits  */
};
typedef enum yysymbol_kind_t yysymbol_kind_t;



/* Unqualified %code blocks.  */
#line 36 "grammar/sir.y"

/* A rule's location is that of its first symbol (IrLoc has no end). */
#define YYLLOC_DEFAULT(cur, rhs, n) \
    ((cur) = (n) ? YYRHSLOC(rhs, 1) : YYRHSLOC(rhs, 0))
/* Token locations for the next instruction's diagnostics (IR_TLOC_*). */
#define TL(k, l) (P->tl[IR_TLOC_##k] = (l))

#line 231 "build-lto/gen/sir.tab.c"

#ifdef short
# undef short
#endif

/* On compilers that do not define __PTRDIFF_MAX__ etc., make sure
   <limits.h> and (if available) <stdint.h> are included
   so that the code can choose integer types of a good width.  */

#ifndef __PTRDIFF_MAX__
# include <limits.h> /* INFRINGES ON USER NAME SPACE */
# if defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stdint.h> /* INFRINGES ON USER NAME SPACE */
#  define YY_STDINT_H
# endif
#endif

/* Narrow types that promote to a signed type and that can represent a
   signed or unsigned integer of at least N bits.  In tables they can
   save space and decrease cache pressure.  Promoting to a signed type
   helps avoid bugs in integer arithmetic.  */

#ifdef __INT_LEAST8_MAX__
typedef __INT_LEAST8_TYPE__ yytype_int8;
#elif defined YY_STDINT_H
typedef int_least8_t yytype_int8;
#else
typedef signed char yytype_int8;
#endif

#ifdef __INT_LEAST16_MAX__
typedef __INT_LEAST16_TYPE__ yytype_int16;
#elif defined YY_STDINT_H
typedef int_least16_t yytype_int16;
#else
typedef short yytype_int16;
#endif

/* Work around bug in HP-UX 11.23, which defines these macros
   incorrectly for preprocessor constants.  This workaround can likely
   be removed in 2023, as HPE has promised support for HP-UX 11.23
   (aka HP-UX 11i v2) only through the end of 2022; see Table 2 of
   <https://h20195.www2.hpe.com/V2/getpdf.aspx/4AA4-7673ENW.pdf>.  */
#ifdef __hpux
# undef UINT_LEAST8_MAX
# undef UINT_LEAST16_MAX
# define UINT_LEAST8_MAX 255
# define UINT_LEAST16_MAX 65535
#endif

#if defined __UINT_LEAST8_MAX__ && __UINT_LEAST8_MAX__ <= __INT_MAX__
typedef __UINT_LEAST8_TYPE__ yytype_uint8;
#elif (!defined __UINT_LEAST8_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST8_MAX <= INT_MAX)
typedef uint_least8_t yytype_uint8;
#elif !defined __UINT_LEAST8_MAX__ && UCHAR_MAX <= INT_MAX
typedef unsigned char yytype_uint8;
#else
typedef short yytype_uint8;
#endif

#if defined __UINT_LEAST16_MAX__ && __UINT_LEAST16_MAX__ <= __INT_MAX__
typedef __UINT_LEAST16_TYPE__ yytype_uint16;
#elif (!defined __UINT_LEAST16_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST16_MAX <= INT_MAX)
typedef uint_least16_t yytype_uint16;
#elif !defined __UINT_LEAST16_MAX__ && USHRT_MAX <= INT_MAX
typedef unsigned short yytype_uint16;
#else
typedef int yytype_uint16;
#endif

#ifndef YYPTRDIFF_T
# if defined __PTRDIFF_TYPE__ && defined __PTRDIFF_MAX__
#  define YYPTRDIFF_T __PTRDIFF_TYPE__
#  define YYPTRDIFF_MAXIMUM __PTRDIFF_MAX__
# elif defined PTRDIFF_MAX
#  ifndef ptrdiff_t
#   include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  endif
#  define YYPTRDIFF_T ptrdiff_t
#  define YYPTRDIFF_MAXIMUM PTRDIFF_MAX
# else
#  define YYPTRDIFF_T long
#  define YYPTRDIFF_MAXIMUM LONG_MAX
# endif
#endif

#ifndef YYSIZE_T
# ifdef __SIZE_TYPE__
#  define YYSIZE_T __SIZE_TYPE__
# elif defined size_t
#  define YYSIZE_T size_t
# elif defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  define YYSIZE_T size_t
# else
#  define YYSIZE_T unsigned
# endif
#endif

#define YYSIZE_MAXIMUM                                  \
  YY_CAST (YYPTRDIFF_T,                                 \
           (YYPTRDIFF_MAXIMUM < YY_CAST (YYSIZE_T, -1)  \
            ? YYPTRDIFF_MAXIMUM                         \
            : YY_CAST (YYSIZE_T, -1)))

#define YYSIZEOF(X) YY_CAST (YYPTRDIFF_T, sizeof (X))


/* Stored state numbers (used for stacks). */
typedef yytype_int16 yy_state_t;

/* State numbers in computations.  */
typedef int yy_state_fast_t;

#ifndef YY_
# if defined YYENABLE_NLS && YYENABLE_NLS
#  if ENABLE_NLS
#   include <libintl.h> /* INFRINGES ON USER NAME SPACE */
#   define YY_(Msgid) dgettext ("bison-runtime", Msgid)
#  endif
# endif
# ifndef YY_
#  define YY_(Msgid) Msgid
# endif
#endif


#ifndef YY_ATTRIBUTE_PURE
# if defined __GNUC__ && 2 < __GNUC__ + (96 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_PURE __attribute__ ((__pure__))
# else
#  define YY_ATTRIBUTE_PURE
# endif
#endif

#ifndef YY_ATTRIBUTE_UNUSED
# if defined __GNUC__ && 2 < __GNUC__ + (7 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_UNUSED __attribute__ ((__unused__))
# else
#  define YY_ATTRIBUTE_UNUSED
# endif
#endif

/* Suppress unused-variable warnings by "using" E.  */
#if ! defined lint || defined __GNUC__
# define YY_USE(E) ((void) (E))
#else
# define YY_USE(E) /* empty */
#endif

/* Suppress an incorrect diagnostic about yylval being uninitialized.  */
#if defined __GNUC__ && ! defined __ICC && 406 <= __GNUC__ * 100 + __GNUC_MINOR__
# if __GNUC__ * 100 + __GNUC_MINOR__ < 407
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")
# else
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")              \
    _Pragma ("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
# endif
# define YY_IGNORE_MAYBE_UNINITIALIZED_END      \
    _Pragma ("GCC diagnostic pop")
#else
# define YY_INITIAL_VALUE(Value) Value
#endif
#ifndef YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_END
#endif
#ifndef YY_INITIAL_VALUE
# define YY_INITIAL_VALUE(Value) /* Nothing. */
#endif

#if defined __cplusplus && defined __GNUC__ && ! defined __ICC && 6 <= __GNUC__
# define YY_IGNORE_USELESS_CAST_BEGIN                          \
    _Pragma ("GCC diagnostic push")                            \
    _Pragma ("GCC diagnostic ignored \"-Wuseless-cast\"")
# define YY_IGNORE_USELESS_CAST_END            \
    _Pragma ("GCC diagnostic pop")
#endif
#ifndef YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_END
#endif


#define YY_ASSERT(E) ((void) (0 && (E)))

#if 1

/* The parser invokes alloca or malloc; define the necessary symbols.  */

# ifdef YYSTACK_USE_ALLOCA
#  if YYSTACK_USE_ALLOCA
#   ifdef __GNUC__
#    define YYSTACK_ALLOC __builtin_alloca
#   elif defined __BUILTIN_VA_ARG_INCR
#    include <alloca.h> /* INFRINGES ON USER NAME SPACE */
#   elif defined _AIX
#    define YYSTACK_ALLOC __alloca
#   elif defined _MSC_VER
#    include <malloc.h> /* INFRINGES ON USER NAME SPACE */
#    define alloca _alloca
#   else
#    define YYSTACK_ALLOC alloca
#    if ! defined _ALLOCA_H && ! defined EXIT_SUCCESS
#     include <stdlib.h> /* INFRINGES ON USER NAME SPACE */
      /* Use EXIT_SUCCESS as a witness for stdlib.h.  */
#     ifndef EXIT_SUCCESS
#      define EXIT_SUCCESS 0
#     endif
#    endif
#   endif
#  endif
# endif

# ifdef YYSTACK_ALLOC
   /* Pacify GCC's 'empty if-body' warning.  */
#  define YYSTACK_FREE(Ptr) do { /* empty */; } while (0)
#  ifndef YYSTACK_ALLOC_MAXIMUM
    /* The OS might guarantee only one guard page at the bottom of the stack,
       and a page size can be as small as 4096 bytes.  So we cannot safely
       invoke alloca (N) if N exceeds 4096.  Use a slightly smaller number
       to allow for a few compiler-allocated temporary stack slots.  */
#   define YYSTACK_ALLOC_MAXIMUM 4032 /* reasonable circa 2006 */
#  endif
# else
#  define YYSTACK_ALLOC YYMALLOC
#  define YYSTACK_FREE YYFREE
#  ifndef YYSTACK_ALLOC_MAXIMUM
#   define YYSTACK_ALLOC_MAXIMUM YYSIZE_MAXIMUM
#  endif
#  if (defined __cplusplus && ! defined EXIT_SUCCESS \
       && ! ((defined YYMALLOC || defined malloc) \
             && (defined YYFREE || defined free)))
#   include <stdlib.h> /* INFRINGES ON USER NAME SPACE */
#   ifndef EXIT_SUCCESS
#    define EXIT_SUCCESS 0
#   endif
#  endif
#  ifndef YYMALLOC
#   define YYMALLOC malloc
#   if ! defined malloc && ! defined EXIT_SUCCESS
void *malloc (YYSIZE_T); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
#  ifndef YYFREE
#   define YYFREE free
#   if ! defined free && ! defined EXIT_SUCCESS
void free (void *); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
# endif
#endif /* 1 */

#if (! defined yyoverflow \
     && (! defined __cplusplus \
         || (defined SIR_YYLTYPE_IS_TRIVIAL && SIR_YYLTYPE_IS_TRIVIAL \
             && defined SIR_YYSTYPE_IS_TRIVIAL && SIR_YYSTYPE_IS_TRIVIAL)))

/* A type that is properly aligned for any stack member.  */
union yyalloc
{
  yy_state_t yyss_alloc;
  YYSTYPE yyvs_alloc;
  YYLTYPE yyls_alloc;
};

/* The size of the maximum gap between one aligned stack and the next.  */
# define YYSTACK_GAP_MAXIMUM (YYSIZEOF (union yyalloc) - 1)

/* The size of an array large to enough to hold all stacks, each with
   N elements.  */
# define YYSTACK_BYTES(N) \
     ((N) * (YYSIZEOF (yy_state_t) + YYSIZEOF (YYSTYPE) \
             + YYSIZEOF (YYLTYPE)) \
      + 2 * YYSTACK_GAP_MAXIMUM)

# define YYCOPY_NEEDED 1

/* Relocate STACK from its old location to the new one.  The
   local variables YYSIZE and YYSTACKSIZE give the old and new number of
   elements in the stack, and YYPTR gives the new location of the
   stack.  Advance YYPTR to a properly aligned location for the next
   stack.  */
# define YYSTACK_RELOCATE(Stack_alloc, Stack)                           \
    do                                                                  \
      {                                                                 \
        YYPTRDIFF_T yynewbytes;                                         \
        YYCOPY (&yyptr->Stack_alloc, Stack, yysize);                    \
        Stack = &yyptr->Stack_alloc;                                    \
        yynewbytes = yystacksize * YYSIZEOF (*Stack) + YYSTACK_GAP_MAXIMUM; \
        yyptr += yynewbytes / YYSIZEOF (*yyptr);                        \
      }                                                                 \
    while (0)

#endif

#if defined YYCOPY_NEEDED && YYCOPY_NEEDED
/* Copy COUNT objects from SRC to DST.  The source and destination do
   not overlap.  */
# ifndef YYCOPY
#  if defined __GNUC__ && 1 < __GNUC__
#   define YYCOPY(Dst, Src, Count) \
      __builtin_memcpy (Dst, Src, YY_CAST (YYSIZE_T, (Count)) * sizeof (*(Src)))
#  else
#   define YYCOPY(Dst, Src, Count)              \
      do                                        \
        {                                       \
          YYPTRDIFF_T yyi;                      \
          for (yyi = 0; yyi < (Count); yyi++)   \
            (Dst)[yyi] = (Src)[yyi];            \
        }                                       \
      while (0)
#  endif
# endif
#endif /* !YYCOPY_NEEDED */

/* YYFINAL -- State number of the termination state.  */
#define YYFINAL  2
/* YYLAST -- Last index in YYTABLE.  */
#define YYLAST   290

/* YYNTOKENS -- Number of terminals.  */
#define YYNTOKENS  71
/* YYNNTS -- Number of nonterminals.  */
#define YYNNTS  42
/* YYNRULES -- Number of rules.  */
#define YYNRULES  124
/* YYNSTATES -- Number of states.  */
#define YYNSTATES  262

/* YYMAXUTOK -- Last valid token kind.  */
#define YYMAXUTOK   314


/* YYTRANSLATE(TOKEN-NUM) -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex, with out-of-bounds checking.  */
#define YYTRANSLATE(YYX)                                \
  (0 <= (YYX) && (YYX) <= YYMAXUTOK                     \
   ? YY_CAST (yysymbol_kind_t, yytranslate[YYX])        \
   : YYSYMBOL_YYUNDEF)

/* YYTRANSLATE[TOKEN-NUM] -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex.  */
static const yytype_int8 yytranslate[] =
{
       0,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
      60,    61,     2,    69,    62,    70,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,    66,     2,
       2,    65,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,    67,     2,    68,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,    63,     2,    64,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     1,     2,     3,     4,
       5,     6,     7,     8,     9,    10,    11,    12,    13,    14,
      15,    16,    17,    18,    19,    20,    21,    22,    23,    24,
      25,    26,    27,    28,    29,    30,    31,    32,    33,    34,
      35,    36,    37,    38,    39,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    57,    58,    59
};

#if SIR_YYDEBUG
/* YYRLINE[YYN] -- Source line where rule number YYN was defined.  */
static const yytype_int16 yyrline[] =
{
       0,    96,    96,    97,   101,   102,   106,   107,   113,   114,
     118,   123,   124,   129,   130,   131,   135,   136,   137,   138,
     142,   143,   147,   151,   152,   154,   156,   161,   162,   166,
     166,   172,   173,   177,   178,   184,   188,   189,   193,   197,
     198,   202,   206,   207,   208,   209,   213,   214,   218,   218,
     219,   223,   227,   229,   231,   233,   235,   237,   241,   245,
     249,   251,   253,   259,   263,   269,   275,   280,   284,   288,
     292,   296,   300,   304,   308,   310,   316,   317,   321,   322,
     326,   327,   331,   332,   336,   337,   341,   342,   346,   348,
     351,   354,   358,   364,   365,   369,   370,   376,   377,   378,
     380,   384,   385,   391,   394,   397,   400,   403,   409,   410,
     411,   412,   413,   414,   415,   416,   418,   419,   421,   422,
     423,   424,   426,   431,   432
};
#endif

/** Accessing symbol of state STATE.  */
#define YY_ACCESSING_SYMBOL(State) YY_CAST (yysymbol_kind_t, yystos[State])

#if 1
/* The user-facing name of the symbol whose (internal) number is
   YYSYMBOL.  No bounds checking.  */
static const char *yysymbol_name (yysymbol_kind_t yysymbol) YY_ATTRIBUTE_UNUSED;

static const char *
yysymbol_name (yysymbol_kind_t yysymbol)
{
  static const char *const yy_sname[] =
  {
  "end of file", "error", "invalid token", "global name",
  "stack slot name", "label", "local name", "integer literal",
  "float literal", "string literal", "type", "binary opcode",
  "conversion opcode", "integer predicate", "float predicate",
  "ugt/uge/ult/ule", "calling convention", "'void'", "'fn'", "'stack'",
  "'x'", "'volatile'", "'true'", "'false'", "'NaN'", "'noalias'",
  "'nonnull'", "'byval'", "'internal'", "'global'", "'const'", "'extern'",
  "'align'", "'zeroinit'", "'call'", "'indirectcall'", "'icmp'", "'fcmp'",
  "'sel'", "'br'", "'condbr'", "'unreachable'", "'ret'", "'fneg'",
  "'alloca'", "'load'", "'store'", "'offset'", "'extract'", "'insert'",
  "'elemptr'", "'iconst'", "'fconst'", "'bconst'", "'null'", "'undef'",
  "'stackslot'", "'globaladdr'", "'...'", "invalid token", "'('", "')'",
  "','", "'{'", "'}'", "'='", "':'", "'['", "']'", "'+'", "'-'", "$accept",
  "module", "item", "internal_opt", "function", "fn_head", "ret_type",
  "ret_attrs", "param_list", "params", "param", "param_attrs", "conv_opt",
  "body", "$@1", "slots", "blocks", "block", "block_head", "block_label",
  "bparams", "bparam", "label", "insts", "inst", "$@2", "typed_op", "op",
  "float_lit", "volatile_opt", "icmp_pred", "fcmp_pred", "args_opt",
  "args", "terminator", "target", "targs", "type", "types", "data", "init",
  "inits", YY_NULLPTR
  };
  return yy_sname[yysymbol];
}
#endif

#define YYPACT_NINF (-175)

#define yypact_value_is_default(Yyn) \
  ((Yyn) == YYPACT_NINF)

#define YYTABLE_NINF (-1)

#define yytable_value_is_error(Yyn) \
  0

/* YYPACT[STATE-NUM] -- Index in YYTABLE of the portion describing
   STATE-NUM.  */
static const yytype_int16 yypact[] =
{
    -175,     6,  -175,  -175,  -175,    21,    14,    71,  -175,     7,
    -175,   -11,  -175,   101,    31,  -175,  -175,    11,    11,    11,
      50,  -175,  -175,  -175,    23,    11,  -175,  -175,   131,   131,
    -175,     4,   117,  -175,  -175,    38,   116,    40,    27,  -175,
    -175,  -175,  -175,  -175,  -175,  -175,  -175,  -175,    28,     5,
    -175,    79,    82,    95,  -175,    51,  -175,    22,  -175,  -175,
      11,  -175,   150,    93,  -175,  -175,  -175,  -175,     2,  -175,
      96,   100,  -175,   154,   156,  -175,  -175,    39,  -175,    -4,
     133,   134,  -175,  -175,   109,  -175,  -175,   108,  -175,  -175,
     105,   153,  -175,  -175,  -175,    11,  -175,  -175,   131,  -175,
    -175,   167,   168,   119,  -175,   171,  -175,    11,   165,    53,
    -175,   175,  -175,  -175,  -175,  -175,   121,  -175,   118,    11,
      11,    71,    71,    54,   104,    11,    94,    11,  -175,    13,
      11,    11,   166,   166,    11,    11,    11,    11,    11,    11,
      11,    11,    11,   185,   187,  -175,  -175,  -175,  -175,    11,
    -175,  -175,  -175,   186,   129,   192,    50,  -175,  -175,    11,
    -175,  -175,    11,   135,   136,  -175,   163,   220,  -175,  -175,
     221,  -175,  -175,    11,    11,   169,   170,   172,   173,   222,
      18,   107,  -175,  -175,  -175,  -175,  -175,   212,   174,    11,
     177,   117,   224,   227,    11,    11,    94,  -175,  -175,   176,
     178,    11,    11,    11,    11,  -175,  -175,  -175,  -175,  -175,
    -175,   233,  -175,    11,   179,   180,   181,   182,  -175,    70,
     183,    11,    11,   189,   190,   191,   208,  -175,  -175,   193,
     209,    11,   266,   267,   268,  -175,    11,    94,  -175,  -175,
      11,   269,   270,   271,  -175,    11,   215,  -175,  -175,   217,
    -175,  -175,  -175,  -175,  -175,  -175,  -175,    11,   274,   223,
    -175,  -175
};

/* YYDEFACT[STATE-NUM] -- Default reduction number in state STATE-NUM.
   Performed when YYTABLE does not specify something else to do.  Zero
   means the default is an error.  */
static const yytype_int8 yydefact[] =
{
       2,     6,     1,     7,     3,     0,     0,    13,     4,     8,
       5,     0,    11,     0,     0,    29,     9,     0,     0,     0,
       0,    97,    14,    15,     0,     0,    12,    31,     0,     0,
     107,    23,    27,    99,   101,     0,     0,     0,   120,   108,
      76,   119,   110,   111,    77,   113,   112,   114,     0,     0,
     109,   103,   105,     0,    16,     0,    20,     0,    28,    10,
       0,   100,     0,     0,    42,    43,    44,    45,     0,    33,
       0,    36,    38,     0,     0,   115,   123,     0,   117,     0,
       0,     0,    17,    18,    23,    24,    25,     0,    22,   102,
       0,     0,    30,    34,    46,     0,   121,   122,     0,   116,
     118,     0,     0,     0,    21,     0,    98,     0,     0,     0,
      39,     0,   124,   104,   106,    19,     0,    32,     0,     0,
       0,    13,    13,     0,     0,     0,     0,     0,    92,     0,
       0,     0,    78,    78,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,    47,    50,    35,    37,     0,
      41,    26,    48,     0,     0,     0,     0,    80,    81,     0,
      82,    83,     0,     0,    93,    88,     0,     0,    90,    91,
       0,    59,    79,     0,     0,     0,     0,     0,     0,     0,
       0,     0,    57,    58,    60,    61,    40,     0,     0,     0,
       0,    27,     0,     0,     0,     0,     0,    51,    63,     0,
       0,     0,     0,     0,     0,    52,    54,    53,    55,    56,
      49,     0,    73,    84,     0,     0,     0,     0,    95,     0,
       0,     0,     0,     0,     0,     0,     0,    62,    86,     0,
      85,     0,     0,     0,     0,    94,     0,     0,    67,    68,
       0,     0,     0,     0,    74,     0,     0,    64,    65,     0,
      96,    89,    69,    71,    72,    70,    87,    84,     0,     0,
      66,    75
};

/* YYPGOTO[NTERM-NUM].  */
static const yytype_int16 yypgoto[] =
{
    -175,  -175,  -175,  -175,  -175,  -175,    25,  -175,    72,  -175,
     197,  -175,    91,  -175,  -175,  -175,  -175,   218,  -175,  -175,
    -175,   138,   -28,  -175,  -175,  -175,   -52,    98,   103,   155,
    -175,  -175,    32,  -175,  -175,  -174,  -175,   -14,  -175,  -175,
     -27,   241
};

/* YYDEFGOTO[NTERM-NUM].  */
static const yytype_uint8 yydefgoto[] =
{
       0,     1,     4,     5,     8,     9,    13,    14,    32,    55,
      56,    57,    59,    16,    27,    37,    68,    69,    70,    71,
     109,   110,   164,   108,   145,   187,   228,   146,    50,   173,
     159,   162,   229,   230,   147,   165,   219,   167,    35,    10,
      76,    77
};

/* YYTABLE[YYPACT[STATE-NUM]] -- What to do in state STATE-NUM.  If
   positive, shift that token.  If negative, reduce the rule whose
   number is the opposite.  If YYTABLE_NINF, syntax error.  */
static const yytype_int16 yytable[] =
{
      26,    51,    52,    28,    29,    30,     2,    64,    38,    72,
      34,    36,    39,    40,    41,    65,    66,    67,    17,    18,
      19,    21,   220,    21,     6,   206,    40,    42,    43,    44,
     168,    38,    21,    21,     3,    39,    40,    41,    45,     7,
      72,    21,    44,    88,    63,    64,    89,    85,    86,    87,
      42,    43,    44,    65,    66,    67,    22,    23,    98,    46,
      47,    45,    53,   251,   100,    54,    92,   157,    48,   158,
      15,   112,    49,    78,    24,   166,    24,   169,    25,    11,
      25,   111,    46,    47,   177,    24,    24,    33,    12,    25,
      25,    48,    75,   117,    24,    49,    73,    74,    25,    64,
      60,    98,    61,    99,    20,   153,   154,    65,    66,    67,
      31,   163,    83,    84,   148,   149,   170,   171,   160,   161,
     175,   176,   200,   178,   179,   180,   181,   182,   183,   208,
     209,   235,   236,    58,    38,   111,    62,   212,    39,    40,
      41,    80,   217,   218,    81,   192,   155,   156,   193,   223,
     224,   225,   226,    42,    43,    44,    82,    90,    91,   199,
      95,    96,    94,    97,    45,   101,   102,   103,   105,   238,
     239,   118,   107,   106,   113,   114,   119,   120,   116,   246,
     115,   150,   151,   152,   250,    46,    47,   172,   252,   184,
     185,   189,   188,   256,    48,   190,   195,   194,    49,   121,
     122,   123,   124,   125,   126,   127,   128,   129,   130,   131,
     132,   133,   134,   135,   136,   137,   138,   139,   140,   141,
     142,   143,   144,   119,   120,   196,   197,   198,   191,   205,
     215,   201,   202,   216,   203,   204,   211,   213,   221,   227,
     222,   231,   232,   233,   234,   237,   121,   122,   123,   124,
     125,   240,   241,   242,   244,   130,   131,   132,   133,   134,
     135,   136,   137,   138,   139,   140,   141,   142,   143,   144,
     243,   245,   247,   248,   249,   257,   253,   254,   255,   258,
     260,   104,   214,   207,   261,   210,    93,   186,   174,   259,
      79
};

static const yytype_int16 yycheck[] =
{
      14,    28,    29,    17,    18,    19,     0,     5,     3,    37,
      24,    25,     7,     8,     9,    13,    14,    15,    29,    30,
      31,    10,   196,    10,     3,     7,     8,    22,    23,    24,
      17,     3,    10,    10,    28,     7,     8,     9,    33,    18,
      68,    10,    24,    57,     4,     5,    60,    25,    26,    27,
      22,    23,    24,    13,    14,    15,    25,    26,    62,    54,
      55,    33,    58,   237,    68,    61,    64,    13,    63,    15,
      63,    98,    67,    68,    63,   127,    63,   129,    67,    65,
      67,    95,    54,    55,   136,    63,    63,    64,    17,    67,
      67,    63,    64,   107,    63,    67,    69,    70,    67,     5,
      62,    62,    64,    64,     3,   119,   120,    13,    14,    15,
      60,   125,    61,    62,    61,    62,   130,   131,    14,    15,
     134,   135,   174,   137,   138,   139,   140,   141,   142,    22,
      23,    61,    62,    16,     3,   149,    20,   189,     7,     8,
       9,    62,   194,   195,    62,   159,   121,   122,   162,   201,
     202,   203,   204,    22,    23,    24,    61,     7,    65,   173,
      60,     7,    66,     7,    33,    32,    32,    58,    60,   221,
     222,     6,    19,    68,     7,     7,    11,    12,     7,   231,
      61,     6,    61,    65,   236,    54,    55,    21,   240,     4,
       3,    62,     6,   245,    63,     3,    60,    62,    67,    34,
      35,    36,    37,    38,    39,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    57,    11,    12,    62,     6,     6,   156,     7,
       6,    62,    62,     6,    62,    62,    62,    60,    62,     6,
      62,    62,    62,    62,    62,    62,    34,    35,    36,    37,
      38,    62,    62,    62,    61,    43,    44,    45,    46,    47,
      48,    49,    50,    51,    52,    53,    54,    55,    56,    57,
      62,    62,     6,     6,     6,    60,     7,     7,     7,    62,
       6,    84,   191,   180,    61,   187,    68,   149,   133,   257,
      49
};

/* YYSTOS[STATE-NUM] -- The symbol kind of the accessing symbol of
   state STATE-NUM.  */
static const yytype_int8 yystos[] =
{
       0,    72,     0,    28,    73,    74,     3,    18,    75,    76,
     110,    65,    17,    77,    78,    63,    84,    29,    30,    31,
       3,    10,    25,    26,    63,    67,   108,    85,   108,   108,
     108,    60,    79,    64,   108,   109,   108,    86,     3,     7,
       8,     9,    22,    23,    24,    33,    54,    55,    63,    67,
      99,   111,   111,    58,    61,    80,    81,    82,    16,    83,
      62,    64,    20,     4,     5,    13,    14,    15,    87,    88,
      89,    90,    93,    69,    70,    64,   111,   112,    68,   112,
      62,    62,    61,    61,    62,    25,    26,    27,   108,   108,
       7,    65,    64,    88,    66,    60,     7,     7,    62,    64,
      68,    32,    32,    58,    81,    60,    68,    19,    94,    91,
      92,   108,   111,     7,     7,    61,     7,   108,     6,    11,
      12,    34,    35,    36,    37,    38,    39,    40,    41,    42,
      43,    44,    45,    46,    47,    48,    49,    50,    51,    52,
      53,    54,    55,    56,    57,    95,    98,   105,    61,    62,
       6,    61,    65,   108,   108,    77,    77,    13,    15,   101,
      14,    15,   102,   108,    93,   106,    97,   108,    17,    97,
     108,   108,    21,   100,   100,   108,   108,    97,   108,   108,
     108,   108,   108,   108,     4,     3,    92,    96,     6,    62,
       3,    79,   108,   108,    62,    60,    62,     6,     6,   108,
      97,    62,    62,    62,    62,     7,     7,    99,    22,    23,
      98,    62,    97,    60,    83,     6,     6,    97,    97,   107,
     106,    62,    62,    97,    97,    97,    97,     6,    97,   103,
     104,    62,    62,    62,    62,    61,    62,    62,    97,    97,
      62,    62,    62,    62,    61,    62,    97,     6,     6,     6,
      97,   106,    97,     7,     7,     7,    97,    60,    62,   103,
       6,    61
};

/* YYR1[RULE-NUM] -- Symbol kind of the left-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr1[] =
{
       0,    71,    72,    72,    73,    73,    74,    74,    75,    75,
      76,    77,    77,    78,    78,    78,    79,    79,    79,    79,
      80,    80,    81,    82,    82,    82,    82,    83,    83,    85,
      84,    86,    86,    87,    87,    88,    89,    89,    90,    91,
      91,    92,    93,    93,    93,    93,    94,    94,    96,    95,
      95,    97,    98,    98,    98,    98,    98,    98,    98,    98,
      98,    98,    98,    98,    98,    98,    98,    98,    98,    98,
      98,    98,    98,    98,    98,    98,    99,    99,   100,   100,
     101,   101,   102,   102,   103,   103,   104,   104,   105,   105,
     105,   105,   105,   106,   106,   107,   107,   108,   108,   108,
     108,   109,   109,   110,   110,   110,   110,   110,   111,   111,
     111,   111,   111,   111,   111,   111,   111,   111,   111,   111,
     111,   111,   111,   112,   112
};

/* YYR2[RULE-NUM] -- Number of symbols on the right-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr2[] =
{
       0,     2,     0,     2,     2,     2,     0,     1,     1,     2,
       5,     1,     2,     0,     2,     2,     2,     3,     3,     5,
       1,     3,     2,     0,     2,     2,     5,     0,     1,     0,
       5,     0,     5,     1,     2,     4,     1,     4,     1,     1,
       3,     2,     1,     1,     1,     1,     0,     2,     0,     4,
       1,     2,     3,     3,     3,     3,     3,     2,     2,     2,
       2,     2,     5,     3,     6,     6,     8,     5,     5,     6,
       6,     6,     6,     4,     6,     9,     1,     1,     0,     1,
       1,     1,     1,     1,     0,     1,     1,     3,     2,     6,
       2,     2,     1,     1,     4,     1,     3,     1,     5,     2,
       3,     1,     3,     5,     8,     5,     8,     4,     1,     1,
       1,     1,     1,     1,     1,     2,     3,     2,     3,     1,
       1,     3,     3,     1,     3
};


enum { YYENOMEM = -2 };

#define yyerrok         (yyerrstatus = 0)
#define yyclearin       (yychar = T_SIR_YYEMPTY)

#define YYACCEPT        goto yyacceptlab
#define YYABORT         goto yyabortlab
#define YYERROR         goto yyerrorlab
#define YYNOMEM         goto yyexhaustedlab


#define YYRECOVERING()  (!!yyerrstatus)

#define YYBACKUP(Token, Value)                                    \
  do                                                              \
    if (yychar == T_SIR_YYEMPTY)                                        \
      {                                                           \
        yychar = (Token);                                         \
        yylval = (Value);                                         \
        YYPOPSTACK (yylen);                                       \
        yystate = *yyssp;                                         \
        goto yybackup;                                            \
      }                                                           \
    else                                                          \
      {                                                           \
        yyerror (&yylloc, scanner, P, YY_("syntax error: cannot back up")); \
        YYERROR;                                                  \
      }                                                           \
  while (0)

/* Backward compatibility with an undocumented macro.
   Use T_SIR_YYerror or T_SIR_YYUNDEF. */
#define YYERRCODE T_SIR_YYUNDEF

/* YYLLOC_DEFAULT -- Set CURRENT to span from RHS[1] to RHS[N].
   If N is 0, then set CURRENT to the empty location which ends
   the previous symbol: RHS[0] (always defined).  */

#ifndef YYLLOC_DEFAULT
# define YYLLOC_DEFAULT(Current, Rhs, N)                                \
    do                                                                  \
      if (N)                                                            \
        {                                                               \
          (Current).first_line   = YYRHSLOC (Rhs, 1).first_line;        \
          (Current).first_column = YYRHSLOC (Rhs, 1).first_column;      \
          (Current).last_line    = YYRHSLOC (Rhs, N).last_line;         \
          (Current).last_column  = YYRHSLOC (Rhs, N).last_column;       \
        }                                                               \
      else                                                              \
        {                                                               \
          (Current).first_line   = (Current).last_line   =              \
            YYRHSLOC (Rhs, 0).last_line;                                \
          (Current).first_column = (Current).last_column =              \
            YYRHSLOC (Rhs, 0).last_column;                              \
        }                                                               \
    while (0)
#endif

#define YYRHSLOC(Rhs, K) ((Rhs)[K])


/* Enable debugging if requested.  */
#if SIR_YYDEBUG

# ifndef YYFPRINTF
#  include <stdio.h> /* INFRINGES ON USER NAME SPACE */
#  define YYFPRINTF fprintf
# endif

# define YYDPRINTF(Args)                        \
do {                                            \
  if (yydebug)                                  \
    YYFPRINTF Args;                             \
} while (0)


/* YYLOCATION_PRINT -- Print the location on the stream.
   This macro was not mandated originally: define only if we know
   we won't break user code: when these are the locations we know.  */

# ifndef YYLOCATION_PRINT

#  if defined YY_LOCATION_PRINT

   /* Temporary convenience wrapper in case some people defined the
      undocumented and private YY_LOCATION_PRINT macros.  */
#   define YYLOCATION_PRINT(File, Loc)  YY_LOCATION_PRINT(File, *(Loc))

#  elif defined SIR_YYLTYPE_IS_TRIVIAL && SIR_YYLTYPE_IS_TRIVIAL

/* Print *YYLOCP on YYO.  Private, do not rely on its existence. */

YY_ATTRIBUTE_UNUSED
static int
yy_location_print_ (FILE *yyo, YYLTYPE const * const yylocp)
{
  int res = 0;
  int end_col = 0 != yylocp->last_column ? yylocp->last_column - 1 : 0;
  if (0 <= yylocp->first_line)
    {
      res += YYFPRINTF (yyo, "%d", yylocp->first_line);
      if (0 <= yylocp->first_column)
        res += YYFPRINTF (yyo, ".%d", yylocp->first_column);
    }
  if (0 <= yylocp->last_line)
    {
      if (yylocp->first_line < yylocp->last_line)
        {
          res += YYFPRINTF (yyo, "-%d", yylocp->last_line);
          if (0 <= end_col)
            res += YYFPRINTF (yyo, ".%d", end_col);
        }
      else if (0 <= end_col && yylocp->first_column < end_col)
        res += YYFPRINTF (yyo, "-%d", end_col);
    }
  return res;
}

#   define YYLOCATION_PRINT  yy_location_print_

    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT(File, Loc)  YYLOCATION_PRINT(File, &(Loc))

#  else

#   define YYLOCATION_PRINT(File, Loc) ((void) 0)
    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT  YYLOCATION_PRINT

#  endif
# endif /* !defined YYLOCATION_PRINT */


# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)                    \
do {                                                                      \
  if (yydebug)                                                            \
    {                                                                     \
      YYFPRINTF (stderr, "%s ", Title);                                   \
      yy_symbol_print (stderr,                                            \
                  Kind, Value, Location, scanner, P); \
      YYFPRINTF (stderr, "\n");                                           \
    }                                                                     \
} while (0)


/*-----------------------------------.
| Print this symbol's value on YYO.  |
`-----------------------------------*/

static void
yy_symbol_value_print (FILE *yyo,
                       yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, void *scanner, SirParser *P)
{
  FILE *yyoutput = yyo;
  YY_USE (yyoutput);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (P);
  if (!yyvaluep)
    return;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  YY_USE (yykind);
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}


/*---------------------------.
| Print this symbol on YYO.  |
`---------------------------*/

static void
yy_symbol_print (FILE *yyo,
                 yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, void *scanner, SirParser *P)
{
  YYFPRINTF (yyo, "%s %s (",
             yykind < YYNTOKENS ? "token" : "nterm", yysymbol_name (yykind));

  YYLOCATION_PRINT (yyo, yylocationp);
  YYFPRINTF (yyo, ": ");
  yy_symbol_value_print (yyo, yykind, yyvaluep, yylocationp, scanner, P);
  YYFPRINTF (yyo, ")");
}

/*------------------------------------------------------------------.
| yy_stack_print -- Print the state stack from its BOTTOM up to its |
| TOP (included).                                                   |
`------------------------------------------------------------------*/

static void
yy_stack_print (yy_state_t *yybottom, yy_state_t *yytop)
{
  YYFPRINTF (stderr, "Stack now");
  for (; yybottom <= yytop; yybottom++)
    {
      int yybot = *yybottom;
      YYFPRINTF (stderr, " %d", yybot);
    }
  YYFPRINTF (stderr, "\n");
}

# define YY_STACK_PRINT(Bottom, Top)                            \
do {                                                            \
  if (yydebug)                                                  \
    yy_stack_print ((Bottom), (Top));                           \
} while (0)


/*------------------------------------------------.
| Report that the YYRULE is going to be reduced.  |
`------------------------------------------------*/

static void
yy_reduce_print (yy_state_t *yyssp, YYSTYPE *yyvsp, YYLTYPE *yylsp,
                 int yyrule, void *scanner, SirParser *P)
{
  int yylno = yyrline[yyrule];
  int yynrhs = yyr2[yyrule];
  int yyi;
  YYFPRINTF (stderr, "Reducing stack by rule %d (line %d):\n",
             yyrule - 1, yylno);
  /* The symbols being reduced.  */
  for (yyi = 0; yyi < yynrhs; yyi++)
    {
      YYFPRINTF (stderr, "   $%d = ", yyi + 1);
      yy_symbol_print (stderr,
                       YY_ACCESSING_SYMBOL (+yyssp[yyi + 1 - yynrhs]),
                       &yyvsp[(yyi + 1) - (yynrhs)],
                       &(yylsp[(yyi + 1) - (yynrhs)]), scanner, P);
      YYFPRINTF (stderr, "\n");
    }
}

# define YY_REDUCE_PRINT(Rule)          \
do {                                    \
  if (yydebug)                          \
    yy_reduce_print (yyssp, yyvsp, yylsp, Rule, scanner, P); \
} while (0)

/* Nonzero means print parse trace.  It is left uninitialized so that
   multiple parsers can coexist.  */
int yydebug;
#else /* !SIR_YYDEBUG */
# define YYDPRINTF(Args) ((void) 0)
# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)
# define YY_STACK_PRINT(Bottom, Top)
# define YY_REDUCE_PRINT(Rule)
#endif /* !SIR_YYDEBUG */


/* YYINITDEPTH -- initial size of the parser's stacks.  */
#ifndef YYINITDEPTH
# define YYINITDEPTH 200
#endif

/* YYMAXDEPTH -- maximum size the stacks can grow to (effective only
   if the built-in stack extension method is used).

   Do not make this value too large; the results are undefined if
   YYSTACK_ALLOC_MAXIMUM < YYSTACK_BYTES (YYMAXDEPTH)
   evaluated with infinite-precision integer arithmetic.  */

#ifndef YYMAXDEPTH
# define YYMAXDEPTH 10000
#endif


/* Context of a parse error.  */
typedef struct
{
  yy_state_t *yyssp;
  yysymbol_kind_t yytoken;
  YYLTYPE *yylloc;
} yypcontext_t;

/* Put in YYARG at most YYARGN of the expected tokens given the
   current YYCTX, and return the number of tokens stored in YYARG.  If
   YYARG is null, return the number of expected tokens (guaranteed to
   be less than YYNTOKENS).  Return YYENOMEM on memory exhaustion.
   Return 0 if there are more than YYARGN expected tokens, yet fill
   YYARG up to YYARGN. */
static int
yypcontext_expected_tokens (const yypcontext_t *yyctx,
                            yysymbol_kind_t yyarg[], int yyargn)
{
  /* Actual size of YYARG. */
  int yycount = 0;
  int yyn = yypact[+*yyctx->yyssp];
  if (!yypact_value_is_default (yyn))
    {
      /* Start YYX at -YYN if negative to avoid negative indexes in
         YYCHECK.  In other words, skip the first -YYN actions for
         this state because they are default actions.  */
      int yyxbegin = yyn < 0 ? -yyn : 0;
      /* Stay within bounds of both yycheck and yytname.  */
      int yychecklim = YYLAST - yyn + 1;
      int yyxend = yychecklim < YYNTOKENS ? yychecklim : YYNTOKENS;
      int yyx;
      for (yyx = yyxbegin; yyx < yyxend; ++yyx)
        if (yycheck[yyx + yyn] == yyx && yyx != YYSYMBOL_YYerror
            && !yytable_value_is_error (yytable[yyx + yyn]))
          {
            if (!yyarg)
              ++yycount;
            else if (yycount == yyargn)
              return 0;
            else
              yyarg[yycount++] = YY_CAST (yysymbol_kind_t, yyx);
          }
    }
  if (yyarg && yycount == 0 && 0 < yyargn)
    yyarg[0] = YYSYMBOL_YYEMPTY;
  return yycount;
}




#ifndef yystrlen
# if defined __GLIBC__ && defined _STRING_H
#  define yystrlen(S) (YY_CAST (YYPTRDIFF_T, strlen (S)))
# else
/* Return the length of YYSTR.  */
static YYPTRDIFF_T
yystrlen (const char *yystr)
{
  YYPTRDIFF_T yylen;
  for (yylen = 0; yystr[yylen]; yylen++)
    continue;
  return yylen;
}
# endif
#endif

#ifndef yystpcpy
# if defined __GLIBC__ && defined _STRING_H && defined _GNU_SOURCE
#  define yystpcpy stpcpy
# else
/* Copy YYSRC to YYDEST, returning the address of the terminating '\0' in
   YYDEST.  */
static char *
yystpcpy (char *yydest, const char *yysrc)
{
  char *yyd = yydest;
  const char *yys = yysrc;

  while ((*yyd++ = *yys++) != '\0')
    continue;

  return yyd - 1;
}
# endif
#endif



static int
yy_syntax_error_arguments (const yypcontext_t *yyctx,
                           yysymbol_kind_t yyarg[], int yyargn)
{
  /* Actual size of YYARG. */
  int yycount = 0;
  /* There are many possibilities here to consider:
     - If this state is a consistent state with a default action, then
       the only way this function was invoked is if the default action
       is an error action.  In that case, don't check for expected
       tokens because there are none.
     - The only way there can be no lookahead present (in yychar) is if
       this state is a consistent state with a default action.  Thus,
       detecting the absence of a lookahead is sufficient to determine
       that there is no unexpected or expected token to report.  In that
       case, just report a simple "syntax error".
     - Don't assume there isn't a lookahead just because this state is a
       consistent state with a default action.  There might have been a
       previous inconsistent state, consistent state with a non-default
       action, or user semantic action that manipulated yychar.
     - Of course, the expected token list depends on states to have
       correct lookahead information, and it depends on the parser not
       to perform extra reductions after fetching a lookahead from the
       scanner and before detecting a syntax error.  Thus, state merging
       (from LALR or IELR) and default reductions corrupt the expected
       token list.  However, the list is correct for canonical LR with
       one exception: it will still contain any token that will not be
       accepted due to an error action in a later state.
  */
  if (yyctx->yytoken != YYSYMBOL_YYEMPTY)
    {
      int yyn;
      if (yyarg)
        yyarg[yycount] = yyctx->yytoken;
      ++yycount;
      yyn = yypcontext_expected_tokens (yyctx,
                                        yyarg ? yyarg + 1 : yyarg, yyargn - 1);
      if (yyn == YYENOMEM)
        return YYENOMEM;
      else
        yycount += yyn;
    }
  return yycount;
}

/* Copy into *YYMSG, which is of size *YYMSG_ALLOC, an error message
   about the unexpected token YYTOKEN for the state stack whose top is
   YYSSP.

   Return 0 if *YYMSG was successfully written.  Return -1 if *YYMSG is
   not large enough to hold the message.  In that case, also set
   *YYMSG_ALLOC to the required number of bytes.  Return YYENOMEM if the
   required number of bytes is too large to store.  */
static int
yysyntax_error (YYPTRDIFF_T *yymsg_alloc, char **yymsg,
                const yypcontext_t *yyctx)
{
  enum { YYARGS_MAX = 5 };
  /* Internationalized format string. */
  const char *yyformat = YY_NULLPTR;
  /* Arguments of yyformat: reported tokens (one for the "unexpected",
     one per "expected"). */
  yysymbol_kind_t yyarg[YYARGS_MAX];
  /* Cumulated lengths of YYARG.  */
  YYPTRDIFF_T yysize = 0;

  /* Actual size of YYARG. */
  int yycount = yy_syntax_error_arguments (yyctx, yyarg, YYARGS_MAX);
  if (yycount == YYENOMEM)
    return YYENOMEM;

  switch (yycount)
    {
#define YYCASE_(N, S)                       \
      case N:                               \
        yyformat = S;                       \
        break
    default: /* Avoid compiler warnings. */
      YYCASE_(0, YY_("syntax error"));
      YYCASE_(1, YY_("syntax error, unexpected %s"));
      YYCASE_(2, YY_("syntax error, unexpected %s, expecting %s"));
      YYCASE_(3, YY_("syntax error, unexpected %s, expecting %s or %s"));
      YYCASE_(4, YY_("syntax error, unexpected %s, expecting %s or %s or %s"));
      YYCASE_(5, YY_("syntax error, unexpected %s, expecting %s or %s or %s or %s"));
#undef YYCASE_
    }

  /* Compute error message size.  Don't count the "%s"s, but reserve
     room for the terminator.  */
  yysize = yystrlen (yyformat) - 2 * yycount + 1;
  {
    int yyi;
    for (yyi = 0; yyi < yycount; ++yyi)
      {
        YYPTRDIFF_T yysize1
          = yysize + yystrlen (yysymbol_name (yyarg[yyi]));
        if (yysize <= yysize1 && yysize1 <= YYSTACK_ALLOC_MAXIMUM)
          yysize = yysize1;
        else
          return YYENOMEM;
      }
  }

  if (*yymsg_alloc < yysize)
    {
      *yymsg_alloc = 2 * yysize;
      if (! (yysize <= *yymsg_alloc
             && *yymsg_alloc <= YYSTACK_ALLOC_MAXIMUM))
        *yymsg_alloc = YYSTACK_ALLOC_MAXIMUM;
      return -1;
    }

  /* Avoid sprintf, as that infringes on the user's name space.
     Don't have undefined behavior even if the translation
     produced a string with the wrong number of "%s"s.  */
  {
    char *yyp = *yymsg;
    int yyi = 0;
    while ((*yyp = *yyformat) != '\0')
      if (*yyp == '%' && yyformat[1] == 's' && yyi < yycount)
        {
          yyp = yystpcpy (yyp, yysymbol_name (yyarg[yyi++]));
          yyformat += 2;
        }
      else
        {
          ++yyp;
          ++yyformat;
        }
  }
  return 0;
}


/*-----------------------------------------------.
| Release the memory associated to this symbol.  |
`-----------------------------------------------*/

static void
yydestruct (const char *yymsg,
            yysymbol_kind_t yykind, YYSTYPE *yyvaluep, YYLTYPE *yylocationp, void *scanner, SirParser *P)
{
  YY_USE (yyvaluep);
  YY_USE (yylocationp);
  YY_USE (scanner);
  YY_USE (P);
  if (!yymsg)
    yymsg = "Deleting";
  YY_SYMBOL_PRINT (yymsg, yykind, yyvaluep, yylocationp);

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  YY_USE (yykind);
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}






/*----------.
| yyparse.  |
`----------*/

int
yyparse (void *scanner, SirParser *P)
{
/* Lookahead token kind.  */
int yychar;


/* The semantic value of the lookahead symbol.  */
/* Default value used for initialization, for pacifying older GCCs
   or non-GCC compilers.  */
YY_INITIAL_VALUE (static YYSTYPE yyval_default;)
YYSTYPE yylval YY_INITIAL_VALUE (= yyval_default);

/* Location data for the lookahead symbol.  */
static YYLTYPE yyloc_default
# if defined SIR_YYLTYPE_IS_TRIVIAL && SIR_YYLTYPE_IS_TRIVIAL
  = { 1, 1, 1, 1 }
# endif
;
YYLTYPE yylloc = yyloc_default;

    /* Number of syntax errors so far.  */
    int yynerrs = 0;

    yy_state_fast_t yystate = 0;
    /* Number of tokens to shift before error messages enabled.  */
    int yyerrstatus = 0;

    /* Refer to the stacks through separate pointers, to allow yyoverflow
       to reallocate them elsewhere.  */

    /* Their size.  */
    YYPTRDIFF_T yystacksize = YYINITDEPTH;

    /* The state stack: array, bottom, top.  */
    yy_state_t yyssa[YYINITDEPTH];
    yy_state_t *yyss = yyssa;
    yy_state_t *yyssp = yyss;

    /* The semantic value stack: array, bottom, top.  */
    YYSTYPE yyvsa[YYINITDEPTH];
    YYSTYPE *yyvs = yyvsa;
    YYSTYPE *yyvsp = yyvs;

    /* The location stack: array, bottom, top.  */
    YYLTYPE yylsa[YYINITDEPTH];
    YYLTYPE *yyls = yylsa;
    YYLTYPE *yylsp = yyls;

  int yyn;
  /* The return value of yyparse.  */
  int yyresult;
  /* Lookahead symbol kind.  */
  yysymbol_kind_t yytoken = YYSYMBOL_YYEMPTY;
  /* The variables used to return semantic value and location from the
     action routines.  */
  YYSTYPE yyval;
  YYLTYPE yyloc;

  /* The locations where the error started and ended.  */
  YYLTYPE yyerror_range[3];

  /* Buffer for error messages, and its allocated size.  */
  char yymsgbuf[128];
  char *yymsg = yymsgbuf;
  YYPTRDIFF_T yymsg_alloc = sizeof yymsgbuf;

#define YYPOPSTACK(N)   (yyvsp -= (N), yyssp -= (N), yylsp -= (N))

  /* The number of symbols on the RHS of the reduced rule.
     Keep to zero when no symbol should be popped.  */
  int yylen = 0;

  YYDPRINTF ((stderr, "Starting parse\n"));

  yychar = T_SIR_YYEMPTY; /* Cause a token to be read.  */

  yylsp[0] = yylloc;
  goto yysetstate;


/*------------------------------------------------------------.
| yynewstate -- push a new state, which is found in yystate.  |
`------------------------------------------------------------*/
yynewstate:
  /* In all cases, when you get here, the value and location stacks
     have just been pushed.  So pushing a state here evens the stacks.  */
  yyssp++;


/*--------------------------------------------------------------------.
| yysetstate -- set current state (the top of the stack) to yystate.  |
`--------------------------------------------------------------------*/
yysetstate:
  YYDPRINTF ((stderr, "Entering state %d\n", yystate));
  YY_ASSERT (0 <= yystate && yystate < YYNSTATES);
  YY_IGNORE_USELESS_CAST_BEGIN
  *yyssp = YY_CAST (yy_state_t, yystate);
  YY_IGNORE_USELESS_CAST_END
  YY_STACK_PRINT (yyss, yyssp);

  if (yyss + yystacksize - 1 <= yyssp)
#if !defined yyoverflow && !defined YYSTACK_RELOCATE
    YYNOMEM;
#else
    {
      /* Get the current used size of the three stacks, in elements.  */
      YYPTRDIFF_T yysize = yyssp - yyss + 1;

# if defined yyoverflow
      {
        /* Give user a chance to reallocate the stack.  Use copies of
           these so that the &'s don't force the real ones into
           memory.  */
        yy_state_t *yyss1 = yyss;
        YYSTYPE *yyvs1 = yyvs;
        YYLTYPE *yyls1 = yyls;

        /* Each stack pointer address is followed by the size of the
           data in use in that stack, in bytes.  This used to be a
           conditional around just the two extra args, but that might
           be undefined if yyoverflow is a macro.  */
        yyoverflow (YY_("memory exhausted"),
                    &yyss1, yysize * YYSIZEOF (*yyssp),
                    &yyvs1, yysize * YYSIZEOF (*yyvsp),
                    &yyls1, yysize * YYSIZEOF (*yylsp),
                    &yystacksize);
        yyss = yyss1;
        yyvs = yyvs1;
        yyls = yyls1;
      }
# else /* defined YYSTACK_RELOCATE */
      /* Extend the stack our own way.  */
      if (YYMAXDEPTH <= yystacksize)
        YYNOMEM;
      yystacksize *= 2;
      if (YYMAXDEPTH < yystacksize)
        yystacksize = YYMAXDEPTH;

      {
        yy_state_t *yyss1 = yyss;
        union yyalloc *yyptr =
          YY_CAST (union yyalloc *,
                   YYSTACK_ALLOC (YY_CAST (YYSIZE_T, YYSTACK_BYTES (yystacksize))));
        if (! yyptr)
          YYNOMEM;
        YYSTACK_RELOCATE (yyss_alloc, yyss);
        YYSTACK_RELOCATE (yyvs_alloc, yyvs);
        YYSTACK_RELOCATE (yyls_alloc, yyls);
#  undef YYSTACK_RELOCATE
        if (yyss1 != yyssa)
          YYSTACK_FREE (yyss1);
      }
# endif

      yyssp = yyss + yysize - 1;
      yyvsp = yyvs + yysize - 1;
      yylsp = yyls + yysize - 1;

      YY_IGNORE_USELESS_CAST_BEGIN
      YYDPRINTF ((stderr, "Stack size increased to %ld\n",
                  YY_CAST (long, yystacksize)));
      YY_IGNORE_USELESS_CAST_END

      if (yyss + yystacksize - 1 <= yyssp)
        YYABORT;
    }
#endif /* !defined yyoverflow && !defined YYSTACK_RELOCATE */


  if (yystate == YYFINAL)
    YYACCEPT;

  goto yybackup;


/*-----------.
| yybackup.  |
`-----------*/
yybackup:
  /* Do appropriate processing given the current state.  Read a
     lookahead token if we need one and don't already have one.  */

  /* First try to decide what to do without reference to lookahead token.  */
  yyn = yypact[yystate];
  if (yypact_value_is_default (yyn))
    goto yydefault;

  /* Not known => get a lookahead token if don't already have one.  */

  /* YYCHAR is either empty, or end-of-input, or a valid lookahead.  */
  if (yychar == T_SIR_YYEMPTY)
    {
      YYDPRINTF ((stderr, "Reading a token\n"));
      yychar = yylex (&yylval, &yylloc, scanner, P);
    }

  if (yychar <= T_YYEOF)
    {
      yychar = T_YYEOF;
      yytoken = YYSYMBOL_YYEOF;
      YYDPRINTF ((stderr, "Now at end of input.\n"));
    }
  else if (yychar == T_SIR_YYerror)
    {
      /* The scanner already issued an error message, process directly
         to error recovery.  But do not keep the error token as
         lookahead, it is too special and may lead us to an endless
         loop in error recovery. */
      yychar = T_SIR_YYUNDEF;
      yytoken = YYSYMBOL_YYerror;
      yyerror_range[1] = yylloc;
      goto yyerrlab1;
    }
  else
    {
      yytoken = YYTRANSLATE (yychar);
      YY_SYMBOL_PRINT ("Next token is", yytoken, &yylval, &yylloc);
    }

  /* If the proper action on seeing token YYTOKEN is to reduce or to
     detect an error, take that action.  */
  yyn += yytoken;
  if (yyn < 0 || YYLAST < yyn || yycheck[yyn] != yytoken)
    goto yydefault;
  yyn = yytable[yyn];
  if (yyn <= 0)
    {
      if (yytable_value_is_error (yyn))
        goto yyerrlab;
      yyn = -yyn;
      goto yyreduce;
    }

  /* Count tokens shifted since error; after three, turn off error
     status.  */
  if (yyerrstatus)
    yyerrstatus--;

  /* Shift the lookahead token.  */
  YY_SYMBOL_PRINT ("Shifting", yytoken, &yylval, &yylloc);
  yystate = yyn;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END
  *++yylsp = yylloc;

  /* Discard the shifted token.  */
  yychar = T_SIR_YYEMPTY;
  goto yynewstate;


/*-----------------------------------------------------------.
| yydefault -- do the default action for the current state.  |
`-----------------------------------------------------------*/
yydefault:
  yyn = yydefact[yystate];
  if (yyn == 0)
    goto yyerrlab;
  goto yyreduce;


/*-----------------------------.
| yyreduce -- do a reduction.  |
`-----------------------------*/
yyreduce:
  /* yyn is the number of a rule to reduce with.  */
  yylen = yyr2[yyn];

  /* If YYLEN is nonzero, implement the default value of the action:
     '$$ = $1'.

     Otherwise, the following line sets YYVAL to garbage.
     This behavior is undocumented and Bison
     users should not rely upon it.  Assigning to YYVAL
     unconditionally makes the parser a bit smaller, and it avoids a
     GCC warning that YYVAL may be used uninitialized.  */
  yyval = yyvsp[1-yylen];

  /* Default location. */
  YYLLOC_DEFAULT (yyloc, (yylsp - yylen), yylen);
  yyerror_range[1] = yyloc;
  YY_REDUCE_PRINT (yyn);
  switch (yyn)
    {
  case 4: /* item: internal_opt function  */
#line 101 "grammar/sir.y"
                             { ir_parse_item_end(P, (yyvsp[-1].b), (yyvsp[0].b)); }
#line 1722 "build-lto/gen/sir.tab.c"
    break;

  case 5: /* item: internal_opt data  */
#line 102 "grammar/sir.y"
                             { ir_parse_item_end(P, (yyvsp[-1].b), (yyvsp[0].b)); }
#line 1728 "build-lto/gen/sir.tab.c"
    break;

  case 6: /* internal_opt: %empty  */
#line 106 "grammar/sir.y"
                { (yyval.b) = false; }
#line 1734 "build-lto/gen/sir.tab.c"
    break;

  case 7: /* internal_opt: "'internal'"  */
#line 107 "grammar/sir.y"
                { (yyval.b) = true; P->internal_loc = (yylsp[0]); }
#line 1740 "build-lto/gen/sir.tab.c"
    break;

  case 8: /* function: fn_head  */
#line 113 "grammar/sir.y"
                    { (yyval.b) = false; }
#line 1746 "build-lto/gen/sir.tab.c"
    break;

  case 9: /* function: fn_head body  */
#line 114 "grammar/sir.y"
                    { (yyval.b) = true; }
#line 1752 "build-lto/gen/sir.tab.c"
    break;

  case 10: /* fn_head: "'fn'" ret_type "global name" param_list conv_opt  */
#line 119 "grammar/sir.y"
        { ir_parse_fn_head(P, (yylsp[-4]), (yyvsp[-3].ret), (yyvsp[-2].id), (yylsp[-2]), (yyvsp[-1].params), (IrConv)(yyvsp[0].op)); }
#line 1758 "build-lto/gen/sir.tab.c"
    break;

  case 11: /* ret_type: "'void'"  */
#line 123 "grammar/sir.y"
                      { (yyval.ret) = (SirRet){IR_T_VOID, 0}; }
#line 1764 "build-lto/gen/sir.tab.c"
    break;

  case 12: /* ret_type: ret_attrs type  */
#line 124 "grammar/sir.y"
                      { (yyval.ret) = (SirRet){(yyvsp[0].ty), (yyvsp[-1].attrs).attrs, (yyvsp[-1].attrs).aloc};
                        (yyloc) = (yyvsp[-1].attrs).attrs ? (yyvsp[-1].attrs).aloc : (yylsp[0]); }
#line 1771 "build-lto/gen/sir.tab.c"
    break;

  case 13: /* ret_attrs: %empty  */
#line 129 "grammar/sir.y"
                         { (yyval.attrs) = (SirAttrs){0}; }
#line 1777 "build-lto/gen/sir.tab.c"
    break;

  case 14: /* ret_attrs: ret_attrs "'noalias'"  */
#line 130 "grammar/sir.y"
                         { (yyval.attrs) = ir_parse_attr(P, (yyvsp[-1].attrs), IR_ATTR_NOALIAS, 0, (yylsp[0])); }
#line 1783 "build-lto/gen/sir.tab.c"
    break;

  case 15: /* ret_attrs: ret_attrs "'nonnull'"  */
#line 131 "grammar/sir.y"
                         { (yyval.attrs) = ir_parse_attr(P, (yyvsp[-1].attrs), IR_ATTR_NONNULL, 0, (yylsp[0])); }
#line 1789 "build-lto/gen/sir.tab.c"
    break;

  case 16: /* param_list: '(' ')'  */
#line 135 "grammar/sir.y"
                                   { (yyval.params) = (SirParams){P->pstack.len, false}; }
#line 1795 "build-lto/gen/sir.tab.c"
    break;

  case 17: /* param_list: '(' "'...'" ')'  */
#line 136 "grammar/sir.y"
                                   { (yyval.params) = (SirParams){P->pstack.len, true}; }
#line 1801 "build-lto/gen/sir.tab.c"
    break;

  case 18: /* param_list: '(' params ')'  */
#line 137 "grammar/sir.y"
                                   { (yyval.params) = (yyvsp[-1].params); }
#line 1807 "build-lto/gen/sir.tab.c"
    break;

  case 19: /* param_list: '(' params ',' "'...'" ')'  */
#line 138 "grammar/sir.y"
                                   { (yyval.params) = (yyvsp[-3].params); (yyval.params).variadic = true; }
#line 1813 "build-lto/gen/sir.tab.c"
    break;

  case 20: /* params: param  */
#line 142 "grammar/sir.y"
                        { (yyval.params) = (SirParams){P->pstack.len - 1, false}; }
#line 1819 "build-lto/gen/sir.tab.c"
    break;

  case 21: /* params: params ',' param  */
#line 143 "grammar/sir.y"
                        { (yyval.params) = (yyvsp[-2].params); }
#line 1825 "build-lto/gen/sir.tab.c"
    break;

  case 22: /* param: param_attrs type  */
#line 147 "grammar/sir.y"
                        { ir_parse_param(P, (yyvsp[-1].attrs), (yyvsp[0].ty)); }
#line 1831 "build-lto/gen/sir.tab.c"
    break;

  case 23: /* param_attrs: %empty  */
#line 151 "grammar/sir.y"
                           { (yyval.attrs) = (SirAttrs){0}; }
#line 1837 "build-lto/gen/sir.tab.c"
    break;

  case 24: /* param_attrs: param_attrs "'noalias'"  */
#line 153 "grammar/sir.y"
        { (yyval.attrs) = ir_parse_attr(P, (yyvsp[-1].attrs), IR_ATTR_NOALIAS, 0, (yylsp[0])); }
#line 1843 "build-lto/gen/sir.tab.c"
    break;

  case 25: /* param_attrs: param_attrs "'nonnull'"  */
#line 155 "grammar/sir.y"
        { (yyval.attrs) = ir_parse_attr(P, (yyvsp[-1].attrs), IR_ATTR_NONNULL, 0, (yylsp[0])); }
#line 1849 "build-lto/gen/sir.tab.c"
    break;

  case 26: /* param_attrs: param_attrs "'byval'" '(' "integer literal" ')'  */
#line 157 "grammar/sir.y"
        { (yyval.attrs) = ir_parse_byval(P, (yyvsp[-4].attrs), (yyvsp[-1].num), (yylsp[-1]), (yylsp[-3])); }
#line 1855 "build-lto/gen/sir.tab.c"
    break;

  case 27: /* conv_opt: %empty  */
#line 161 "grammar/sir.y"
              { (yyval.op) = IR_CONV_CCC; }
#line 1861 "build-lto/gen/sir.tab.c"
    break;

  case 28: /* conv_opt: "calling convention"  */
#line 162 "grammar/sir.y"
              { (yyval.op) = (yyvsp[0].op); }
#line 1867 "build-lto/gen/sir.tab.c"
    break;

  case 29: /* $@1: %empty  */
#line 166 "grammar/sir.y"
           { ir_parse_body_begin(P, (yylsp[0])); }
#line 1873 "build-lto/gen/sir.tab.c"
    break;

  case 30: /* body: '{' $@1 slots blocks '}'  */
#line 168 "grammar/sir.y"
           { ir_parse_body_end(P); }
#line 1879 "build-lto/gen/sir.tab.c"
    break;

  case 32: /* slots: slots "stack slot name" '=' "'stack'" type  */
#line 173 "grammar/sir.y"
                                    { ir_parse_slot(P, (yyvsp[-3].id), (yylsp[-3]), (yyvsp[0].ty)); }
#line 1885 "build-lto/gen/sir.tab.c"
    break;

  case 38: /* block_label: label  */
#line 193 "grammar/sir.y"
             { ir_parse_block(P, (yyvsp[0].id), (yylsp[0])); }
#line 1891 "build-lto/gen/sir.tab.c"
    break;

  case 41: /* bparam: type "local name"  */
#line 202 "grammar/sir.y"
                  { ir_parse_bparam(P, (yyvsp[-1].ty), (yyvsp[0].local), (yylsp[0])); }
#line 1897 "build-lto/gen/sir.tab.c"
    break;

  case 42: /* label: "label"  */
#line 206 "grammar/sir.y"
             { (yyval.id) = (yyvsp[0].id); }
#line 1903 "build-lto/gen/sir.tab.c"
    break;

  case 43: /* label: "integer predicate"  */
#line 207 "grammar/sir.y"
             { (yyval.id) = ir_parse_pred_label(P, (yyvsp[0].op)); }
#line 1909 "build-lto/gen/sir.tab.c"
    break;

  case 44: /* label: "float predicate"  */
#line 208 "grammar/sir.y"
             { (yyval.id) = ir_parse_pred_label(P, (yyvsp[0].op)); }
#line 1915 "build-lto/gen/sir.tab.c"
    break;

  case 45: /* label: "ugt/uge/ult/ule"  */
#line 209 "grammar/sir.y"
             { (yyval.id) = ir_parse_pred_label(P, (yyvsp[0].op)); }
#line 1921 "build-lto/gen/sir.tab.c"
    break;

  case 48: /* $@2: %empty  */
#line 218 "grammar/sir.y"
                 { ir_parse_result(P, (yyvsp[-1].local), (yylsp[-1])); }
#line 1927 "build-lto/gen/sir.tab.c"
    break;

  case 51: /* typed_op: type "local name"  */
#line 223 "grammar/sir.y"
                  { ir_parse_operand(P, (yyvsp[0].local), (yylsp[0]), (yyvsp[-1].ty)); (yyval.ty) = (yyvsp[-1].ty); }
#line 1933 "build-lto/gen/sir.tab.c"
    break;

  case 52: /* op: "'iconst'" type "integer literal"  */
#line 228 "grammar/sir.y"
        { TL(TY, (yylsp[-1])); ir_parse_iconst(P, (yylsp[-2]), (yyvsp[-1].ty), (yyvsp[0].num), (yylsp[0])); }
#line 1939 "build-lto/gen/sir.tab.c"
    break;

  case 53: /* op: "'fconst'" type float_lit  */
#line 230 "grammar/sir.y"
        { TL(TY, (yylsp[-1])); ir_parse_fconst(P, (yylsp[-2]), (yyvsp[-1].ty), &(yyvsp[0].flt), (yylsp[0])); }
#line 1945 "build-lto/gen/sir.tab.c"
    break;

  case 54: /* op: "'fconst'" type "integer literal"  */
#line 232 "grammar/sir.y"
        { TL(TY, (yylsp[-1])); ir_parse_fconst(P, (yylsp[-2]), (yyvsp[-1].ty), NULL, (yylsp[0])); }
#line 1951 "build-lto/gen/sir.tab.c"
    break;

  case 55: /* op: "'bconst'" type "'true'"  */
#line 234 "grammar/sir.y"
        { ir_parse_bconst(P, (yylsp[-2]), (yyvsp[-1].ty), (yylsp[-1]), true); }
#line 1957 "build-lto/gen/sir.tab.c"
    break;

  case 56: /* op: "'bconst'" type "'false'"  */
#line 236 "grammar/sir.y"
        { ir_parse_bconst(P, (yylsp[-2]), (yyvsp[-1].ty), (yylsp[-1]), false); }
#line 1963 "build-lto/gen/sir.tab.c"
    break;

  case 57: /* op: "'null'" type  */
#line 238 "grammar/sir.y"
        { TL(TY, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-1]), &(IrInstData){.op = IR_OP_NULL, .ty = (yyvsp[0].ty)},
                        (yyvsp[0].ty)); }
#line 1971 "build-lto/gen/sir.tab.c"
    break;

  case 58: /* op: "'undef'" type  */
#line 242 "grammar/sir.y"
        { TL(TY, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-1]), &(IrInstData){.op = IR_OP_UNDEF, .ty = (yyvsp[0].ty)},
                        (yyvsp[0].ty)); }
#line 1979 "build-lto/gen/sir.tab.c"
    break;

  case 59: /* op: "'alloca'" type  */
#line 246 "grammar/sir.y"
        { TL(TY, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-1]), &(IrInstData){.op = IR_OP_ALLOCA, .ty = (yyvsp[0].ty)},
                        IR_T_PTR); }
#line 1987 "build-lto/gen/sir.tab.c"
    break;

  case 60: /* op: "'stackslot'" "stack slot name"  */
#line 250 "grammar/sir.y"
        { ir_parse_stackslot(P, (yylsp[-1]), (yyvsp[0].id), (yylsp[0])); }
#line 1993 "build-lto/gen/sir.tab.c"
    break;

  case 61: /* op: "'globaladdr'" "global name"  */
#line 252 "grammar/sir.y"
        { ir_parse_globaladdr(P, (yylsp[-1]), (yyvsp[0].id), (yylsp[0])); }
#line 1999 "build-lto/gen/sir.tab.c"
    break;

  case 62: /* op: "binary opcode" type "local name" ',' "local name"  */
#line 254 "grammar/sir.y"
        { TL(TY, (yylsp[-3]));
          ir_parse_operand(P, (yyvsp[-2].local), (yylsp[-2]), IR_T_VOID);
          ir_parse_operand(P, (yyvsp[0].local), (yylsp[0]), IR_T_VOID);
          ir_parse_emit(P, (yylsp[-4]), &(IrInstData){.op = (uint8_t)(yyvsp[-4].op), .ty = (yyvsp[-3].ty)},
                        (yyvsp[-3].ty)); }
#line 2009 "build-lto/gen/sir.tab.c"
    break;

  case 63: /* op: "'fneg'" type "local name"  */
#line 260 "grammar/sir.y"
        { TL(TY, (yylsp[-1]));
          ir_parse_operand(P, (yyvsp[0].local), (yylsp[0]), IR_T_VOID);
          ir_parse_emit(P, (yylsp[-2]), &(IrInstData){.op = IR_OP_FNEG, .ty = (yyvsp[-1].ty)}, (yyvsp[-1].ty)); }
#line 2017 "build-lto/gen/sir.tab.c"
    break;

  case 64: /* op: "'icmp'" icmp_pred type "local name" ',' "local name"  */
#line 264 "grammar/sir.y"
        { TL(TY, (yylsp[-3]));
          ir_parse_operand(P, (yyvsp[-2].local), (yylsp[-2]), IR_T_VOID);
          ir_parse_operand(P, (yyvsp[0].local), (yylsp[0]), IR_T_VOID);
          ir_parse_emit(P, (yylsp[-5]), &(IrInstData){.op = IR_OP_ICMP,
                        .pred = (uint8_t)(yyvsp[-4].op), .ty = (yyvsp[-3].ty)}, IR_T_BOOL); }
#line 2027 "build-lto/gen/sir.tab.c"
    break;

  case 65: /* op: "'fcmp'" fcmp_pred type "local name" ',' "local name"  */
#line 270 "grammar/sir.y"
        { TL(TY, (yylsp[-3]));
          ir_parse_operand(P, (yyvsp[-2].local), (yylsp[-2]), IR_T_VOID);
          ir_parse_operand(P, (yyvsp[0].local), (yylsp[0]), IR_T_VOID);
          ir_parse_emit(P, (yylsp[-5]), &(IrInstData){.op = IR_OP_FCMP,
                        .pred = (uint8_t)(yyvsp[-4].op), .ty = (yyvsp[-3].ty)}, IR_T_BOOL); }
#line 2037 "build-lto/gen/sir.tab.c"
    break;

  case 66: /* op: "'sel'" type ',' typed_op ',' "local name" ',' "local name"  */
#line 276 "grammar/sir.y"
        { TL(TY, (yylsp[-6]));
          ir_parse_operand(P, (yyvsp[-2].local), (yylsp[-2]), IR_T_VOID);
          ir_parse_operand(P, (yyvsp[0].local), (yylsp[0]), IR_T_VOID);
          ir_parse_emit(P, (yylsp[-7]), &(IrInstData){.op = IR_OP_SEL, .ty = (yyvsp[-6].ty)}, (yyvsp[-6].ty)); }
#line 2046 "build-lto/gen/sir.tab.c"
    break;

  case 67: /* op: "'load'" volatile_opt type ',' typed_op  */
#line 281 "grammar/sir.y"
        { TL(TY, (yylsp[-2]));
          ir_parse_emit(P, (yylsp[-4]), &(IrInstData){.op = IR_OP_LOAD, .ty = (yyvsp[-2].ty),
                        .flags = (yyvsp[-3].b) ? IR_INSTF_VOLATILE : 0}, (yyvsp[-2].ty)); }
#line 2054 "build-lto/gen/sir.tab.c"
    break;

  case 68: /* op: "'store'" volatile_opt typed_op ',' typed_op  */
#line 285 "grammar/sir.y"
        { TL(TY, (yylsp[-2]));
          ir_parse_emit(P, (yylsp[-4]), &(IrInstData){.op = IR_OP_STORE, .ty = (yyvsp[-2].ty),
                        .flags = (yyvsp[-3].b) ? IR_INSTF_VOLATILE : 0}, IR_T_VOID); }
#line 2062 "build-lto/gen/sir.tab.c"
    break;

  case 69: /* op: "'offset'" type ',' typed_op ',' typed_op  */
#line 289 "grammar/sir.y"
        { TL(TY, (yylsp[-4])); TL(TY2, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-5]), &(IrInstData){.op = IR_OP_OFFSET, .ty = (yyvsp[-4].ty),
                        .ty2 = (yyvsp[0].ty)}, IR_T_PTR); }
#line 2070 "build-lto/gen/sir.tab.c"
    break;

  case 70: /* op: "'elemptr'" type ',' typed_op ',' "integer literal"  */
#line 293 "grammar/sir.y"
        { TL(TY, (yylsp[-4])); TL(AUX, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-5]), &(IrInstData){.op = IR_OP_ELEMPTR, .ty = (yyvsp[-4].ty),
                        .imm = ir_parse_uint(P, (yyvsp[0].num), (yylsp[0]))}, IR_T_PTR); }
#line 2078 "build-lto/gen/sir.tab.c"
    break;

  case 71: /* op: "'extract'" type ',' typed_op ',' "integer literal"  */
#line 297 "grammar/sir.y"
        { TL(TY, (yylsp[-4])); TL(TY2, (yylsp[-2])); TL(AUX, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-5]), &(IrInstData){.op = IR_OP_EXTRACT, .ty = (yyvsp[-4].ty),
                        .ty2 = (yyvsp[-2].ty), .imm = ir_parse_uint(P, (yyvsp[0].num), (yylsp[0]))}, (yyvsp[-4].ty)); }
#line 2086 "build-lto/gen/sir.tab.c"
    break;

  case 72: /* op: "'insert'" typed_op ',' typed_op ',' "integer literal"  */
#line 301 "grammar/sir.y"
        { TL(TY, (yylsp[-4])); TL(TY2, (yylsp[-2])); TL(AUX, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-5]), &(IrInstData){.op = IR_OP_INSERT, .ty = (yyvsp[-4].ty),
                        .ty2 = (yyvsp[-2].ty), .imm = ir_parse_uint(P, (yyvsp[0].num), (yylsp[0]))}, (yyvsp[-4].ty)); }
#line 2094 "build-lto/gen/sir.tab.c"
    break;

  case 73: /* op: "conversion opcode" type ',' typed_op  */
#line 305 "grammar/sir.y"
        { TL(TY, (yylsp[-2])); TL(TY2, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-3]), &(IrInstData){.op = (uint8_t)(yyvsp[-3].op), .ty = (yyvsp[-2].ty),
                        .ty2 = (yyvsp[0].ty)}, (yyvsp[-2].ty)); }
#line 2102 "build-lto/gen/sir.tab.c"
    break;

  case 74: /* op: "'call'" ret_type "global name" '(' args_opt ')'  */
#line 309 "grammar/sir.y"
        { TL(TY, (yylsp[-4])); TL(AUX, (yylsp[-3])); ir_parse_call(P, (yylsp[-5]), (yyvsp[-4].ret).ty, (yyvsp[-3].id), (yylsp[-3])); }
#line 2108 "build-lto/gen/sir.tab.c"
    break;

  case 75: /* op: "'indirectcall'" ret_type param_list conv_opt ',' typed_op '(' args_opt ')'  */
#line 312 "grammar/sir.y"
        { ir_parse_icall(P, (yylsp[-8]), (yyvsp[-7].ret), (yyvsp[-6].params), (IrConv)(yyvsp[-5].op)); }
#line 2114 "build-lto/gen/sir.tab.c"
    break;

  case 76: /* float_lit: "float literal"  */
#line 316 "grammar/sir.y"
             { (yyval.flt) = (yyvsp[0].flt); }
#line 2120 "build-lto/gen/sir.tab.c"
    break;

  case 77: /* float_lit: "'NaN'"  */
#line 317 "grammar/sir.y"
             { (yyval.flt) = (SirFloat){.form = SIR_FLOAT_NAN}; }
#line 2126 "build-lto/gen/sir.tab.c"
    break;

  case 78: /* volatile_opt: %empty  */
#line 321 "grammar/sir.y"
                { (yyval.b) = false; }
#line 2132 "build-lto/gen/sir.tab.c"
    break;

  case 79: /* volatile_opt: "'volatile'"  */
#line 322 "grammar/sir.y"
                { (yyval.b) = true; }
#line 2138 "build-lto/gen/sir.tab.c"
    break;

  case 80: /* icmp_pred: "integer predicate"  */
#line 326 "grammar/sir.y"
             { (yyval.op) = (yyvsp[0].op); }
#line 2144 "build-lto/gen/sir.tab.c"
    break;

  case 81: /* icmp_pred: "ugt/uge/ult/ule"  */
#line 327 "grammar/sir.y"
             { (yyval.op) = (yyvsp[0].op); }
#line 2150 "build-lto/gen/sir.tab.c"
    break;

  case 82: /* fcmp_pred: "float predicate"  */
#line 331 "grammar/sir.y"
             { (yyval.op) = (yyvsp[0].op); }
#line 2156 "build-lto/gen/sir.tab.c"
    break;

  case 83: /* fcmp_pred: "ugt/uge/ult/ule"  */
#line 332 "grammar/sir.y"
             { (yyval.op) = (yyvsp[0].op); }
#line 2162 "build-lto/gen/sir.tab.c"
    break;

  case 88: /* terminator: "'br'" target  */
#line 347 "grammar/sir.y"
        { ir_parse_emit(P, (yylsp[-1]), &(IrInstData){.op = IR_OP_BR}, IR_T_VOID); }
#line 2168 "build-lto/gen/sir.tab.c"
    break;

  case 89: /* terminator: "'condbr'" typed_op ',' target ',' target  */
#line 349 "grammar/sir.y"
        { ir_parse_emit(P, (yylsp[-5]), &(IrInstData){.op = IR_OP_CONDBR, .ty = (yyvsp[-4].ty)},
                        IR_T_VOID); }
#line 2175 "build-lto/gen/sir.tab.c"
    break;

  case 90: /* terminator: "'ret'" "'void'"  */
#line 352 "grammar/sir.y"
        { TL(TY, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-1]), &(IrInstData){.op = IR_OP_RET}, IR_T_VOID); }
#line 2182 "build-lto/gen/sir.tab.c"
    break;

  case 91: /* terminator: "'ret'" typed_op  */
#line 355 "grammar/sir.y"
        { TL(TY, (yylsp[0]));
          ir_parse_emit(P, (yylsp[-1]), &(IrInstData){.op = IR_OP_RET, .ty = (yyvsp[0].ty)},
                        IR_T_VOID); }
#line 2190 "build-lto/gen/sir.tab.c"
    break;

  case 92: /* terminator: "'unreachable'"  */
#line 359 "grammar/sir.y"
        { ir_parse_emit(P, (yylsp[0]), &(IrInstData){.op = IR_OP_UNREACHABLE},
                        IR_T_VOID); }
#line 2197 "build-lto/gen/sir.tab.c"
    break;

  case 93: /* target: label  */
#line 364 "grammar/sir.y"
                           { ir_parse_target(P, (yyvsp[0].id), (yylsp[0]), 0); }
#line 2203 "build-lto/gen/sir.tab.c"
    break;

  case 94: /* target: label '(' targs ')'  */
#line 365 "grammar/sir.y"
                           { ir_parse_target(P, (yyvsp[-3].id), (yylsp[-3]), (yyvsp[-1].n)); }
#line 2209 "build-lto/gen/sir.tab.c"
    break;

  case 95: /* targs: typed_op  */
#line 369 "grammar/sir.y"
                          { (yyval.n) = 1; }
#line 2215 "build-lto/gen/sir.tab.c"
    break;

  case 96: /* targs: targs ',' typed_op  */
#line 370 "grammar/sir.y"
                          { (yyval.n) = (yyvsp[-2].n) + 1; }
#line 2221 "build-lto/gen/sir.tab.c"
    break;

  case 97: /* type: "type"  */
#line 376 "grammar/sir.y"
                             { (yyval.ty) = (yyvsp[0].ty); }
#line 2227 "build-lto/gen/sir.tab.c"
    break;

  case 98: /* type: '[' type "'x'" "integer literal" ']'  */
#line 377 "grammar/sir.y"
                             { (yyval.ty) = ir_parse_array_type(P, (yylsp[-4]), (yyvsp[-3].ty), (yyvsp[-1].num), (yylsp[-1])); }
#line 2233 "build-lto/gen/sir.tab.c"
    break;

  case 99: /* type: '{' '}'  */
#line 378 "grammar/sir.y"
                             { (yyval.ty) = ir_parse_struct_type(P, (yylsp[-1]),
                                                         P->tstack.len); }
#line 2240 "build-lto/gen/sir.tab.c"
    break;

  case 100: /* type: '{' types '}'  */
#line 380 "grammar/sir.y"
                             { (yyval.ty) = ir_parse_struct_type(P, (yylsp[-2]), (yyvsp[-1].n)); }
#line 2246 "build-lto/gen/sir.tab.c"
    break;

  case 101: /* types: type  */
#line 384 "grammar/sir.y"
                      { (yyval.n) = P->tstack.len; VEC_PUSH(P->tstack, (yyvsp[0].ty)); }
#line 2252 "build-lto/gen/sir.tab.c"
    break;

  case 102: /* types: types ',' type  */
#line 385 "grammar/sir.y"
                      { (yyval.n) = (yyvsp[-2].n); VEC_PUSH(P->tstack, (yyvsp[0].ty)); }
#line 2258 "build-lto/gen/sir.tab.c"
    break;

  case 103: /* data: "global name" '=' "'global'" type init  */
#line 392 "grammar/sir.y"
        { (yyval.b) = true; ir_parse_data(P, (yyvsp[-4].id), (yylsp[-4]), IR_SYM_GLOBAL, (yyvsp[-1].ty), (yyvsp[0].init), NULL,
                                   (yylsp[0])); }
#line 2265 "build-lto/gen/sir.tab.c"
    break;

  case 104: /* data: "global name" '=' "'global'" type init ',' "'align'" "integer literal"  */
#line 395 "grammar/sir.y"
        { (yyval.b) = true; ir_parse_data(P, (yyvsp[-7].id), (yylsp[-7]), IR_SYM_GLOBAL, (yyvsp[-4].ty), (yyvsp[-3].init), &(yyvsp[0].num),
                                   (yylsp[0])); }
#line 2272 "build-lto/gen/sir.tab.c"
    break;

  case 105: /* data: "global name" '=' "'const'" type init  */
#line 398 "grammar/sir.y"
        { (yyval.b) = true; ir_parse_data(P, (yyvsp[-4].id), (yylsp[-4]), IR_SYM_CONST, (yyvsp[-1].ty), (yyvsp[0].init), NULL,
                                   (yylsp[0])); }
#line 2279 "build-lto/gen/sir.tab.c"
    break;

  case 106: /* data: "global name" '=' "'const'" type init ',' "'align'" "integer literal"  */
#line 401 "grammar/sir.y"
        { (yyval.b) = true; ir_parse_data(P, (yyvsp[-7].id), (yylsp[-7]), IR_SYM_CONST, (yyvsp[-4].ty), (yyvsp[-3].init), &(yyvsp[0].num),
                                   (yylsp[0])); }
#line 2286 "build-lto/gen/sir.tab.c"
    break;

  case 107: /* data: "global name" '=' "'extern'" type  */
#line 404 "grammar/sir.y"
        { (yyval.b) = false; ir_parse_data(P, (yyvsp[-3].id), (yylsp[-3]), IR_SYM_EXTERN, (yyvsp[0].ty),
                                    (IrInit){0}, NULL, (yylsp[0])); }
#line 2293 "build-lto/gen/sir.tab.c"
    break;

  case 108: /* init: "integer literal"  */
#line 409 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_int(P, (yyvsp[0].num), (yylsp[0])); }
#line 2299 "build-lto/gen/sir.tab.c"
    break;

  case 109: /* init: float_lit  */
#line 410 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_float(P, &(yyvsp[0].flt), (yylsp[0])); }
#line 2305 "build-lto/gen/sir.tab.c"
    break;

  case 110: /* init: "'true'"  */
#line 411 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_bool(P, true, (yylsp[0])); }
#line 2311 "build-lto/gen/sir.tab.c"
    break;

  case 111: /* init: "'false'"  */
#line 412 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_bool(P, false, (yylsp[0])); }
#line 2317 "build-lto/gen/sir.tab.c"
    break;

  case 112: /* init: "'null'"  */
#line 413 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_simple(P, IR_INIT_NULL, (yylsp[0])); }
#line 2323 "build-lto/gen/sir.tab.c"
    break;

  case 113: /* init: "'zeroinit'"  */
#line 414 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_simple(P, IR_INIT_ZERO, (yylsp[0])); }
#line 2329 "build-lto/gen/sir.tab.c"
    break;

  case 114: /* init: "'undef'"  */
#line 415 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_simple(P, IR_INIT_UNDEF, (yylsp[0])); }
#line 2335 "build-lto/gen/sir.tab.c"
    break;

  case 115: /* init: '{' '}'  */
#line 416 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_list(P, IR_INIT_STRUCT,
                                              P->istack.len, (yylsp[-1])); }
#line 2342 "build-lto/gen/sir.tab.c"
    break;

  case 116: /* init: '{' inits '}'  */
#line 418 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_list(P, IR_INIT_STRUCT, (yyvsp[-1].n), (yylsp[-2])); }
#line 2348 "build-lto/gen/sir.tab.c"
    break;

  case 117: /* init: '[' ']'  */
#line 419 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_list(P, IR_INIT_ARRAY,
                                              P->istack.len, (yylsp[-1])); }
#line 2355 "build-lto/gen/sir.tab.c"
    break;

  case 118: /* init: '[' inits ']'  */
#line 421 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_list(P, IR_INIT_ARRAY, (yyvsp[-1].n), (yylsp[-2])); }
#line 2361 "build-lto/gen/sir.tab.c"
    break;

  case 119: /* init: "string literal"  */
#line 422 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_string(P, (yyvsp[0].id), (yylsp[0])); }
#line 2367 "build-lto/gen/sir.tab.c"
    break;

  case 120: /* init: "global name"  */
#line 423 "grammar/sir.y"
                    { (yyval.init) = ir_parse_init_symref(P, (yyvsp[0].id), (yylsp[0]), NULL, false, (yylsp[0])); }
#line 2373 "build-lto/gen/sir.tab.c"
    break;

  case 121: /* init: "global name" '+' "integer literal"  */
#line 425 "grammar/sir.y"
        { (yyval.init) = ir_parse_init_symref(P, (yyvsp[-2].id), (yylsp[-2]), &(yyvsp[0].num), false, (yylsp[0])); }
#line 2379 "build-lto/gen/sir.tab.c"
    break;

  case 122: /* init: "global name" '-' "integer literal"  */
#line 427 "grammar/sir.y"
        { (yyval.init) = ir_parse_init_symref(P, (yyvsp[-2].id), (yylsp[-2]), &(yyvsp[0].num), true, (yylsp[0])); }
#line 2385 "build-lto/gen/sir.tab.c"
    break;

  case 123: /* inits: init  */
#line 431 "grammar/sir.y"
                      { (yyval.n) = P->istack.len; VEC_PUSH(P->istack, (yyvsp[0].init)); }
#line 2391 "build-lto/gen/sir.tab.c"
    break;

  case 124: /* inits: inits ',' init  */
#line 432 "grammar/sir.y"
                      { (yyval.n) = (yyvsp[-2].n); VEC_PUSH(P->istack, (yyvsp[0].init)); }
#line 2397 "build-lto/gen/sir.tab.c"
    break;


#line 2401 "build-lto/gen/sir.tab.c"

      default: break;
    }
  /* User semantic actions sometimes alter yychar, and that requires
     that yytoken be updated with the new translation.  We take the
     approach of translating immediately before every use of yytoken.
     One alternative is translating here after every semantic action,
     but that translation would be missed if the semantic action invokes
     YYABORT, YYACCEPT, or YYERROR immediately after altering yychar or
     if it invokes YYBACKUP.  In the case of YYABORT or YYACCEPT, an
     incorrect destructor might then be invoked immediately.  In the
     case of YYERROR or YYBACKUP, subsequent parser actions might lead
     to an incorrect destructor call or verbose syntax error message
     before the lookahead is translated.  */
  YY_SYMBOL_PRINT ("-> $$ =", YY_CAST (yysymbol_kind_t, yyr1[yyn]), &yyval, &yyloc);

  YYPOPSTACK (yylen);
  yylen = 0;

  *++yyvsp = yyval;
  *++yylsp = yyloc;

  /* Now 'shift' the result of the reduction.  Determine what state
     that goes to, based on the state we popped back to and the rule
     number reduced by.  */
  {
    const int yylhs = yyr1[yyn] - YYNTOKENS;
    const int yyi = yypgoto[yylhs] + *yyssp;
    yystate = (0 <= yyi && yyi <= YYLAST && yycheck[yyi] == *yyssp
               ? yytable[yyi]
               : yydefgoto[yylhs]);
  }

  goto yynewstate;


/*--------------------------------------.
| yyerrlab -- here on detecting error.  |
`--------------------------------------*/
yyerrlab:
  /* Make sure we have latest lookahead translation.  See comments at
     user semantic actions for why this is necessary.  */
  yytoken = yychar == T_SIR_YYEMPTY ? YYSYMBOL_YYEMPTY : YYTRANSLATE (yychar);
  /* If not already recovering from an error, report this error.  */
  if (!yyerrstatus)
    {
      ++yynerrs;
      {
        yypcontext_t yyctx
          = {yyssp, yytoken, &yylloc};
        char const *yymsgp = YY_("syntax error");
        int yysyntax_error_status;
        yysyntax_error_status = yysyntax_error (&yymsg_alloc, &yymsg, &yyctx);
        if (yysyntax_error_status == 0)
          yymsgp = yymsg;
        else if (yysyntax_error_status == -1)
          {
            if (yymsg != yymsgbuf)
              YYSTACK_FREE (yymsg);
            yymsg = YY_CAST (char *,
                             YYSTACK_ALLOC (YY_CAST (YYSIZE_T, yymsg_alloc)));
            if (yymsg)
              {
                yysyntax_error_status
                  = yysyntax_error (&yymsg_alloc, &yymsg, &yyctx);
                yymsgp = yymsg;
              }
            else
              {
                yymsg = yymsgbuf;
                yymsg_alloc = sizeof yymsgbuf;
                yysyntax_error_status = YYENOMEM;
              }
          }
        yyerror (&yylloc, scanner, P, yymsgp);
        if (yysyntax_error_status == YYENOMEM)
          YYNOMEM;
      }
    }

  yyerror_range[1] = yylloc;
  if (yyerrstatus == 3)
    {
      /* If just tried and failed to reuse lookahead token after an
         error, discard it.  */

      if (yychar <= T_YYEOF)
        {
          /* Return failure if at end of input.  */
          if (yychar == T_YYEOF)
            YYABORT;
        }
      else
        {
          yydestruct ("Error: discarding",
                      yytoken, &yylval, &yylloc, scanner, P);
          yychar = T_SIR_YYEMPTY;
        }
    }

  /* Else will try to reuse lookahead token after shifting the error
     token.  */
  goto yyerrlab1;


/*---------------------------------------------------.
| yyerrorlab -- error raised explicitly by YYERROR.  |
`---------------------------------------------------*/
yyerrorlab:
  /* Pacify compilers when the user code never invokes YYERROR and the
     label yyerrorlab therefore never appears in user code.  */
  if (0)
    YYERROR;
  ++yynerrs;

  /* Do not reclaim the symbols of the rule whose action triggered
     this YYERROR.  */
  YYPOPSTACK (yylen);
  yylen = 0;
  YY_STACK_PRINT (yyss, yyssp);
  yystate = *yyssp;
  goto yyerrlab1;


/*-------------------------------------------------------------.
| yyerrlab1 -- common code for both syntax error and YYERROR.  |
`-------------------------------------------------------------*/
yyerrlab1:
  yyerrstatus = 3;      /* Each real token shifted decrements this.  */

  /* Pop stack until we find a state that shifts the error token.  */
  for (;;)
    {
      yyn = yypact[yystate];
      if (!yypact_value_is_default (yyn))
        {
          yyn += YYSYMBOL_YYerror;
          if (0 <= yyn && yyn <= YYLAST && yycheck[yyn] == YYSYMBOL_YYerror)
            {
              yyn = yytable[yyn];
              if (0 < yyn)
                break;
            }
        }

      /* Pop the current state because it cannot handle the error token.  */
      if (yyssp == yyss)
        YYABORT;

      yyerror_range[1] = *yylsp;
      yydestruct ("Error: popping",
                  YY_ACCESSING_SYMBOL (yystate), yyvsp, yylsp, scanner, P);
      YYPOPSTACK (1);
      yystate = *yyssp;
      YY_STACK_PRINT (yyss, yyssp);
    }

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END

  yyerror_range[2] = yylloc;
  ++yylsp;
  YYLLOC_DEFAULT (*yylsp, yyerror_range, 2);

  /* Shift the error token.  */
  YY_SYMBOL_PRINT ("Shifting", YY_ACCESSING_SYMBOL (yyn), yyvsp, yylsp);

  yystate = yyn;
  goto yynewstate;


/*-------------------------------------.
| yyacceptlab -- YYACCEPT comes here.  |
`-------------------------------------*/
yyacceptlab:
  yyresult = 0;
  goto yyreturnlab;


/*-----------------------------------.
| yyabortlab -- YYABORT comes here.  |
`-----------------------------------*/
yyabortlab:
  yyresult = 1;
  goto yyreturnlab;


/*-----------------------------------------------------------.
| yyexhaustedlab -- YYNOMEM (memory exhaustion) comes here.  |
`-----------------------------------------------------------*/
yyexhaustedlab:
  yyerror (&yylloc, scanner, P, YY_("memory exhausted"));
  yyresult = 2;
  goto yyreturnlab;


/*----------------------------------------------------------.
| yyreturnlab -- parsing is finished, clean up and return.  |
`----------------------------------------------------------*/
yyreturnlab:
  if (yychar != T_SIR_YYEMPTY)
    {
      /* Make sure we have latest lookahead translation.  See comments at
         user semantic actions for why this is necessary.  */
      yytoken = YYTRANSLATE (yychar);
      yydestruct ("Cleanup: discarding lookahead",
                  yytoken, &yylval, &yylloc, scanner, P);
    }
  /* Do not reclaim the symbols of the rule whose action triggered
     this YYABORT or YYACCEPT.  */
  YYPOPSTACK (yylen);
  YY_STACK_PRINT (yyss, yyssp);
  while (yyssp != yyss)
    {
      yydestruct ("Cleanup: popping",
                  YY_ACCESSING_SYMBOL (+*yyssp), yyvsp, yylsp, scanner, P);
      YYPOPSTACK (1);
    }
#ifndef yyoverflow
  if (yyss != yyssa)
    YYSTACK_FREE (yyss);
#endif
  if (yymsg != yymsgbuf)
    YYSTACK_FREE (yymsg);
  return yyresult;
}

#line 435 "grammar/sir.y"

