// glibc's libm on the jobs of math.pith, same inputs, same output format.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double *inputs(long n, double lo, double hi, long long seed) {
  double *xs = malloc(sizeof(double) * n);
  long long r = seed;
  for (long i = 0; i < n; i++) {
    r = (r * 1664525 + 1013904223) % 4294967296LL;
    xs[i] = lo + (hi - lo) * ((double)r / 4294967296.0);
  }
  return xs;
}

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void report(const char *name, long n, long long started, double sum) {
  printf("%s %.2f %.17g\n", name, (double)(now_ns() - started) / (double)n, sum);
}

#define LOOP1(name, f, xs) do { long long t = now_ns(); double s = 0; \
  for (long i = 0; i < n; i++) s += f(xs[i]); report(name, n, t, s); } while (0)
#define LOOP2(name, f, a, b) do { long long t = now_ns(); double s = 0; \
  for (long i = 0; i < n; i++) s += f(a[i], b[i]); report(name, n, t, s); } while (0)

int main(void) {
  long n = 200000;
  if (scanf("%ld", &n) != 1) n = 200000;
  double *trig = inputs(n, -10.0, 10.0, 1), *huge = inputs(n, -1.0e6, 1.0e6, 2);
  double *pos = inputs(n, 0.001, 1000.0, 3), *small = inputs(n, -20.0, 20.0, 4);
  double *base = inputs(n, 0.01, 10.0, 5), *expo = inputs(n, -8.0, 8.0, 6);
  LOOP1("sin", sin, trig);
  LOOP1("sin_1e6", sin, huge);
  LOOP1("cos", cos, trig);
  LOOP1("tan", tan, trig);
  LOOP1("exp", exp, small);
  LOOP1("log", log, pos);
  LOOP2("pow", pow, base, expo);
  LOOP1("atan", atan, trig);
  LOOP2("atan2", atan2, trig, small);
  LOOP1("sqrt", sqrt, pos);
  return 0;
}
