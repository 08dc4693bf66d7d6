def distance(a, b):
    n, m = len(a), len(b)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
    return d[n][m]

total = 0
for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("", "abc"), ("same", "same"), ("intention", "execution")]:
    k = distance(a, b)
    total += k
    print(f"{a} -> {b}: {k}")
print(f"total {total}")
