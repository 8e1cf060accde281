/*
 * check_obj.c - the object model and its writers (lib/obj).
 *
 * The same small program is built by hand through the API for each
 * machine: a function f with a frame (callee-saved register, a load of
 * a global, a counter increment, a call, a pointer in read-only data
 * after relocation, a GOT load) and a leaf, with FDEs.  ELF objects are
 * linked with a C driver and run (natively, or under qemu-aarch64),
 * and the driver's backtrace() must unwind through f, which needs the
 * .eh_frame.  They are also compared with what GNU as makes of the
 * same assembly (objdump -dr, readelf -wf).  Mach-O objects are parsed
 * by llvm-objdump, linked by ld64.lld and compared with llvm-mc's
 * relocations and unwind info.  Tests needing a missing tool pass with
 * a note.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "obj.h"
#include "ckmain.h"

static char dir[64];

static void
setup(void)
{
    strcpy(dir, "/tmp/sir-obj-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void
teardown(void)
{
    char cmd[128];
    if (getenv("CHECK_OBJ_KEEP")) { /* for debugging: keep the files */
        fprintf(stderr, "check_obj: files kept in %s\n", dir);
        return;
    }
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "check_obj: could not remove %s\n", dir);
}

/* Runs a shell command in the test directory; returns its status. */
static int
sh(const char *fmt, ...)
{
    char cmd[2048];
    int n = snprintf(cmd, sizeof cmd, "cd %s && ", dir);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd + n, sizeof cmd - n, fmt, ap);
    va_end(ap);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 255;
}

static bool
have(const char *tool)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
    if (system(cmd) == 0)
        return true;
    fprintf(stderr, "check_obj: %s not found, part of a test skipped\n",
            tool);
    return false;
}

/* ld64.lld is often only in LLVM's bin directory or has a version
 * suffix: the newest one found, or NULL. */
static const char *
ld64(void)
{
    static char path[256];
    FILE *p = popen("command -v ld64.lld || ls /usr/lib/llvm-*/bin/ld64.lld "
                    "/usr/bin/ld64.lld-* 2>/dev/null | sort -V | tail -n 1",
                    "r");
    bool found = p && fgets(path, sizeof path, p);
    if (p)
        pclose(p);
    path[strcspn(path, "\n")] = 0;
    if (found && path[0])
        return path;
    fprintf(stderr, "check_obj: ld64.lld not found, link skipped\n");
    return NULL;
}

static void
put(const char *name, const void *p, size_t n)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(p, 1, n, f), n);
    fclose(f);
}

static void
puttext(const char *name, const char *s)
{
    put(name, s, strlen(s));
}

static void
writeobj(const Obj *o, const char *name)
{
    uint8_t *buf;
    size_t len;
    char err[256] = "";
    bool ok = obj_write(o, &buf, &len, err, sizeof err);
    ck_assert_msg(ok, "obj_write: %s", err);
    put(name, buf, len);
    free(buf);
}

/* A reference from (s, off) to 'name' + add.  On ELF a local defined
 * symbol is reached through its section symbol, as GNU as does. */
static void
ref(Obj *o, ObjSecKind s, uint64_t off, ObjRelocKind k, const char *name,
    int64_t add, int pcend, int scale)
{
    uint32_t y = obj_sym(o, name);
    const ObjSym *d = &o->syms.data[y];
    if (o->fmt == OBJ_ELF && d->sec >= 0 && !d->global) {
        add += (int64_t)d->value;
        y = obj_section_sym(o, (ObjSecKind)d->sec);
    }
    obj_reloc(o, s, (ObjReloc){.offset = off, .sym = y, .kind = k,
                               .pcend = (uint8_t)pcend,
                               .scale = (uint8_t)scale, .addend = add});
}

static void
def(Obj *o, const char *name, ObjSecKind s, uint64_t v, uint64_t size,
    bool global, bool func)
{
    obj_define(o, obj_sym(o, name), s, v, size, global, func);
}

/* ------------------------------------------------------------ x86-64 */

/* x86-64: f and leaf, as GNU as encodes x64_s. */
static const uint8_t x64_text[] = {
    0x55, 0x48, 0x89, 0xe5, 0x53, 0x50,             /* push; mov; push*2 */
    0x8b, 0x1d, 0, 0, 0, 0,                         /* 06 mov g,%ebx */
    0x83, 0x05, 0, 0, 0, 0, 0x01,                   /* 0c addl $1,cnt */
    0xe8, 0, 0, 0, 0,                               /* 13 call h */
    0x01, 0xd8,                                     /* 18 add %ebx,%eax */
    0x48, 0x8b, 0x0d, 0, 0, 0, 0,                   /* 1a mov p,%rcx */
    0x03, 0x01,                                     /* 21 */
    0x48, 0x8b, 0x0d, 0, 0, 0, 0,                   /* 23 GOT ext */
    0x03, 0x01, 0x48, 0x83, 0xc4, 0x08, 0x5b, 0x5d, 0xc3,
    0x8b, 0x05, 0, 0, 0, 0, 0xc3,                   /* 33 leaf */
};

static const char x64_s[] =
    "\t.text\n\t.globl f\n\t.p2align 4\nf:\n\t.cfi_startproc\n"
    "\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n"
    "\tmovq %rsp, %rbp\n\t.cfi_def_cfa_register %rbp\n"
    "\tpushq %rbx\n\tpushq %rax\n\t.cfi_offset %rbx, -24\n"
    "\tmovl g(%rip), %ebx\n\taddl $1, cnt(%rip)\n\tcallq h\n"
    "\taddl %ebx, %eax\n\tmovq p(%rip), %rcx\n\taddl (%rcx), %eax\n"
    "\tmovq ext@GOTPCREL(%rip), %rcx\n\taddl (%rcx), %eax\n"
    "\taddq $8, %rsp\n\tpopq %rbx\n\tpopq %rbp\n"
    "\t.cfi_def_cfa %rsp, 8\n\tretq\n\t.cfi_endproc\n"
    "\t.globl leaf\nleaf:\n\t.cfi_startproc\n\tmovl cnt(%rip), %eax\n"
    "\tretq\n\t.cfi_endproc\n"
    "\t.data\n\t.globl g\n\t.p2align 2\ng:\t.long 40\ncnt:\t.long 0\n"
    "\t.section .data.rel.ro,\"aw\"\n\t.p2align 3\np:\t.quad g+4\n";

