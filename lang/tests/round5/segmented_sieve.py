# Reference: deterministic trial division (ranges are small enough).
def is_prime(n):
    if n < 2: return False
    if n % 2 == 0: return n == 2
    f = 3
    while f * f <= n:
        if n % f == 0: return False
        f += 2
    return True
for lo, hi in [(0, 100), (1000000, 1003000), (999999000, 1000000000), (17, 18), (24, 29)]:
    ps = [n for n in range(lo, hi) if is_prime(n)]
    tw = sum(1 for a, b in zip(ps, ps[1:]) if b - a == 2)
    if not ps: print(f"[{lo}, {hi}): none")
    else: print(f"[{lo}, {hi}): {len(ps)} primes, first {ps[0]}, last {ps[-1]}, twin pairs {tw}")
print("".join(f"{p} " for p in range(60) if is_prime(p)))
