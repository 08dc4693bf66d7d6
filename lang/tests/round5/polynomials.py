# Reference: dense coefficient lists (index = exponent).
def norm(c):
    c = list(c)
    while c and c[-1] == 0: c.pop()
    return c
def frm(pairs):
    n = max([e for e, _ in pairs], default=-1) + 1
    c = [0] * n
    for e, k in pairs: c[e] += k
    return norm(c)
def add(a, b):
    n = max(len(a), len(b))
    return norm([(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)])
def mul(a, b):
    if not a or not b: return []
    c = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b): c[i + j] += x * y
    return norm(c)
def der(a): return norm([i * a[i] for i in range(1, len(a))])
def ev(a, x): return sum(k * x ** i for i, k in enumerate(a))
def show(a):
    parts = [(e, a[e]) for e in range(len(a) - 1, -1, -1) if a[e] != 0]
    if not parts: return "0"
    s = ""
    for i, (e, c) in enumerate(parts):
        if i == 0: s += "-" if c < 0 else ""
        else: s += " - " if c < 0 else " + "
        m = abs(c)
        s += ("" if m == 1 and e != 0 else str(m)) + ("" if e == 0 else "x" if e == 1 else f"x^{e}")
    return s
p = frm([(2, 3), (0, -5), (1, 1), (2, -1)]); q = frm([(1, 1), (0, -1)]); r = frm([(3, -1), (10, 2), (0, 7)])
print(f"p = {show(p)}"); print(f"q = {show(q)}"); print(f"r = {show(r)}")
print(f"p + q = {show(add(p, q))}")
print(f"p * q = {show(mul(p, q))}")
print(f"q * q * q = {show(mul(mul(q, q), q))}")
print(f"r' = {show(der(r))}")
print(f"r'' = {show(der(der(r)))}")
neg = frm([(2, -2), (1, -1), (0, 1)])
print(f"p + neg = {show(add(p, neg))}")
print(f"q - q = {show(add(q, mul(q, frm([(0, -1)]))))}")
for x in [-2, 0, 1, 3]:
    print(f"x={x}: p={ev(p, x)} q={ev(q, x)} p*q={ev(mul(p, q), x)} r={ev(r, x)}")
