// Sorts 1M pseudo-random integers with qsort and prints a checksum.
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return (x > y) - (x < y);
}
int main(void) {
  long n = 1000000, x = 12345;
  long *xs = malloc(n * sizeof(long));
  for (long i = 0; i < n; i++) { x = (x * 1103515245 + 12345) % 2147483648; xs[i] = x; }
  qsort(xs, n, sizeof(long), cmp);
  long check = 0;
  for (long i = 0; i < n; i++) check = (check * 31 + xs[i]) % 1000000007;
  printf("%ld %ld %ld %ld\n", xs[0], xs[500000], xs[999999], check);
  return 0;
}
