#include <stdint.h>
#include <stdio.h>
static int fails;
int64_t c_id(int64_t x) { return x; }
double c_fid(double x) { return x; }
int64_t press(int64_t, int64_t);
double fpress(double, double);
int64_t lpress(int64_t);
static int64_t ref(int64_t a, int64_t b) {
  uint64_t v[24], w[24], c, acc;
  for (int i = 0; i < 24; i++) v[i] = (uint64_t)a * (uint64_t)(i * 7 + 1) + (uint64_t)b;
  c = v[0];
  for (int i = 0; i < 24; i++) w[i] = v[i] ^ c;
  acc = w[1];
  for (int i = 0; i < 24; i++) acc = (acc + w[i]) * v[i];
  return (int64_t)acc;
}
static double fref(double a, double b) {
  double v[24], k[24], acc;
  for (int i = 0; i < 24; i++) { k[i] = i + 0.5; v[i] = a * k[i] + b; }
  acc = v[0];
  for (int i = 0; i < 24; i++) acc = (acc + v[i]) * k[i];
  return acc;
}
static int64_t lref(int64_t n) {
  uint64_t p[16] = {0}, q[16];
  uint64_t i = n;
  while (i != 0) {
    for (int k = 0; k < 16; k++) q[k] = (p[(k + 1) % 16] + i) * (k + 1);
    for (int k = 0; k < 16; k++) p[k] = q[k];
    i = i - 1;
  }
  uint64_t acc = p[0];
  for (int k = 1; k < 16; k++) { acc = acc + p[k]; acc = acc * acc; }
  return (int64_t)acc;
}
int main(void) {
  for (int64_t a = -3; a < 4; a++) for (int64_t b = -100; b < 1000; b += 333) {
    if (press(a, b) != ref(a, b)) { printf("FAIL press(%lld, %lld)\n", (long long)a, (long long)b); fails++; }
    if (fpress(a * 0.5, b * 0.25) != fref(a * 0.5, b * 0.25)) { printf("FAIL fpress\n"); fails++; }
  }
  for (int64_t n = 0; n < 7; n++) if (lpress(n) != lref(n)) { printf("FAIL lpress(%lld)\n", (long long)n); fails++; }
  return fails != 0;
}
