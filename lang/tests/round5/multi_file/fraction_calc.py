import sys
from fractions import Fraction
def show(f): return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
def mixed(f):
    n, d = f.numerator, f.denominator
    whole = int(n / d)  # toward zero
    rest = n - whole * d
    if rest == 0 or whole == 0: return show(f)
    return f"{whole} {abs(rest)}/{d}"
class E(Exception): pass
def parse(s):
    parts = s.strip().split("/")
    def pi(t):
        try: return int(t)
        except ValueError:
            raise E(f"'{t}' is not an integer: unexpected '{t[0]}' at byte 0")
    n = pi(parts[0]); d = pi(parts[1]) if len(parts) > 1 else 1
    if d == 0: raise E(f"zero denominator in {n}/{d}")
    return Fraction(n, d)
for line in sys.stdin.read().splitlines():
    t = line.strip(); w = t.split()
    try:
        if len(w) != 3: raise E(f"expected 'a op b', got {len(w)} words")
        a = parse(w[0]); b = parse(w[2])
        if w[1] == "+": r = a + b
        elif w[1] == "-": r = a - b
        elif w[1] == "*": r = a * b
        elif w[1] == "/":
            if b == 0: raise E(f"division of {show(a)} by zero")
            r = a / b
        else: raise E(f"unknown operator '{w[1]}'")
        print(f"{t} = {show(r)} ({mixed(r)})")
    except E as e:
        print(f"{t}: error: {e}")
h = sum(Fraction(1, k) for k in range(1, 11))
print(f"H(10) = {show(h)} = {mixed(h)}")
fs = sorted([Fraction(n, d) for n, d in [(3, 4), (-1, 2), (5, 6), (2, 3), (7, -8), (0, 5), (9, 12)]])
print("sorted: " + " < ".join(show(f) for f in fs))