/* The Mach-O spelling for llvm-mc: underscores, no epilogue CFI (an
 * epilogue rule such as def_cfa makes llvm-mc and the writer fall back
 * to DWARF; without it both pick compact unwind). */
static const char x64_macho_s[] =
    "\t.text\n\t.globl _f\n\t.p2align 4\n_f:\n\t.cfi_startproc\n"
    "\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n"
    "\tmovq %rsp, %rbp\n\t.cfi_def_cfa_register %rbp\n"
    "\tpushq %rbx\n\tpushq %rax\n\t.cfi_offset %rbx, -24\n"
    "\tmovl _g(%rip), %ebx\n\taddl $1, _cnt(%rip)\n\tcallq _h\n"
    "\taddl %ebx, %eax\n\tmovq _p(%rip), %rcx\n\taddl (%rcx), %eax\n"
    "\tmovq _ext@GOTPCREL(%rip), %rcx\n\taddl (%rcx), %eax\n"
    "\taddq $8, %rsp\n\tpopq %rbx\n\tpopq %rbp\n"
    "\tretq\n\t.cfi_endproc\n"
    "\t.globl _leaf\n_leaf:\n\t.cfi_startproc\n\tmovl _cnt(%rip), %eax\n"
    "\tretq\n\t.cfi_endproc\n"
    "\t.data\n\t.globl _g\n\t.p2align 2\n_g:\t.long 40\n_cnt:\t.long 0\n"
    "\t.section __DATA,__const\n\t.p2align 3\n_p:\t.quad _g+4\n"
    "\t.subsections_via_symbols\n";

static void
build_x64(Obj *o, ObjFormat fmt)
{
    obj_init(o, fmt, OBJ_X86_64);
    obj_align(o, OBJ_SEC_TEXT, 16);
    obj_emit(o, OBJ_SEC_TEXT, x64_text, sizeof x64_text);
    obj_align(o, OBJ_SEC_DATA, 4);
    obj_emit_u32(o, OBJ_SEC_DATA, 40);
    obj_emit_u32(o, OBJ_SEC_DATA, 0);
    obj_align(o, OBJ_SEC_RELRO, 8);
    obj_zero(o, OBJ_SEC_RELRO, 8);
    def(o, "f", OBJ_SEC_TEXT, 0, 0x33, true, true);
    def(o, "leaf", OBJ_SEC_TEXT, 0x33, 7, true, true);
    def(o, "g", OBJ_SEC_DATA, 0, 4, true, false);
    def(o, "cnt", OBJ_SEC_DATA, 4, 4, false, false);
    def(o, "p", OBJ_SEC_RELRO, 0, 8, false, false);
    ref(o, OBJ_SEC_TEXT, 0x08, OBJ_R_PC32, "g", 0, 4, 0);
    ref(o, OBJ_SEC_TEXT, 0x0e, OBJ_R_PC32, "cnt", 0, 5, 0);
    ref(o, OBJ_SEC_TEXT, 0x14, OBJ_R_CALL, "h", 0, 4, 0);
    ref(o, OBJ_SEC_TEXT, 0x1d, OBJ_R_PC32, "p", 0, 4, 0);
    ref(o, OBJ_SEC_TEXT, 0x26, OBJ_R_GOTLOAD, "ext", 0, 4, 0);
    ref(o, OBJ_SEC_TEXT, 0x35, OBJ_R_PC32, "cnt", 0, 4, 0);
    ref(o, OBJ_SEC_RELRO, 0, OBJ_R_ABS64, "g", 4, 0, 0);
    obj_fde(o, obj_sym(o, "f"), 0, 0x33);
    obj_cfi(o, 1, OBJ_CFA_DEF_OFFSET, 0, 16);
    obj_cfi(o, 1, OBJ_CFA_OFFSET, 6, -16);
    obj_cfi(o, 4, OBJ_CFA_DEF_REGISTER, 6, 0);
    obj_cfi(o, 6, OBJ_CFA_OFFSET, 3, -24);
    if (fmt == OBJ_ELF)     /* the Mach-O spelling has no epilogue CFI */
        obj_cfi(o, 0x32, OBJ_CFA_DEF, 7, 8);
    obj_fde(o, obj_sym(o, "leaf"), 0x33, 7);
}

/* The C side: h checks that unwinding from it passes through f into
 * main (backtrace() needs f's FDE for that). */
static const char driver_c[] =
    "#include <execinfo.h>\n"
    "int f(void);\nint leaf(void);\nint ext = 100;\n"
    "static int depth_h;\n"
    "int h(void) { void *b[64]; depth_h = backtrace(b, 64); return 2; }\n"
    "int h2(int x) { return x + 1000; }\n"
    "int main(void) {\n"
    "    void *b[64]; int dm = backtrace(b, 64);\n"
    "    int r = f(), l = leaf();\n"
    "    if (r != EXPECT_F) return 10;\n"
    "    if (l != EXPECT_LEAF) return 11;\n"
    "    if (depth_h < dm + 2) return 12;\n"
    "    return 0;\n}\n";

START_TEST(test_obj_elf_x64_run)
{
    if (!have("cc"))
        return;
    Obj o;
    build_x64(&o, OBJ_ELF);
    writeobj(&o, "f.o");
    obj_free(&o);
    puttext("driver.c", driver_c);
    ck_assert_int_eq(sh("cc -O1 -DEXPECT_F=143 -DEXPECT_LEAF=1 -o x "
                        "driver.c f.o 2>link.err"), 0);
    ck_assert_int_eq(sh("./x"), 0);
    ck_assert_int_eq(sh("! grep -i warning link.err"), 0);
}
END_TEST

