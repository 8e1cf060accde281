#include <stdio.h>
int sum(int);
int marks;
void mark(int x) { marks += x; }
int main(void) { int r = sum(5); printf("%d %d\n", r, marks); return r != 10; }
