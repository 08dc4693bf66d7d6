# Independent reference for float_format.pith. Python's %-formatting is C's
# printf; the default float printing is rebuilt from repr() following
# ECMAScript's Number::toString (negative zero printed as -0, as Pith does).
import math


def js(x):
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "-0" if math.copysign(1.0, x) < 0 else "0"
    sign = "-" if x < 0 else ""
    r = repr(abs(x))
    mant, _, e = r.partition("e")
    exp10 = int(e) if e else 0
    if "." in mant:
        ip, fp = mant.split(".")
    else:
        ip, fp = mant, ""
    digits = (ip + fp).lstrip("0")
    # position of the decimal point relative to the first significant digit
    point = len(ip.lstrip("0")) + exp10 if ip.strip("0") else exp10 - (len(fp) - len(fp.lstrip("0")))
    digits = digits.rstrip("0") or "0"
    k, n = len(digits), point
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    es = f"e+{e}" if e >= 0 else f"e-{-e}"
    if k == 1:
        return sign + digits + es
    return sign + digits[0] + "." + digits[1:] + es


values = [
    0.0, -0.0, 1.0, 0.1, 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0, 100.0, 1e21, 1e20,
    123456789012345680000.0, 1.5e-7, 0.000001, 0.0000001, 6.02214076e23, -2.5, 5e-324,
    1.7976931348623157e308, math.pi, math.e,
]
for v in values:
    print(f"{js(v)} | {'%.2f' % v} | {'%.3e' % v}")

line = ""
for t in [0.125, 0.375, 2.5, 3.5, 0.5, 1.5, 1.005, 2.675]:
    line += "%.2f" % t + " " + "%.0f" % t + "; "
print(line)
inf = float("inf")
print("%.3f %.3f %.3f" % (inf, -inf, float("nan")))
print("Infinity -Infinity NaN")
print("year".ljust(6) + "balance".rjust(14) + "interest".rjust(12))
balance = 1000.0
for year in range(1, 7):
    interest = balance * 0.035
    balance += interest
    print(str(year).ljust(6) + ("%.2f" % balance).rjust(14) + ("%.4f" % interest).rjust(12))
print(f"after 6 years: {js(balance)}")
print(f"rounded: {js(math.floor(balance * 100.0 + 0.5) / 100.0)}")
print("done".center(10) + "|")
