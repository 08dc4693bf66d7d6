// Spectral norm of the infinite matrix A(i, j) = 1 / ((i+j)(i+j+1)/2 + i + 1),
// by ten rounds of the power method on a 3000 x 3000 section.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static double a(int64_t i, int64_t j) { return 1.0 / (double)((i + j) * (i + j + 1) / 2 + i + 1); }

static void mul_av(const double *v, double *out, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    double s = 0;
    for (int64_t j = 0; j < n; j++) s += a(i, j) * v[j];
    out[i] = s;
  }
}

static void mul_atv(const double *v, double *out, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    double s = 0;
    for (int64_t j = 0; j < n; j++) s += a(j, i) * v[j];
    out[i] = s;
  }
}

static void mul_atav(const double *v, double *out, double *tmp, int64_t n) {
  mul_av(v, tmp, n);
  mul_atv(tmp, out, n);
}

int main(void) {
  const int64_t n = 3000;
  double *u = malloc(n * sizeof(double)), *v = malloc(n * sizeof(double)), *tmp = malloc(n * sizeof(double));
  for (int64_t i = 0; i < n; i++) u[i] = 1.0;
  for (int k = 0; k < 10; k++) {
    mul_atav(u, v, tmp, n);
    mul_atav(v, u, tmp, n);
  }
  double vbv = 0, vv = 0;
  for (int64_t i = 0; i < n; i++) {
    vbv += u[i] * v[i];
    vv += v[i] * v[i];
  }
  printf("%lld\n", (long long)(sqrt(vbv / vv) * 1e9));
  free(u);
  free(v);
  free(tmp);
  return 0;
}
