def mul(a, b):
    n, m = len(a), len(b[0])
    c = [[0.0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            s = 0.0
            for k in range(len(b)):
                s += a[i][k] * b[k][j]
            c[i][j] = s
    return c

def imul(a, b):
    return [[a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]],
            [a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]]]

c = 0.7071067811865476
r = [[c, -c], [c, c]]
p = [[1.0, 0.0], [0.0, 1.0]]
for step in range(1, 9):
    p = mul(p, r)
    print(f"{step}: {p[0][0]:.6f} {p[0][1]:.6f} {p[1][0]:.6f} {p[1][1]:.6f}")
f, base, e = [[1, 0], [0, 1]], [[1, 1], [1, 0]], 90
while e > 0:
    if e % 2 == 1:
        f = imul(f, base)
    base = imul(base, base)
    e //= 2
print(f"fib(90) = {f[0][1]}")
