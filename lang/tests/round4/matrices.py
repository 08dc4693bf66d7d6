# Reference: fractions-based Gaussian elimination for determinants, plain
# nested lists for the rest.
from fractions import Fraction

def mul(a, b):
    return [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]

def power(a, e):
    r = [[int(i == j) for j in range(len(a))] for i in range(len(a))]
    for _ in range(e):
        r = mul(r, a)
    return r

def det(a):
    m = [[Fraction(x) for x in row] for row in a]
    n = len(m)
    d = Fraction(1)
    for k in range(n):
        piv = next((r for r in range(k, n) if m[r][k] != 0), None)
        if piv is None:
            return 0
        if piv != k:
            m[k], m[piv] = m[piv], m[k]
            d = -d
        d *= m[k][k]
        for i in range(k + 1, n):
            f = m[i][k] / m[k][k]
            for j in range(k, n):
                m[i][j] -= f * m[k][j]
    return int(d)

def show(m):
    for row in m:
        print(" ".join(str(x) for x in row))

a = [[2, -1, 0], [1, 3, 4], [0, 5, -2]]
b = [[1, 2], [0, 1], [4, -3]]
print("a * b:"); show(mul(a, b))
print("transpose(b):"); show([list(r) for r in zip(*b)])
print("fib matrix ^ 40:"); show(power([[1, 1], [1, 0]], 40))
print(f"det(a) = {det(a)}")
print(f"det(a^3) = {det(power(a, 3))}")
c = [[0, 2, 1, 3], [1, 0, 2, 1], [3, 1, 0, 2], [2, 3, 1, 0]]
print(f"det(c) = {det(c)}")
print(f"det(singular) = {det([[1, 2, 3], [2, 4, 6], [0, 1, 1]])}")
