#!/usr/bin/env python3
"""Prints the constants that lang/stdlib/math.pith embeds, from mpmath.

  python3 lang/tests/math_accuracy/constants.py

- 2/π in 24-bit chunks, most significant first, for Payne–Hanek reduction
  (enough bits for an argument of 2^1023 plus 200 bits of fraction).
- π/2 as four pieces, the first three of 33 bits so that k·piece is exact for
  |k| < 2^20 (Cody–Waite), the last a full double.
- ln 2 as three pieces, the first two of 42 bits so that k·piece is exact
  for |k| < 2^11 (Cody–Waite, for exp_core), the last a full double.
- double-double (hi, lo) pairs of π/2, π, ln 2, 1/ln 2 and 1/ln 10.
"""
from mpmath import mp, mpf, floor, pi, log

mp.prec = 2000


def chunks_of_two_over_pi(count):
    v = 2 / pi
    out = []
    for _ in range(count):
        v *= 2**24
        c = int(floor(v))
        out.append(c)
        v -= c
    return out


def round_bits(v, bits):
    """v rounded to `bits` significant bits (as an exact double)."""
    with mp.workprec(bits):
        r = +v
    return float(r)


def dd(v):
    hi = float(v)
    return hi, float(v - mpf(hi))


def main():
    chunks = chunks_of_two_over_pi(56)
    print("2/pi chunks:", ", ".join(str(c) for c in chunks))
    rest = pi / 2
    pieces = []
    for bits in (33, 33, 33, 53):
        p = round_bits(rest, bits)
        pieces.append(p)
        rest -= mpf(p)
    print("pi/2 pieces:", ", ".join(repr(p) for p in pieces))
    rest = log(2)
    pieces = []
    for bits in (42, 42, 53):
        p = round_bits(rest, bits)
        pieces.append(p)
        rest -= mpf(p)
    print("ln2 pieces:", ", ".join(repr(p) for p in pieces))
    for name, v in (("pi/2", pi / 2), ("pi", pi), ("ln2", log(2)), ("1/ln2", 1 / log(2)), ("1/ln10", 1 / log(10))):
        hi, lo = dd(v)
        print(f"{name}: {hi!r}, {lo!r}")


if __name__ == "__main__":
    main()
