// Mandelbrot set membership on a 3000 x 3000 grid, 50 iterations
// (the Benchmarks Game's mapping), printed as counts instead of a bitmap.
#include <stdint.h>
#include <stdio.h>

int main(void) {
  const int64_t n = 3000;
  int64_t inside = 0, weighted = 0;
  for (int64_t y = 0; y < n; y++) {
    double ci = 2.0 * (double)y / (double)n - 1.0;
    int64_t row = 0;
    for (int64_t x = 0; x < n; x++) {
      double cr = 2.0 * (double)x / (double)n - 1.5;
      double zr = 0, zi = 0, tr = 0, ti = 0;
      int i = 0;
      while (i < 50 && tr + ti <= 4.0) {
        zi = 2.0 * zr * zi + ci;
        zr = tr - ti + cr;
        tr = zr * zr;
        ti = zi * zi;
        i++;
      }
      if (tr + ti <= 4.0) row++;
    }
    inside += row;
    weighted += row * (y + 1);
  }
  printf("%lld\n%lld\n", (long long)inside, (long long)weighted);
  return 0;
}
