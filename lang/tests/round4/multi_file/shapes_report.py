# Reference: the same shapes measured with Python's math module; coordinates
# printed as JavaScript prints numbers (no ".0" on integral values).
import math

def js(x):
    return str(int(x)) if float(x).is_integer() else repr(x)

def poly_area(ps):
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(ps, ps[1:] + ps[:1]))) / 2

def poly_perim(ps):
    return sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(ps, ps[1:] + ps[:1]))

shapes = [
    (math.pi * 4, 4 * math.pi, "circle at (0, 0) r=2"),
    (3 * 2.5, 2 * (3 + 2.5), f"rect ({js(1.0)}, {js(1.0)})-({js(4.0)}, {js(3.5)})"),
    (poly_area([(0, 0), (4, 0), (0, 3)]), poly_perim([(0, 0), (4, 0), (0, 3)]), "polygon of 3 points"),
    (math.pi, 2 * math.pi, "circle at (-1, 2) r=1"),
    (poly_area([(0, 0), (2, 0), (2, 2), (0, 2)]), poly_perim([(0, 0), (2, 0), (2, 2), (0, 2)]), "polygon of 4 points"),
]
total = 0.0
for a, p, d in sorted(shapes, key=lambda s: s[0]):
    total += a
    print(f"{a:8.3f}  {p:8.3f}  {d}")
print(f"total area {total:.4f}")