START_TEST(test_obj_elf_x64_matches_as)
{
    if (!have("as") || !have("objdump") || !have("readelf"))
        return;
    Obj o;
    build_x64(&o, OBJ_ELF);
    writeobj(&o, "f.o");
    obj_free(&o);
    puttext("f.s", x64_s);
    ck_assert_int_eq(sh("as --64 -o ref.o f.s"), 0);
    /* Same code and relocations (symbol + addend), same frames. */
    ck_assert_int_eq(sh("objdump -dr f.o | tail -n +3 > a.txt && "
                        "objdump -dr ref.o | tail -n +3 > b.txt && "
                        "diff a.txt b.txt"), 0);
    ck_assert_int_eq(sh("readelf -wf f.o > a.txt && readelf -wf ref.o > "
                        "b.txt && diff a.txt b.txt"), 0);
    ck_assert_int_eq(sh("objdump -s -j .data -j .data.rel.ro f.o | tail "
                        "-n +3 > a.txt && objdump -s -j .data -j "
                        ".data.rel.ro ref.o | tail -n +3 > b.txt && diff "
                        "a.txt b.txt"), 0);
    /* Parsed without complaint; locals before globals. */
    ck_assert_int_eq(sh("readelf -a -W f.o > a.txt 2> err.txt && "
                        "! test -s err.txt"), 0);
    ck_assert_int_eq(sh("grep -q 'REX_GOTPCRELX' a.txt && "
                        "grep -q 'R_X86_64_PLT32.*h - 4' a.txt && "
                        "grep -q 'GNU-stack' a.txt"), 0);
    if (have("llvm-readobj"))
        ck_assert_int_eq(sh("llvm-readobj --all f.o > /dev/null 2> "
                            "err.txt && ! test -s err.txt"), 0);
}
END_TEST

START_TEST(test_obj_macho_x64)
{
    if (!have("llvm-objdump"))
        return;
    Obj o;
    build_x64(&o, OBJ_MACHO);
    writeobj(&o, "m.o");
    obj_free(&o);
    ck_assert_int_eq(sh("llvm-objdump --macho -d -r -t --unwind-info "
                        "--private-headers m.o > a.txt 2> err.txt && "
                        "! test -s err.txt"), 0);
    ck_assert_int_eq(sh("grep -q 'compact encoding:     0x01010001' a.txt "
                        "&& grep -q SUBSECTIONS_VIA_SYMBOLS a.txt"), 0);
    const char *ld = ld64();
    if (ld)
        ck_assert_int_eq(sh("%s -arch x86_64 -platform_version macos 11.0 "
                            "11.0 -dylib -undefined dynamic_lookup -o "
                            "m.dylib m.o", ld), 0);
    if (!have("llvm-mc"))
        return;
    puttext("m.s", x64_macho_s);
    ck_assert_int_eq(sh("llvm-mc -triple=x86_64-apple-macos11.0 "
                        "-filetype=obj -o ref.o m.s"), 0);
    /* Same code, relocations, symbols, sections and unwind info. */
    ck_assert_int_eq(sh("llvm-objdump --macho -d -r -t --unwind-info "
                        "--private-headers m.o | tail -n +2 > a.txt && "
                        "llvm-objdump --macho -d -r -t --unwind-info "
                        "--private-headers ref.o | tail -n +2 > b.txt && "
                        "diff a.txt b.txt"), 0);
}
END_TEST

/* ----------------------------------------------------------- AArch64 */

static const uint32_t a64_text[] = {
    0xa9be4ff4, 0xa9017bfd, 0x910043fd,             /* stp; stp; add */
    0x90000008, 0xb9400113,                         /* 0c g */
    0x90000008, 0x91000108,                         /* 14 cnt */
    0xb9400109, 0x11000529, 0xb9000109,             /* 1c cnt++ */
    0x94000000, 0x0b130000,                         /* 28 bl h */
    0x90000008, 0xf9400108, 0xb9400109, 0x0b090000, /* 30 p */
    0x90000008, 0xf9400108, 0xb9400109, 0x0b090000, /* 40 GOT ext */
    0x90000008, 0xb9400109, 0x0b090000,             /* 50 g+4 */
    0xa9417bfd, 0xa8c24ff4, 0xd65f03c0,             /* ldp; ldp; ret */
    0x90000008, 0xb9400100, 0x14000000,             /* 68 leaf */
};

static const char a64_s[] =
    "\t.text\n\t.globl f\n\t.p2align 2\nf:\n\t.cfi_startproc\n"
    "\tstp x20, x19, [sp, #-32]!\n\tstp x29, x30, [sp, #16]\n"
    "\tadd x29, sp, #16\n\t.cfi_def_cfa w29, 16\n"
    "\t.cfi_offset w30, -8\n\t.cfi_offset w29, -16\n"
    "\t.cfi_offset w19, -24\n\t.cfi_offset w20, -32\n"
    "\tadrp x8, g\n\tldr w19, [x8, :lo12:g]\n"
    "\tadrp x8, cnt\n\tadd x8, x8, :lo12:cnt\n"
    "\tldr w9, [x8]\n\tadd w9, w9, #1\n\tstr w9, [x8]\n"
    "\tbl h\n\tadd w0, w0, w19\n"
    "\tadrp x8, p\n\tldr x8, [x8, :lo12:p]\n\tldr w9, [x8]\n"
    "\tadd w0, w0, w9\n"
    "\tadrp x8, :got:ext\n\tldr x8, [x8, :got_lo12:ext]\n"
    "\tldr w9, [x8]\n\tadd w0, w0, w9\n"
    "\tadrp x8, g+4\n\tldr w9, [x8, :lo12:g+4]\n\tadd w0, w0, w9\n"
    "\tldp x29, x30, [sp, #16]\n\tldp x20, x19, [sp], #32\n\tret\n"
    "\t.cfi_endproc\n"
    "\t.globl leaf\nleaf:\n\t.cfi_startproc\n\tadrp x8, cnt\n"
    "\tldr w0, [x8, :lo12:cnt]\n\tb h2\n\t.cfi_endproc\n"
    "\t.data\n\t.globl g\n\t.p2align 2\ng:\t.long 40\n\t.long 2\n"
    "cnt:\t.long 0\n"
    "\t.section .data.rel.ro,\"aw\"\n\t.p2align 3\np:\t.quad g+4\n";

