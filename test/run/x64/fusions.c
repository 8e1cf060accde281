#include <stdint.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); fails++; } } while (0)
int8_t lea_i8_1(int8_t, int8_t);
int8_t lea2_i8_1(int8_t, int8_t);
int8_t lea_i8_2(int8_t, int8_t);
int8_t lea2_i8_2(int8_t, int8_t);
int8_t lea_i8_3(int8_t, int8_t);
int8_t lea2_i8_3(int8_t, int8_t);
int16_t lea_i16_1(int16_t, int16_t);
int16_t lea2_i16_1(int16_t, int16_t);
int16_t lea_i16_2(int16_t, int16_t);
int16_t lea2_i16_2(int16_t, int16_t);
int16_t lea_i16_3(int16_t, int16_t);
int16_t lea2_i16_3(int16_t, int16_t);
int32_t lea_i32_1(int32_t, int32_t);
int32_t lea2_i32_1(int32_t, int32_t);
int32_t lea_i32_2(int32_t, int32_t);
int32_t lea2_i32_2(int32_t, int32_t);
int32_t lea_i32_3(int32_t, int32_t);
int32_t lea2_i32_3(int32_t, int32_t);
int64_t lea_i64_1(int64_t, int64_t);
int64_t lea2_i64_1(int64_t, int64_t);
int64_t lea_i64_2(int64_t, int64_t);
int64_t lea2_i64_2(int64_t, int64_t);
int64_t lea_i64_3(int64_t, int64_t);
int64_t lea2_i64_3(int64_t, int64_t);
int main(void) {
  static const int64_t v[] = {0, 1, -1, 77, -128, 127, 300, -40000, 0x7fffffff, 0x123456789LL, INT64_MIN};
  for (int i = 0; i < 11; i++) for (int j = 0; j < 11; j++) {
    { int8_t a = (int8_t)v[i], b = (int8_t)v[j]; uint8_t s = (uint8_t)((uint8_t)b << 1);
      CHECK(lea_i8_1(a, b) == (int8_t)((uint8_t)a + s));
      CHECK(lea2_i8_1(a, b) == (int8_t)((uint8_t)a + s + s)); }
    { int8_t a = (int8_t)v[i], b = (int8_t)v[j]; uint8_t s = (uint8_t)((uint8_t)b << 2);
      CHECK(lea_i8_2(a, b) == (int8_t)((uint8_t)a + s));
      CHECK(lea2_i8_2(a, b) == (int8_t)((uint8_t)a + s + s)); }
    { int8_t a = (int8_t)v[i], b = (int8_t)v[j]; uint8_t s = (uint8_t)((uint8_t)b << 3);
      CHECK(lea_i8_3(a, b) == (int8_t)((uint8_t)a + s));
      CHECK(lea2_i8_3(a, b) == (int8_t)((uint8_t)a + s + s)); }
    { int16_t a = (int16_t)v[i], b = (int16_t)v[j]; uint16_t s = (uint16_t)((uint16_t)b << 1);
      CHECK(lea_i16_1(a, b) == (int16_t)((uint16_t)a + s));
      CHECK(lea2_i16_1(a, b) == (int16_t)((uint16_t)a + s + s)); }
    { int16_t a = (int16_t)v[i], b = (int16_t)v[j]; uint16_t s = (uint16_t)((uint16_t)b << 2);
      CHECK(lea_i16_2(a, b) == (int16_t)((uint16_t)a + s));
      CHECK(lea2_i16_2(a, b) == (int16_t)((uint16_t)a + s + s)); }
    { int16_t a = (int16_t)v[i], b = (int16_t)v[j]; uint16_t s = (uint16_t)((uint16_t)b << 3);
      CHECK(lea_i16_3(a, b) == (int16_t)((uint16_t)a + s));
      CHECK(lea2_i16_3(a, b) == (int16_t)((uint16_t)a + s + s)); }
    { int32_t a = (int32_t)v[i], b = (int32_t)v[j]; uint32_t s = (uint32_t)((uint32_t)b << 1);
      CHECK(lea_i32_1(a, b) == (int32_t)((uint32_t)a + s));
      CHECK(lea2_i32_1(a, b) == (int32_t)((uint32_t)a + s + s)); }
    { int32_t a = (int32_t)v[i], b = (int32_t)v[j]; uint32_t s = (uint32_t)((uint32_t)b << 2);
      CHECK(lea_i32_2(a, b) == (int32_t)((uint32_t)a + s));
      CHECK(lea2_i32_2(a, b) == (int32_t)((uint32_t)a + s + s)); }
    { int32_t a = (int32_t)v[i], b = (int32_t)v[j]; uint32_t s = (uint32_t)((uint32_t)b << 3);
      CHECK(lea_i32_3(a, b) == (int32_t)((uint32_t)a + s));
      CHECK(lea2_i32_3(a, b) == (int32_t)((uint32_t)a + s + s)); }
    { int64_t a = (int64_t)v[i], b = (int64_t)v[j]; uint64_t s = (uint64_t)((uint64_t)b << 1);
      CHECK(lea_i64_1(a, b) == (int64_t)((uint64_t)a + s));
      CHECK(lea2_i64_1(a, b) == (int64_t)((uint64_t)a + s + s)); }
    { int64_t a = (int64_t)v[i], b = (int64_t)v[j]; uint64_t s = (uint64_t)((uint64_t)b << 2);
      CHECK(lea_i64_2(a, b) == (int64_t)((uint64_t)a + s));
      CHECK(lea2_i64_2(a, b) == (int64_t)((uint64_t)a + s + s)); }
    { int64_t a = (int64_t)v[i], b = (int64_t)v[j]; uint64_t s = (uint64_t)((uint64_t)b << 3);
      CHECK(lea_i64_3(a, b) == (int64_t)((uint64_t)a + s));
      CHECK(lea2_i64_3(a, b) == (int64_t)((uint64_t)a + s + s)); }
  }
  if (fails) printf("%d failures\n", fails);
  return fails != 0;
}
