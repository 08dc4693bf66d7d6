#!/usr/bin/env python3
"""Expected output of lang/tests/stdlib/math_special_values.pith from Python's
math module, which follows C's Annex F: run it and compare with the .stdout.
Python raises where C returns a value (0 to a negative power, overflow);
those cases are spelled out here as C defines them."""
import math
import struct

inf, nan = math.inf, math.nan


def pow_c(x, y):
    if x == 0 and y < 0:
        odd = y == int(y) and int(y) % 2 == 1
        return math.copysign(inf, x) if odd else inf
    try:
        return math.pow(x, y)
    except OverflowError:
        odd = y == int(y) and int(y) % 2 == 1
        return -inf if x < 0 and odd else inf
    except ValueError:
        return nan


def show(label, x):
    print(f"{label} {'NaN' if math.isnan(x) else struct.unpack('<q', struct.pack('<d', x))[0]}")


rows = [
    ("pow(nan, 0)", pow_c(nan, 0.0)), ("pow(1, nan)", pow_c(1.0, nan)), ("pow(-1, inf)", pow_c(-1.0, inf)),
    ("pow(0.5, inf)", pow_c(0.5, inf)), ("pow(0.5, -inf)", pow_c(0.5, -inf)), ("pow(2, -inf)", pow_c(2.0, -inf)),
    ("pow(-0, 3)", pow_c(-0.0, 3.0)), ("pow(-0, -3)", pow_c(-0.0, -3.0)),
    ("pow(-0, 2)", pow_c(-0.0, 2.0)), ("pow(-0, -2)", pow_c(-0.0, -2.0)),
    ("pow(-inf, 3)", pow_c(-inf, 3.0)), ("pow(-inf, -3)", pow_c(-inf, -3.0)), ("pow(-inf, 2)", pow_c(-inf, 2.0)),
    ("pow(-8, 1/3)", pow_c(-8.0, 1.0 / 3.0)), ("pow(-2, 1e300)", pow_c(-2.0, 1e300)),
    ("pow(-0.5, 1e300)", pow_c(-0.5, 1e300)), ("pow(10, 400)", pow_c(10.0, 400.0)),
    ("pow(-10, 401)", pow_c(-10.0, 401.0)),
    ("atan2(0, -0)", math.atan2(0.0, -0.0)), ("atan2(-0, -0)", math.atan2(-0.0, -0.0)),
    ("atan2(-0, 0)", math.atan2(-0.0, 0.0)), ("atan2(-0, -1)", math.atan2(-0.0, -1.0)),
    ("atan2(-1, 0)", math.atan2(-1.0, 0.0)), ("atan2(inf, inf)", math.atan2(inf, inf)),
    ("atan2(-inf, -inf)", math.atan2(-inf, -inf)), ("atan2(1, -inf)", math.atan2(1.0, -inf)),
    ("atan2(-1, inf)", math.atan2(-1.0, inf)), ("atan2(1e-300, -1e300)", math.atan2(1e-300, -1e300)),
    ("hypot(inf, nan)", math.hypot(inf, nan)), ("hypot(-0, 0)", math.hypot(-0.0, 0.0)),
    ("hypot(1e308, 1e308)", math.hypot(1e308, 1e308)),
    ("sin(-0)", math.sin(-0.0)), ("tan(-0)", math.tan(-0.0)), ("atan(-0)", math.atan(-0.0)),
    ("atan(-inf)", math.atan(-inf)), ("cos(inf)", nan), ("sin(-inf)", nan),
    ("exp(-inf)", math.exp(-inf)), ("exp(inf)", math.exp(inf)),
    ("ln(-0)", -inf), ("log2(inf)", math.log2(inf)), ("log10(0)", -inf),
]
for label, value in rows:
    show(label, value)