static const char a64_macho_s[] =
    "\t.text\n\t.globl _f\n\t.p2align 2\n_f:\n\t.cfi_startproc\n"
    "\tstp x20, x19, [sp, #-32]!\n\tstp x29, x30, [sp, #16]\n"
    "\tadd x29, sp, #16\n\t.cfi_def_cfa w29, 16\n"
    "\t.cfi_offset w30, -8\n\t.cfi_offset w29, -16\n"
    "\t.cfi_offset w19, -24\n\t.cfi_offset w20, -32\n"
    "\tadrp x8, _g@PAGE\n\tldr w19, [x8, _g@PAGEOFF]\n"
    "\tadrp x8, _cnt@PAGE\n\tadd x8, x8, _cnt@PAGEOFF\n"
    "\tldr w9, [x8]\n\tadd w9, w9, #1\n\tstr w9, [x8]\n"
    "\tbl _h\n\tadd w0, w0, w19\n"
    "\tadrp x8, _p@PAGE\n\tldr x8, [x8, _p@PAGEOFF]\n\tldr w9, [x8]\n"
    "\tadd w0, w0, w9\n"
    "\tadrp x8, _ext@GOTPAGE\n\tldr x8, [x8, _ext@GOTPAGEOFF]\n"
    "\tldr w9, [x8]\n\tadd w0, w0, w9\n"
    "\tadrp x8, _g@PAGE+4\n\tldr w9, [x8, _g@PAGEOFF+4]\n"
    "\tadd w0, w0, w9\n"
    "\tldp x29, x30, [sp, #16]\n\tldp x20, x19, [sp], #32\n\tret\n"
    "\t.cfi_endproc\n"
    "\t.globl _leaf\n_leaf:\n\t.cfi_startproc\n\tadrp x8, _cnt@PAGE\n"
    "\tldr w0, [x8, _cnt@PAGEOFF]\n\tb _h2\n\t.cfi_endproc\n"
    "\t.data\n\t.globl _g\n\t.p2align 2\n_g:\t.long 40\n\t.long 2\n"
    "_cnt:\t.long 0\n"
    "\t.section __DATA,__const\n\t.p2align 3\n_p:\t.quad _g+4\n"
    "\t.subsections_via_symbols\n";

static void
build_a64(Obj *o, ObjFormat fmt)
{
    obj_init(o, fmt, OBJ_AARCH64);
    obj_align(o, OBJ_SEC_TEXT, 4);
    for (size_t i = 0; i < sizeof a64_text / sizeof *a64_text; i++)
        obj_emit_u32(o, OBJ_SEC_TEXT, a64_text[i]);
    obj_align(o, OBJ_SEC_DATA, 4);
    obj_emit_u32(o, OBJ_SEC_DATA, 40);
    obj_emit_u32(o, OBJ_SEC_DATA, 2);
    obj_emit_u32(o, OBJ_SEC_DATA, 0);
    obj_align(o, OBJ_SEC_RELRO, 8);
    obj_zero(o, OBJ_SEC_RELRO, 8);
    def(o, "f", OBJ_SEC_TEXT, 0, 0x68, true, true);
    def(o, "leaf", OBJ_SEC_TEXT, 0x68, 12, true, true);
    def(o, "g", OBJ_SEC_DATA, 0, 8, true, false);
    def(o, "cnt", OBJ_SEC_DATA, 8, 4, false, false);
    def(o, "p", OBJ_SEC_RELRO, 0, 8, false, false);
    ObjSecKind t = OBJ_SEC_TEXT;
    ref(o, t, 0x0c, OBJ_R_PAGE21, "g", 0, 0, 0);
    ref(o, t, 0x10, OBJ_R_PAGEOFF12, "g", 0, 0, 2);
    ref(o, t, 0x14, OBJ_R_PAGE21, "cnt", 0, 0, 0);
    ref(o, t, 0x18, OBJ_R_PAGEOFF12, "cnt", 0, 0, 0);
    ref(o, t, 0x28, OBJ_R_CALL, "h", 0, 0, 0);
    ref(o, t, 0x30, OBJ_R_PAGE21, "p", 0, 0, 0);
    ref(o, t, 0x34, OBJ_R_PAGEOFF12, "p", 0, 0, 3);
    ref(o, t, 0x40, OBJ_R_GOT_PAGE21, "ext", 0, 0, 0);
    ref(o, t, 0x44, OBJ_R_GOT_PAGEOFF12, "ext", 0, 0, 0);
    ref(o, t, 0x50, OBJ_R_PAGE21, "g", 4, 0, 0);
    ref(o, t, 0x54, OBJ_R_PAGEOFF12, "g", 4, 0, 2);
    ref(o, t, 0x68, OBJ_R_PAGE21, "cnt", 0, 0, 0);
    ref(o, t, 0x6c, OBJ_R_PAGEOFF12, "cnt", 0, 0, 2);
    ref(o, t, 0x70, OBJ_R_JUMP, "h2", 0, 0, 0);
    ref(o, OBJ_SEC_RELRO, 0, OBJ_R_ABS64, "g", 4, 0, 0);
    obj_fde(o, obj_sym(o, "f"), 0, 0x68);
    obj_cfi(o, 0xc, OBJ_CFA_DEF, 29, 16);
    obj_cfi(o, 0xc, OBJ_CFA_OFFSET, 30, -8);
    obj_cfi(o, 0xc, OBJ_CFA_OFFSET, 29, -16);
    obj_cfi(o, 0xc, OBJ_CFA_OFFSET, 19, -24);
    obj_cfi(o, 0xc, OBJ_CFA_OFFSET, 20, -32);
    obj_fde(o, obj_sym(o, "leaf"), 0x68, 12);
}

START_TEST(test_obj_elf_a64_run)
{
    if (!have("aarch64-linux-gnu-gcc") || !have("qemu-aarch64"))
        return;
    Obj o;
    build_a64(&o, OBJ_ELF);
    writeobj(&o, "f.o");
    obj_free(&o);
    puttext("driver.c", driver_c);
    ck_assert_int_eq(sh("aarch64-linux-gnu-gcc -O1 -DEXPECT_F=146 "
                        "-DEXPECT_LEAF=1001 -o x driver.c f.o "
                        "2>link.err"), 0);
    ck_assert_int_eq(sh("qemu-aarch64 -L /usr/aarch64-linux-gnu ./x"), 0);
    ck_assert_int_eq(sh("! grep -i warning link.err"), 0);
}
END_TEST

