import math

def js(v):
    # Pith prints floats like JavaScript: integral values without ".0".
    if v == int(v) and abs(v) < 1e21:
        return str(int(v)) if not (v == 0 and math.copysign(1, v) < 0) else "-0"
    return repr(v)

def c_round(x):
    # C's round(): halves away from zero, from the exact fraction.
    t = float(math.trunc(x)) if abs(x) < 2**52 else x
    f = x - t
    r = t + 1.0 if f >= 0.5 else t - 1.0 if f <= -0.5 else t
    return math.copysign(r, x) if r == 0 else r

print("n".ljust(4) + "sqrt".rjust(10) + "cube".rjust(12) + "1/n".rjust(14))
for n in range(1, 13):
    x = float(n)
    print(str(n).ljust(4) + ("%.4f" % math.sqrt(x)).rjust(10) + ("%.1f" % (x * x * x)).rjust(12) + ("%.3e" % (1.0 / x)).rjust(14))
for v in [0.125, 0.375, 2.5, 1e-7, 123456.789, -0.0005]:
    print(f"{'%.2f' % v} {'%.2e' % v} {js(c_round(v * 100.0) / 100.0)}")
