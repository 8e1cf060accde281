#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>
static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)
static char buf[64];
typedef struct { int32_t m0; int32_t m1; } S0;
S0 s0_inc(S0);
S0 s0_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S0);
S0 s0_callc(S0);
static S0 ref0(S0 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; return r; }
S0 c_s0_inc(S0 s) { return ref0(s); }
S0 c_s0_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S0 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref0(s); }
static int eq0(S0 x, S0 y) { return x.m0 == y.m0 && x.m1 == y.m1; }
static void test0(void) {
  S0 s = {-123456 + 0, -123456 + 1};
  CHECK(eq0(s0_inc(s), ref0(s)));
  CHECK(eq0(s0_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref0(s)));
  CHECK(eq0(s0_callc(s), ref0(ref0(s))));
}
typedef struct { int64_t m0; int64_t m1; } S1;
S1 s1_inc(S1);
S1 s1_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S1);
S1 s1_callc(S1);
static S1 ref1(S1 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; return r; }
S1 c_s1_inc(S1 s) { return ref1(s); }
S1 c_s1_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S1 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref1(s); }
static int eq1(S1 x, S1 y) { return x.m0 == y.m0 && x.m1 == y.m1; }
static void test1(void) {
  S1 s = {0x123456789aLL + 0, 0x123456789aLL + 1};
  CHECK(eq1(s1_inc(s), ref1(s)));
  CHECK(eq1(s1_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref1(s)));
  CHECK(eq1(s1_callc(s), ref1(ref1(s))));
}
typedef struct { double m0; double m1; } S2;
S2 s2_inc(S2);
S2 s2_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S2);
S2 s2_callc(S2);
static S2 ref2(S2 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; return r; }
S2 c_s2_inc(S2 s) { return ref2(s); }
S2 c_s2_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S2 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref2(s); }
static int eq2(S2 x, S2 y) { return x.m0 == y.m0 && x.m1 == y.m1; }
static void test2(void) {
  S2 s = {-2.5 + 0, -2.5 + 1};
  CHECK(eq2(s2_inc(s), ref2(s)));
  CHECK(eq2(s2_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref2(s)));
  CHECK(eq2(s2_callc(s), ref2(ref2(s))));
}
typedef struct { float m0; float m1; float m2; } S3;
S3 s3_inc(S3);
S3 s3_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S3);
S3 s3_callc(S3);
static S3 ref3(S3 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; r.m2 = r.m2 + 1; return r; }
S3 c_s3_inc(S3 s) { return ref3(s); }
S3 c_s3_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S3 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref3(s); }
static int eq3(S3 x, S3 y) { return x.m0 == y.m0 && x.m1 == y.m1 && x.m2 == y.m2; }
static void test3(void) {
  S3 s = {1.25f + 0, 1.25f + 1, 1.25f + 2};
  CHECK(eq3(s3_inc(s), ref3(s)));
  CHECK(eq3(s3_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref3(s)));
  CHECK(eq3(s3_callc(s), ref3(ref3(s))));
}
typedef struct { int8_t m0; float m1; } S4;
S4 s4_inc(S4);
S4 s4_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S4);
S4 s4_callc(S4);
static S4 ref4(S4 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; return r; }
S4 c_s4_inc(S4 s) { return ref4(s); }
S4 c_s4_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S4 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref4(s); }
static int eq4(S4 x, S4 y) { return x.m0 == y.m0 && x.m1 == y.m1; }
static void test4(void) {
  S4 s = {-3 + 0, 1.25f + 1};
  CHECK(eq4(s4_inc(s), ref4(s)));
  CHECK(eq4(s4_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref4(s)));
  CHECK(eq4(s4_callc(s), ref4(ref4(s))));
}
typedef struct { double m0; int64_t m1; } S5;
S5 s5_inc(S5);
S5 s5_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S5);
S5 s5_callc(S5);
static S5 ref5(S5 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; return r; }
S5 c_s5_inc(S5 s) { return ref5(s); }
S5 c_s5_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S5 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref5(s); }
static int eq5(S5 x, S5 y) { return x.m0 == y.m0 && x.m1 == y.m1; }
static void test5(void) {
  S5 s = {-2.5 + 0, 0x123456789aLL + 1};
  CHECK(eq5(s5_inc(s), ref5(s)));
  CHECK(eq5(s5_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref5(s)));
  CHECK(eq5(s5_callc(s), ref5(ref5(s))));
}
typedef struct { int64_t m0; int64_t m1; int64_t m2; } S6;
S6 s6_inc(S6);
S6 s6_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S6);
S6 s6_callc(S6);
static S6 ref6(S6 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; r.m2 = r.m2 + 1; return r; }
S6 c_s6_inc(S6 s) { return ref6(s); }
S6 c_s6_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S6 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref6(s); }
static int eq6(S6 x, S6 y) { return x.m0 == y.m0 && x.m1 == y.m1 && x.m2 == y.m2; }
static void test6(void) {
  S6 s = {0x123456789aLL + 0, 0x123456789aLL + 1, 0x123456789aLL + 2};
  CHECK(eq6(s6_inc(s), ref6(s)));
  CHECK(eq6(s6_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref6(s)));
  CHECK(eq6(s6_callc(s), ref6(ref6(s))));
}
typedef struct { int16_t m0; int8_t m1; bool m2; } S7;
S7 s7_inc(S7);
S7 s7_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S7);
S7 s7_callc(S7);
static S7 ref7(S7 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; r.m2 = !r.m2; return r; }
S7 c_s7_inc(S7 s) { return ref7(s); }
S7 c_s7_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S7 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref7(s); }
static int eq7(S7 x, S7 y) { return x.m0 == y.m0 && x.m1 == y.m1 && x.m2 == y.m2; }
static void test7(void) {
  S7 s = {-1234 + 0, -3 + 1, true};
  CHECK(eq7(s7_inc(s), ref7(s)));
  CHECK(eq7(s7_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref7(s)));
  CHECK(eq7(s7_callc(s), ref7(ref7(s))));
}
typedef struct { float m0; float m1; int32_t m2; float m3; } S8;
S8 s8_inc(S8);
S8 s8_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S8);
S8 s8_callc(S8);
static S8 ref8(S8 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; r.m2 = r.m2 + 1; r.m3 = r.m3 + 1; return r; }
S8 c_s8_inc(S8 s) { return ref8(s); }
S8 c_s8_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S8 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref8(s); }
static int eq8(S8 x, S8 y) { return x.m0 == y.m0 && x.m1 == y.m1 && x.m2 == y.m2 && x.m3 == y.m3; }
static void test8(void) {
  S8 s = {1.25f + 0, 1.25f + 1, -123456 + 2, 1.25f + 3};
  CHECK(eq8(s8_inc(s), ref8(s)));
  CHECK(eq8(s8_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref8(s)));
  CHECK(eq8(s8_callc(s), ref8(ref8(s))));
}
typedef struct { char * m0; double m1; } S9;
S9 s9_inc(S9);
S9 s9_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S9);
S9 s9_callc(S9);
static S9 ref9(S9 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; return r; }
S9 c_s9_inc(S9 s) { return ref9(s); }
S9 c_s9_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S9 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref9(s); }
static int eq9(S9 x, S9 y) { return x.m0 == y.m0 && x.m1 == y.m1; }
static void test9(void) {
  S9 s = {buf + 3 + 0, -2.5 + 1};
  CHECK(eq9(s9_inc(s), ref9(s)));
  CHECK(eq9(s9_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref9(s)));
  CHECK(eq9(s9_callc(s), ref9(ref9(s))));
}
typedef struct { int8_t m0; } S10;
S10 s10_inc(S10);
S10 s10_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S10);
S10 s10_callc(S10);
static S10 ref10(S10 r) { r.m0 = r.m0 + 1; return r; }
S10 c_s10_inc(S10 s) { return ref10(s); }
S10 c_s10_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S10 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref10(s); }
static int eq10(S10 x, S10 y) { return x.m0 == y.m0; }
static void test10(void) {
  S10 s = {-3 + 0};
  CHECK(eq10(s10_inc(s), ref10(s)));
  CHECK(eq10(s10_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref10(s)));
  CHECK(eq10(s10_callc(s), ref10(ref10(s))));
}
typedef struct { float m0; } S11;
S11 s11_inc(S11);
S11 s11_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S11);
S11 s11_callc(S11);
static S11 ref11(S11 r) { r.m0 = r.m0 + 1; return r; }
S11 c_s11_inc(S11 s) { return ref11(s); }
S11 c_s11_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S11 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref11(s); }
static int eq11(S11 x, S11 y) { return x.m0 == y.m0; }
static void test11(void) {
  S11 s = {1.25f + 0};
  CHECK(eq11(s11_inc(s), ref11(s)));
  CHECK(eq11(s11_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref11(s)));
  CHECK(eq11(s11_callc(s), ref11(ref11(s))));
}
typedef struct { double m0; double m1; double m2; double m3; } S12;
S12 s12_inc(S12);
S12 s12_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S12);
S12 s12_callc(S12);
static S12 ref12(S12 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; r.m2 = r.m2 + 1; r.m3 = r.m3 + 1; return r; }
S12 c_s12_inc(S12 s) { return ref12(s); }
S12 c_s12_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S12 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref12(s); }
static int eq12(S12 x, S12 y) { return x.m0 == y.m0 && x.m1 == y.m1 && x.m2 == y.m2 && x.m3 == y.m3; }
static void test12(void) {
  S12 s = {-2.5 + 0, -2.5 + 1, -2.5 + 2, -2.5 + 3};
  CHECK(eq12(s12_inc(s), ref12(s)));
  CHECK(eq12(s12_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref12(s)));
  CHECK(eq12(s12_callc(s), ref12(ref12(s))));
}
typedef struct { int32_t m0; double m1; int8_t m2; } S13;
S13 s13_inc(S13);
S13 s13_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S13);
S13 s13_callc(S13);
static S13 ref13(S13 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; r.m2 = r.m2 + 1; return r; }
S13 c_s13_inc(S13 s) { return ref13(s); }
S13 c_s13_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S13 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref13(s); }
static int eq13(S13 x, S13 y) { return x.m0 == y.m0 && x.m1 == y.m1 && x.m2 == y.m2; }
static void test13(void) {
  S13 s = {-123456 + 0, -2.5 + 1, -3 + 2};
  CHECK(eq13(s13_inc(s), ref13(s)));
  CHECK(eq13(s13_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref13(s)));
  CHECK(eq13(s13_callc(s), ref13(ref13(s))));
}
typedef struct { float m0; int64_t m1; } S14;
S14 s14_inc(S14);
S14 s14_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S14);
S14 s14_callc(S14);
static S14 ref14(S14 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; return r; }
S14 c_s14_inc(S14 s) { return ref14(s); }
S14 c_s14_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S14 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref14(s); }
static int eq14(S14 x, S14 y) { return x.m0 == y.m0 && x.m1 == y.m1; }
static void test14(void) {
  S14 s = {1.25f + 0, 0x123456789aLL + 1};
  CHECK(eq14(s14_inc(s), ref14(s)));
  CHECK(eq14(s14_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref14(s)));
  CHECK(eq14(s14_callc(s), ref14(ref14(s))));
}
typedef struct { int8_t m0; int8_t m1; int8_t m2; int8_t m3; int8_t m4; int8_t m5; int8_t m6; int8_t m7; int8_t m8; } S15;
S15 s15_inc(S15);
S15 s15_late(int64_t, int64_t, int64_t, int64_t, int64_t, double, double, double, double, double, double, double, S15);
S15 s15_callc(S15);
static S15 ref15(S15 r) { r.m0 = r.m0 + 1; r.m1 = r.m1 + 1; r.m2 = r.m2 + 1; r.m3 = r.m3 + 1; r.m4 = r.m4 + 1; r.m5 = r.m5 + 1; r.m6 = r.m6 + 1; r.m7 = r.m7 + 1; r.m8 = r.m8 + 1; return r; }
S15 c_s15_inc(S15 s) { return ref15(s); }
S15 c_s15_late(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e, double f, double g, double h, double i, double j, double k, double l, S15 s) { CHECK(!a && !b && !c && !d && !e && !f && !g && !h && !i && !j && !k && !l); return ref15(s); }
static int eq15(S15 x, S15 y) { return x.m0 == y.m0 && x.m1 == y.m1 && x.m2 == y.m2 && x.m3 == y.m3 && x.m4 == y.m4 && x.m5 == y.m5 && x.m6 == y.m6 && x.m7 == y.m7 && x.m8 == y.m8; }
static void test15(void) {
  S15 s = {-3 + 0, -3 + 1, -3 + 2, -3 + 3, -3 + 4, -3 + 5, -3 + 6, -3 + 7, -3 + 8};
  CHECK(eq15(s15_inc(s), ref15(s)));
  CHECK(eq15(s15_late(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 7, s), ref15(s)));
  CHECK(eq15(s15_callc(s), ref15(ref15(s))));
}
int main(void) {
  test0();
  test1();
  test2();
  test3();
  test4();
  test5();
  test6();
  test7();
  test8();
  test9();
  test10();
  test11();
  test12();
  test13();
  test14();
  test15();
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