START_TEST(test_obj_elf_a64_matches_as)
{
    if (!have("aarch64-linux-gnu-as") || !have("aarch64-linux-gnu-objdump")
        || !have("readelf"))
        return;
    Obj o;
    build_a64(&o, OBJ_ELF);
    writeobj(&o, "f.o");
    obj_free(&o);
    puttext("f.s", a64_s);
    ck_assert_int_eq(sh("aarch64-linux-gnu-as -o ref.o f.s"), 0);
    ck_assert_int_eq(sh("aarch64-linux-gnu-objdump -dr f.o | tail -n +3 > "
                        "a.txt && aarch64-linux-gnu-objdump -dr ref.o | "
                        "tail -n +3 > b.txt && diff a.txt b.txt"), 0);
    ck_assert_int_eq(sh("readelf -wf f.o > a.txt && readelf -wf ref.o > "
                        "b.txt && diff a.txt b.txt"), 0);
    ck_assert_int_eq(sh("readelf -a -W f.o > a.txt 2> err.txt && "
                        "! test -s err.txt"), 0);
}
END_TEST

START_TEST(test_obj_macho_a64)
{
    if (!have("llvm-objdump"))
        return;
    Obj o;
    build_a64(&o, OBJ_MACHO);
    writeobj(&o, "m.o");
    obj_free(&o);
    ck_assert_int_eq(sh("llvm-objdump --macho -d -r -t --unwind-info "
                        "--private-headers m.o > a.txt 2> err.txt && "
                        "! test -s err.txt"), 0);
    ck_assert_int_eq(sh("grep -q 'compact encoding:     0x04000001' a.txt "
                        "&& grep -q 'compact encoding:     0x02000000' "
                        "a.txt"), 0);
    const char *ld = ld64();
    if (ld)
        ck_assert_int_eq(sh("%s -arch arm64 -platform_version macos 11.0 "
                            "11.0 -dylib -undefined dynamic_lookup -o "
                            "m.dylib m.o", ld), 0);
    if (!have("llvm-mc"))
        return;
    puttext("m.s", a64_macho_s);
    ck_assert_int_eq(sh("llvm-mc -triple=arm64-apple-macos11.0 "
                        "-filetype=obj -o ref.o m.s"), 0);
    /* llvm-mc adds ltmp<n> section-start symbols; compare the rest:
     * relocations (ADDEND placement included), section headers, code
     * (but for the symbol index llvm-objdump shows for an adrp whose
     * relocation has an ARM64_RELOC_ADDEND). */
    ck_assert_int_eq(sh("llvm-objdump --macho -r m.o | tail -n +2 > a.txt "
                        "&& llvm-objdump --macho -r ref.o | tail -n +2 > "
                        "b.txt && diff a.txt b.txt"), 0);
    static const char skip[] =
        "cmdsize\\|sizeofcmds\\|offset\\|stroff\\|strsize\\|nsyms\\|"
        "symoff\\|ilocalsym\\|nlocalsym\\|extdefsym\\|undefsym\\|ltmp\\|"
        "fileoff\\|reloff\\|^m.o\\|^ref.o\\|adrp.*; 0x0";
    ck_assert_int_eq(sh("llvm-objdump --macho -d --private-headers m.o | "
                        "grep -v '%s' > a.txt && llvm-objdump --macho -d "
                        "--private-headers ref.o | grep -v '%s' > b.txt && "
                        "diff a.txt b.txt", skip, skip), 0);
}
END_TEST

/* ------------------------------------------------- unwind shapes */

/* DWARF register names for the assembler's .cfi directives. */
static void
regname(char *b, size_t n, ObjMachine m, uint16_t r)
{
    static const char *const x86[16] = {
        "rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp",
        "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"};
    if (m == OBJ_X86_64)
        snprintf(b, n, "%%%s", r < 16 ? x86[r] : "rip");
    else if (r >= 64)
        snprintf(b, n, "d%d", r - 64);
    else
        snprintf(b, n, "x%d", r);
}

/* One function "_u" of 'len' bytes of nops with CFI c[0..n): builds
 * the model and writes the same as assembly for llvm-mc. */
static void
unwind_case(Obj *o, ObjMachine m, const ObjCfi *c, int n, uint32_t len,
            const char *sname)
{
    obj_init(o, OBJ_MACHO, m);
    uint32_t step = m == OBJ_X86_64 ? 1 : 4;
    for (uint32_t pc = 0; pc < len; pc += step)
        obj_emit(o, OBJ_SEC_TEXT,
                 m == OBJ_X86_64 ? "\x90" : "\x1f\x20\x03\xd5", step);
    def(o, "u", OBJ_SEC_TEXT, 0, len, true, true);
    obj_fde(o, obj_sym(o, "u"), 0, len);
    char text[4096], r[16];
    int k = snprintf(text, sizeof text,
                     "\t.text\n\t.globl _u\n_u:\n\t.cfi_startproc\n");
    uint32_t pc = 0;
    for (int i = 0; i <= n; i++) {
        uint32_t to = i < n ? c[i].pc : len;
        for (; pc < to; pc += step)
            k += snprintf(text + k, sizeof text - k, "\tnop\n");
        if (i == n)
            break;
        obj_cfi(o, c[i].pc, (ObjCfaOp)c[i].op, c[i].reg, c[i].off);
        regname(r, sizeof r, m, c[i].reg);
        switch (c[i].op) {
        case OBJ_CFA_DEF_OFFSET:
            k += snprintf(text + k, sizeof text - k,
                          "\t.cfi_def_cfa_offset %lld\n",
                          (long long)c[i].off);
            break;
        case OBJ_CFA_DEF_REGISTER:
            k += snprintf(text + k, sizeof text - k,
                          "\t.cfi_def_cfa_register %s\n", r);
            break;
        case OBJ_CFA_DEF:
            k += snprintf(text + k, sizeof text - k,
                          "\t.cfi_def_cfa %s, %lld\n", r,
                          (long long)c[i].off);
            break;
        case OBJ_CFA_OFFSET:
            k += snprintf(text + k, sizeof text - k,
                          "\t.cfi_offset %s, %lld\n", r, (long long)c[i].off);
            break;
        default:
            ck_abort_msg("unexpected CFI op in a test case");
        }
    }
    snprintf(text + k, sizeof text - k,
             "\t.cfi_endproc\n\t.subsections_via_symbols\n");
    puttext(sname, text);
}

