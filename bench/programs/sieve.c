// Sieve of Eratosthenes up to five million, repeated twenty times.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int64_t sieve(int64_t limit) {
  char *composite = calloc((size_t)limit + 1, 1);
  int64_t count = 0;
  for (int64_t i = 2; i <= limit; i++) {
    if (!composite[i]) {
      count++;
      for (int64_t m = i * i; m <= limit; m += i) composite[m] = 1;
    }
  }
  free(composite);
  return count;
}

int main(void) {
  int64_t total = 0, last = 0;
  for (int round = 0; round < 20; round++) {
    last = sieve(5000000);
    total += last;
  }
  printf("%lld\n%lld\n", (long long)last, (long long)total);
  return 0;
}
