/* The few libm functions LLVM emits calls to for plain IR on some targets:
 * `frem` becomes fmod everywhere, and llvm.floor/ceil/trunc/round become
 * calls on baseline x86-64 (no SSE4.1). The static targets have no libm and
 * glibc keeps these in libm.so, so the shim defines them on every target:
 * one implementation, identical results everywhere. Exact (no rounding
 * error is possible in any of them), with IEEE special cases as in C99. */

typedef union {
  double d;
  u64 bits;
} pith_f64;

static const u64 SIGN_BIT = 1ull << 63;
static const u64 MANTISSA_BITS = (1ull << 52) - 1;

static int exponent_of(u64 bits) { return (int)((bits >> 52) & 0x7ff) - 1023; }

double trunc(double x) {
  pith_f64 v = {x};
  int e = exponent_of(v.bits);
  if (e >= 52) return x;                   /* already integral, inf or NaN */
  if (e < 0) v.bits &= SIGN_BIT;           /* |x| < 1: a signed zero */
  else v.bits &= ~(MANTISSA_BITS >> e);    /* drop the fraction bits */
  return v.d;
}

double floor(double x) {
  double t = trunc(x);
  return t > x ? t - 1.0 : t;
}

double ceil(double x) {
  double t = trunc(x);
  return t < x ? t + 1.0 : t;
}

/* Halfway cases away from zero, as C's round. */
double round(double x) {
  double t = trunc(x);
  double diff = x - t; /* exact: both share x's exponent range */
  if (diff >= 0.5) return t + 1.0;
  if (diff <= -0.5) return t - 1.0;
  return t;
}

/* x - n*y with n = trunc(x/y), computed exactly by binary long division on
 * the significands. */
double fmod(double x, double y) {
  pith_f64 ux = {x}, uy = {y};
  u64 sign = ux.bits & SIGN_BIT;
  u64 ax = ux.bits & ~SIGN_BIT, ay = uy.bits & ~SIGN_BIT;
  if (ay == 0 || ax >= 0x7ffull << 52 || ay > 0x7ffull << 52) return (x * y) / (x * y); /* NaN */
  if (ax < ay) return x;

  /* Significand with the implicit bit, and the exponent it goes with;
   * subnormals are normalised first. */
  int ex = (int)(ax >> 52), ey = (int)(ay >> 52);
  u64 mx, my;
  if (ex == 0) {
    for (mx = ax << 12, ex = 0; !(mx >> 63); mx <<= 1) ex--;
    mx >>= 11;
  } else {
    mx = (ax & MANTISSA_BITS) | (1ull << 52);
  }
  if (ey == 0) {
    for (my = ay << 12, ey = 0; !(my >> 63); my <<= 1) ey--;
    my >>= 11;
  } else {
    my = (ay & MANTISSA_BITS) | (1ull << 52);
  }

  for (; ex > ey; ex--) {
    if (mx >= my) mx -= my;
    mx <<= 1;
  }
  if (mx >= my) mx -= my;
  if (mx == 0) {
    pith_f64 zero = {.bits = sign};
    return zero.d;
  }
  for (; !(mx >> 52); mx <<= 1) ex--;

  pith_f64 r;
  if (ex > 0) {
    r.bits = ((u64)ex << 52) | (mx & MANTISSA_BITS);
  } else {
    r.bits = mx >> (1 - ex); /* subnormal result: exact, the low bits are zero */
  }
  r.bits |= sign;
  return r.d;
}