#define NCFI(a) ((int)(sizeof(a) / sizeof *(a)))

/* Compact unwind encodings (and the DWARF fallback) against llvm-mc's
 * for frame shapes the code generators make. */
START_TEST(test_obj_macho_unwind_shapes)
{
    if (!have("llvm-mc") || !have("llvm-objdump"))
        return;
    /* x86-64: rbp frame saving r14, r12, rbx (pushed in that order). */
    static const ObjCfi x1[] = {
        {1, OBJ_CFA_DEF_OFFSET, 0, 16}, {1, OBJ_CFA_OFFSET, 6, -16},
        {4, OBJ_CFA_DEF_REGISTER, 6, 0}, {9, OBJ_CFA_OFFSET, 3, -40},
        {9, OBJ_CFA_OFFSET, 12, -32}, {9, OBJ_CFA_OFFSET, 14, -24}};
    /* x86-64: frameless, 24 bytes of locals. */
    static const ObjCfi x2[] = {{4, OBJ_CFA_DEF_OFFSET, 0, 32}};
    /* x86-64: CFA in r10, as after stack realignment (DWARF). */
    static const ObjCfi x3[] = {{1, OBJ_CFA_DEF, 10, 0}};
    /* arm64: frame with x19..x22 and d8, d9 saved in pairs. */
    static const ObjCfi a1[] = {
        {16, OBJ_CFA_DEF, 29, 16}, {16, OBJ_CFA_OFFSET, 30, -8},
        {16, OBJ_CFA_OFFSET, 29, -16}, {16, OBJ_CFA_OFFSET, 19, -24},
        {16, OBJ_CFA_OFFSET, 20, -32}, {16, OBJ_CFA_OFFSET, 21, -40},
        {16, OBJ_CFA_OFFSET, 22, -48}, {16, OBJ_CFA_OFFSET, 72, -56},
        {16, OBJ_CFA_OFFSET, 73, -64}};
    /* arm64: frameless with 32 bytes. */
    static const ObjCfi a2[] = {{4, OBJ_CFA_DEF_OFFSET, 0, 32}};
    /* arm64: frameless with a saved register (DWARF). */
    static const ObjCfi a3[] = {{4, OBJ_CFA_DEF_OFFSET, 0, 32},
                                {8, OBJ_CFA_OFFSET, 19, -24}};
    static const struct {
        ObjMachine m;
        const ObjCfi *c;
        int n;
    } cases[] = {
        {OBJ_X86_64, x1, NCFI(x1)}, {OBJ_X86_64, x2, NCFI(x2)},
        {OBJ_X86_64, x3, NCFI(x3)}, {OBJ_AARCH64, a1, NCFI(a1)},
        {OBJ_AARCH64, a2, NCFI(a2)}, {OBJ_AARCH64, a3, NCFI(a3)},
    };
    const char *ld = ld64();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Obj o;
        unwind_case(&o, cases[i].m, cases[i].c, cases[i].n, 32, "u.s");
        writeobj(&o, "u.o");
        obj_free(&o);
        const char *t = cases[i].m == OBJ_X86_64 ? "x86_64" : "arm64";
        ck_assert_int_eq(sh("llvm-mc -triple=%s-apple-macos11.0 "
                            "-filetype=obj -o ref.o u.s", t), 0);
        ck_assert_int_eq(sh("llvm-objdump --macho --unwind-info u.o | "
                            "grep encoding > a.txt; llvm-objdump --macho "
                            "--unwind-info ref.o | grep encoding > b.txt; "
                            "diff a.txt b.txt"), 0);
        /* Both put the same FDEs in __eh_frame (llvm-dwarfdump does
         * not apply llvm-mc's arm64 pc-begin relocations: no pcs). */
        ck_assert_int_eq(sh("llvm-dwarfdump --eh-frame u.o | grep "
                            "'DW_CFA\\|FDE' | sed 's/.*FDE.*/FDE/' > a.txt; "
                            "llvm-dwarfdump --eh-frame ref.o | grep "
                            "'DW_CFA\\|FDE' | sed 's/.*FDE.*/FDE/' > b.txt; "
                            "diff a.txt b.txt"), 0);
        /* x86-64 resolves pc-begin in place; arm64 leaves it to its
         * SUBTRACTOR/UNSIGNED pair, as llvm-mc (test/obj compares the
         * bytes and relocations) */
        if (cases[i].m == OBJ_X86_64)
            ck_assert_int_eq(sh("llvm-dwarfdump --eh-frame u.o | grep -v "
                                "'FDE.*pc=00000000\\.\\.\\.00000020' |"
                                " grep -q FDE; test $? = 1"), 0);
        if (ld)
            ck_assert_int_eq(sh("%s -arch %s -platform_version macos 11.0 "
                                "11.0 -dylib -o u.dylib u.o", ld, t), 0);
    }
}
END_TEST

/* Zero-fill, read-only data, section-relative references (a jump
 * table) and a PC-relative data word, on both formats. */
