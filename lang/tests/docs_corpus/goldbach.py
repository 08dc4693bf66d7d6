n = 1000
is_p = [True] * (n + 1)
is_p[0] = is_p[1] = False
i = 2
while i * i <= n:
    if is_p[i]:
        for j in range(i * i, n + 1, i):
            is_p[j] = False
    i += 1
count = sum(1 for k in range(2, n + 1) if is_p[k])
twins = sum(1 for k in range(2, n - 1) if is_p[k] and is_p[k + 2])
print(f"{count} primes up to {n}, {twins} twin pairs")
for even in [4, 28, 100, 998]:
    pairs = [(p, even - p) for p in range(2, even // 2 + 1) if is_p[p] and is_p[even - p]]
    a, b = pairs[0]
    print(f"{even} = {a} + {b} ({len(pairs)} ways)")
