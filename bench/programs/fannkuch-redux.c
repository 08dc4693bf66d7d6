// Fannkuch-redux for n = 10, five times over: count pancake flips over all
// permutations.
#include <stdint.h>
#include <stdio.h>

static void fannkuch(int64_t n, int64_t *checksum_out, int64_t *flips_out) {
  int64_t perm1[32], perm[32], count[32];
  for (int64_t i = 0; i < n; i++) perm1[i] = i;
  int64_t r = n, max_flips = 0, checksum = 0, perm_count = 0;
  for (;;) {
    while (r != 1) {
      count[r - 1] = r;
      r--;
    }
    for (int64_t i = 0; i < n; i++) perm[i] = perm1[i];
    int64_t flips = 0;
    int64_t k = perm[0];
    while (k != 0) {
      for (int64_t lo = 0, hi = k; lo < hi; lo++, hi--) {
        int64_t t = perm[lo];
        perm[lo] = perm[hi];
        perm[hi] = t;
      }
      flips++;
      k = perm[0];
    }
    if (flips > max_flips) max_flips = flips;
    checksum += perm_count % 2 == 0 ? flips : -flips;
    for (;;) {
      if (r == n) {
        *checksum_out = checksum;
        *flips_out = max_flips;
        return;
      }
      int64_t perm0 = perm1[0];
      for (int64_t i = 0; i < r; i++) perm1[i] = perm1[i + 1];
      perm1[r] = perm0;
      count[r]--;
      if (count[r] > 0) break;
      r++;
    }
    perm_count++;
  }
}

int main(void) {
  int64_t checksum, flips;
  for (int round = 0; round < 5; round++) fannkuch(10, &checksum, &flips);
  printf("%lld\nPfannkuchen(10) = %lld\n", (long long)checksum, (long long)flips);
  return 0;
}