START_TEST(test_obj_sections_and_section_refs)
{
    if (!have("llvm-objdump") || !have("llvm-mc"))
        return;
    for (int f = 0; f < 2; f++) {
        Obj o;
        obj_init(&o, (ObjFormat)f, OBJ_AARCH64);
        obj_emit_u32(&o, OBJ_SEC_TEXT, 0xd65f03c0); /* ret */
        obj_emit_u32(&o, OBJ_SEC_TEXT, 0xd65f03c0);
        def(&o, "t", OBJ_SEC_TEXT, 0, 8, true, true);
        obj_align(&o, OBJ_SEC_RODATA, 8);
        def(&o, "tab", OBJ_SEC_RODATA, 0, 20, false, false);
        uint32_t ts = obj_section_sym(&o, OBJ_SEC_TEXT);
        obj_reloc(&o, OBJ_SEC_RODATA,
                  (ObjReloc){.offset = 0, .sym = ts, .kind = OBJ_R_ABS64,
                             .addend = 4});
        obj_zero(&o, OBJ_SEC_RODATA, 8);
        obj_zero(&o, OBJ_SEC_RELRO, 8);
        def(&o, "ptr", OBJ_SEC_RELRO, 0, 8, true, false);
        ref(&o, OBJ_SEC_RELRO, 0, OBJ_R_ABS64, "zero", 16, 0, 0);
        obj_align(&o, OBJ_SEC_BSS, 16);
        obj_zero(&o, OBJ_SEC_BSS, 64);
        def(&o, "zero", OBJ_SEC_BSS, 0, 64, true, false);
        obj_zero(&o, OBJ_SEC_DATA, 8);
        def(&o, "d", OBJ_SEC_DATA, 0, 8, true, false);
        ref(&o, OBJ_SEC_DATA, 4, OBJ_R_PREL32_DATA, "ext", 8, 0, 0);
        o.macos_version = 0x000c0300; /* 12.3 */
        writeobj(&o, "s.o");
        obj_free(&o);
        if (f == OBJ_ELF) {
            ck_assert_int_eq(sh("readelf -S -r -s -W s.o > a.txt 2> err.txt"
                                " && ! test -s err.txt"), 0);
            ck_assert_int_eq(sh("grep -q '\\.bss *NOBITS.* 000040 ' a.txt "
                                "&& grep -q 'R_AARCH64_PREL32 .* ext + 8' "
                                "a.txt && grep -q 'R_AARCH64_ABS64 .* "
                                "\\.text + 4' a.txt"), 0);
            continue;
        }
        puttext("s.s", "\t.text\n\t.globl _t\n_t:\tret\nLret:\tret\n"
                       "\t.section __TEXT,__const\n\t.p2align 3\n"
                       "_tab:\t.quad Lret\n"
                       "\t.data\n\t.globl _d\n_d:\t.long 0\n"
                       "\t.long _ext + 8 - .\n"
                       "\t.section __DATA,__const\n\t.globl _ptr\n"
                       "_ptr:\t.quad _zero+16\n"
                       "\t.globl _zero\n\t.zerofill __DATA,__bss,_zero,64,4\n"
                       "\t.subsections_via_symbols\n");
        ck_assert_int_eq(sh("llvm-mc -triple=arm64-apple-macos11.0 "
                            "-filetype=obj -o ref.o s.s"), 0);
        ck_assert_int_eq(sh("llvm-objdump --macho -r s.o | tail -n +2 > "
                            "a.txt && llvm-objdump --macho -r ref.o | tail "
                            "-n +2 > b.txt && diff a.txt b.txt"), 0);
        ck_assert_int_eq(sh("llvm-objdump -s s.o | tail -n +4 > a.txt && "
                            "llvm-objdump -s ref.o | tail -n +4 > b.txt && "
                            "diff a.txt b.txt"), 0);
        ck_assert_int_eq(sh("llvm-objdump --macho --private-headers s.o > "
                            "a.txt && grep -q 'type S_ZEROFILL' a.txt && "
                            "grep -q 'minos 12.3' a.txt"), 0);
    }
}
END_TEST

/* ------------------------------------------------- API and errors */

START_TEST(test_obj_write_deterministic)
{
    for (int m = 0; m < 2; m++)
        for (int f = 0; f < 2; f++) {
            Obj a, b;
            if (m == 0) {
                build_x64(&a, (ObjFormat)f);
                build_x64(&b, (ObjFormat)f);
            } else {
                build_a64(&a, (ObjFormat)f);
                build_a64(&b, (ObjFormat)f);
            }
            uint8_t *p, *q, *r;
            size_t n, k, l;
            char err[128];
            ck_assert(obj_write(&a, &p, &n, err, sizeof err));
            ck_assert(obj_write(&a, &r, &l, err, sizeof err));
            ck_assert(obj_write(&b, &q, &k, err, sizeof err));
            ck_assert_uint_eq(n, k);
            ck_assert_uint_eq(n, l);
            ck_assert(memcmp(p, q, n) == 0);
            ck_assert(memcmp(p, r, n) == 0);
            free(p);
            free(q);
            free(r);
            obj_free(&a);
            obj_free(&b);
        }
}
END_TEST

START_TEST(test_obj_write_too_big)
{
    for (int f = 0; f < 2; f++) {
        Obj o;
        obj_init(&o, (ObjFormat)f, OBJ_X86_64);
        obj_emit_u32(&o, OBJ_SEC_TEXT, 0xc3);
        o.sec[OBJ_SEC_BSS].size = 5ull << 30; /* no bytes behind it */
        uint8_t *buf = (uint8_t *)&o;
        size_t len = 1;
        char err[128] = "";
        ck_assert(!obj_write(&o, &buf, &len, err, sizeof err));
        ck_assert_ptr_null(buf);
        ck_assert_msg(strstr(err, "4 GiB") != NULL, "message: %s", err);
        obj_free(&o);
    }
}
END_TEST

/* Writes o expecting failure with a message containing 'want'. */
static void
expect_fail(Obj *o, const char *want)
{
    uint8_t *buf;
    size_t len;
    char err[256] = "";
    ck_assert(!obj_write(o, &buf, &len, err, sizeof err));
    ck_assert_msg(strstr(err, want) != NULL, "message: %s", err);
    obj_free(o);
}

