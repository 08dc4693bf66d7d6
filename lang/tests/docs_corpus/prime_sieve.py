# Independent reference for prime_sieve.pith: primality by trial division
# (no sieve), sympy-free factoring, collections.Counter for the digits.
from collections import Counter


def is_prime(n):
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


ps = [n for n in range(10001) if is_prime(n)]
print(f"{len(ps)} primes below 10000; the last is {ps[-1]}")
print("first 15: " + "".join(f"{p} " for p in ps[:15]))
gaps = [(ps[i] - ps[i - 1], -ps[i - 1]) for i in range(1, len(ps))]
g, neg_at = max(gaps)
print(f"widest gap {g} after {-neg_at}")
for d, c in sorted(Counter(p % 10 for p in ps).items()):
    print(f"  ending in {d}: {c}")
window = [n for n in range(10**9, 10**9 + 200) if is_prime(n)]
print(f"primes in [10^9, 10^9 + 200): {len(window)}")
print("".join(f"{p} " for p in window))


def factor(n):
    parts = []
    d = 2
    while d * d <= n:
        k = 0
        while n % d == 0:
            n //= d
            k += 1
        if k:
            parts.append(f"{d}" if k == 1 else f"{d}^{k}")
        d += 1
    if n > 1:
        parts.append(str(n))
    return " * ".join(parts)


for n in [360, 97, 1001, 65536, 999999937, 600851475143, 1234567890]:
    print(f"{n} = {factor(n)}")
