#!/usr/bin/env python3
"""Correctly rounded references for std.math, from mpmath at high precision.

Reads lines "<function> <arg bits> [<arg bits>]" (each argument the signed
64-bit IEEE 754 pattern in decimal, as math.bits prints it) and writes one
line per input: the bits of the true result rounded to the nearest double.
The accuracy test compares Pith's results with these in ulps, so the measure
is the distance from the exact value, not from another libm.
"""
import struct
import sys

try:
    import mpmath
    from mpmath import mp, mpf
except ImportError:
    sys.exit("reference.py needs mpmath: apt-get install python3-mpmath (scripts/bootstrap.sh test installs it)")

# 300 bits leave a wide margin over the 53 that are kept; mpmath raises its
# working precision on its own for trigonometric reduction of huge arguments.
mp.prec = 300

MIN_NORMAL = mpf(2) ** -1022
MAX_ROUNDS_FINITE = (mpf(2) - mpf(2) ** -53) * mpf(2) ** 1023


def from_bits(b):
    return struct.unpack("<d", struct.pack("<q", b))[0]


def to_bits(x):
    return struct.unpack("<q", struct.pack("<d", x))[0]


def nearest_double(v):
    """The double nearest to v (ties to even), subnormals and overflow included."""
    if v == 0:
        return 0.0
    if abs(v) >= MAX_ROUNDS_FINITE:
        return float("inf") if v > 0 else float("-inf")
    if abs(v) < MIN_NORMAL:
        # Fixed spacing 2^-1074: round the scaled value to an integer once.
        n = mpmath.nint(v * mpf(2) ** 1074)
        return float(mpf(n) * mpf(2) ** -1074)
    with mp.workprec(53):
        return float(+v)


def log_base(x, base):
    return mpmath.log(x) / mpmath.log(base)


FUNCTIONS = {
    "sin": lambda x: mpmath.sin(x),
    "cos": lambda x: mpmath.cos(x),
    "tan": lambda x: mpmath.tan(x),
    "exp": lambda x: mpmath.exp(x),
    "ln": lambda x: mpmath.log(x),
    "log2": lambda x: log_base(x, 2),
    "log10": lambda x: log_base(x, 10),
    "atan": lambda x: mpmath.atan(x),
    "atan2": lambda y, x: mpmath.atan2(y, x),
    "pow": lambda x, y: mpmath.power(x, y),
    "hypot": lambda a, b: mpmath.sqrt(a * a + b * b),
    "sqrt": lambda x: mpmath.sqrt(x),
}


def main():
    out = []
    for line in sys.stdin:
        parts = line.split()
        if not parts:
            continue
        name, args = parts[0], [mpf(from_bits(int(p))) for p in parts[1:]]
        if name not in FUNCTIONS:
            sys.exit(f"reference.py: unknown function {name!r} in line {line.strip()!r}")
        value = FUNCTIONS[name](*args)
        if isinstance(value, mpmath.mpc):
            sys.exit(f"reference.py: {name} of {parts[1:]} is not real")
        out.append(str(to_bits(nearest_double(value))))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