START_TEST(test_obj_write_bad_reloc)
{
    Obj o;
    /* x86 has no page relocations. */
    obj_init(&o, OBJ_ELF, OBJ_X86_64);
    obj_zero(&o, OBJ_SEC_TEXT, 8);
    ref(&o, OBJ_SEC_TEXT, 0, OBJ_R_PAGE21, "x", 0, 0, 0);
    expect_fail(&o, "no ELF x86-64 type");
    /* No LDST relocation for 32-byte accesses. */
    obj_init(&o, OBJ_ELF, OBJ_AARCH64);
    obj_zero(&o, OBJ_SEC_TEXT, 8);
    ref(&o, OBJ_SEC_TEXT, 0, OBJ_R_PAGEOFF12, "x", 0, 0, 5);
    expect_fail(&o, "no ELF AArch64 type");
    /* Mach-O GOT references have no addend. */
    obj_init(&o, OBJ_MACHO, OBJ_X86_64);
    obj_zero(&o, OBJ_SEC_TEXT, 8);
    ref(&o, OBJ_SEC_TEXT, 0, OBJ_R_GOTLOAD, "x", 8, 4, 0);
    expect_fail(&o, "GOT relocation");
    /* SIGNED_n exists for 0, 1, 2, 4 trailing bytes only. */
    obj_init(&o, OBJ_MACHO, OBJ_X86_64);
    obj_zero(&o, OBJ_SEC_TEXT, 8);
    ref(&o, OBJ_SEC_TEXT, 0, OBJ_R_PC32, "x", 0, 7, 0);
    expect_fail(&o, "no Mach-O type");
    /* x86-64 Mach-O cannot subtract from an undefined symbol. */
    obj_init(&o, OBJ_MACHO, OBJ_X86_64);
    obj_zero(&o, OBJ_SEC_DATA, 8);
    def(&o, "d", OBJ_SEC_DATA, 0, 8, true, false);
    ref(&o, OBJ_SEC_DATA, 4, OBJ_R_PREL32_DATA, "x", 0, 0, 0);
    expect_fail(&o, "cannot be expressed");
    /* ARM64_RELOC_ADDEND holds 24 bits. */
    obj_init(&o, OBJ_MACHO, OBJ_AARCH64);
    obj_zero(&o, OBJ_SEC_TEXT, 8);
    ref(&o, OBJ_SEC_TEXT, 0, OBJ_R_PAGE21, "x", 1 << 24, 0, 0);
    expect_fail(&o, "ADDEND range");
    /* A relocation past the end of its section. */
    obj_init(&o, OBJ_MACHO, OBJ_AARCH64);
    obj_zero(&o, OBJ_SEC_TEXT, 8);
    ref(&o, OBJ_SEC_TEXT, 6, OBJ_R_CALL, "x", 0, 0, 0);
    expect_fail(&o, "past the section end");
}
END_TEST

START_TEST(test_obj_sym_table)
{
    Obj o;
    obj_init(&o, OBJ_ELF, OBJ_X86_64);
    ck_assert_uint_eq(obj_sym_find(&o, "a"), 0);
    uint32_t a = obj_sym(&o, "a");
    ck_assert_uint_ne(a, 0);
    ck_assert_uint_eq(obj_sym(&o, "a"), a);
    char name[32];
    for (int i = 0; i < 1000; i++) {
        snprintf(name, sizeof name, "s%d", i);
        ck_assert_uint_eq(obj_sym(&o, name), a + 1 + (uint32_t)i);
    }
    for (int i = 0; i < 1000; i++) {
        snprintf(name, sizeof name, "s%d", i);
        ck_assert_uint_eq(obj_sym_find(&o, name), a + 1 + (uint32_t)i);
    }
    ck_assert_uint_eq(obj_sym_find(&o, "a"), a);
    ck_assert_int_eq(o.syms.data[a].sec, -1);
    uint32_t t = obj_section_sym(&o, OBJ_SEC_TEXT);
    ck_assert_uint_eq(obj_section_sym(&o, OBJ_SEC_TEXT), t);
    ck_assert(o.syms.data[t].section_sym);
    obj_free(&o);
}
END_TEST

START_TEST(test_obj_align)
{
    Obj o;
    obj_init(&o, OBJ_ELF, OBJ_X86_64);
    obj_emit(&o, OBJ_SEC_TEXT, "\xc3", 1);
    obj_align(&o, OBJ_SEC_TEXT, 16);
    ck_assert_uint_eq(obj_offset(&o, OBJ_SEC_TEXT), 16);
    ck_assert_uint_eq(o.sec[OBJ_SEC_TEXT].align, 16);
    /* 15 bytes: an 11-byte and a 4-byte nop, as GNU as pads. */
    ck_assert(memcmp(o.sec[OBJ_SEC_TEXT].data + 1,
                     "\x66\x66\x2e\x0f\x1f\x84\0\0\0\0\0\x0f\x1f\x40\0",
                     15) == 0);
    obj_emit(&o, OBJ_SEC_DATA, "\x01", 1);
    obj_align(&o, OBJ_SEC_DATA, 8);
    ck_assert(memcmp(o.sec[OBJ_SEC_DATA].data, "\x01\0\0\0\0\0\0\0", 8)
              == 0);
    obj_zero(&o, OBJ_SEC_BSS, 3);
    obj_align(&o, OBJ_SEC_BSS, 8);
    ck_assert_uint_eq(o.sec[OBJ_SEC_BSS].size, 8);
    ck_assert_ptr_null(o.sec[OBJ_SEC_BSS].data);
    obj_free(&o);
    obj_init(&o, OBJ_ELF, OBJ_AARCH64);
    obj_emit_u32(&o, OBJ_SEC_TEXT, 0xd65f03c0);
    obj_align(&o, OBJ_SEC_TEXT, 16);
    ck_assert(memcmp(o.sec[OBJ_SEC_TEXT].data + 4,
                     "\x1f\x20\x03\xd5\x1f\x20\x03\xd5\x1f\x20\x03\xd5",
                     12) == 0);
    obj_free(&o);
}
END_TEST

int
main(void)
{
    Suite *s = suite_create("obj");
    TCase *tc = tcase_create("writers");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_obj_sym_table);
    tcase_add_test(tc, test_obj_align);
    tcase_add_test(tc, test_obj_write_deterministic);
    tcase_add_test(tc, test_obj_write_too_big);
    tcase_add_test(tc, test_obj_write_bad_reloc);
    tcase_add_test(tc, test_obj_elf_x64_run);
    tcase_add_test(tc, test_obj_elf_x64_matches_as);
    tcase_add_test(tc, test_obj_macho_x64);
    tcase_add_test(tc, test_obj_elf_a64_run);
    tcase_add_test(tc, test_obj_elf_a64_matches_as);
    tcase_add_test(tc, test_obj_macho_a64);
    tcase_add_test(tc, test_obj_macho_unwind_shapes);
    tcase_add_test(tc, test_obj_sections_and_section_refs);
    suite_add_tcase(s, tc);
    return ck_main(s);
}
