#include <stdio.h>
int outer(int);
int seen;
void stop(int x) { seen = x; }
int main(void) { int r = outer(20); printf("%d %d\n", r, seen); return !(r == 43 && seen == 41); }
