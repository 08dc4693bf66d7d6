# Reference: Python's big integers and pow(a, d, n); every verdict below
# 2^32 checked by trial division, the composites above it by a known factor;
# primes below 1000 by a sieve.
FACTORS = {18446744073709551615: 3, 3825123056546413051: 149491, 2305843009213693951: None,
           9223372036854775783: None, 18446744073709551557: None}

def isprime(n):
    if n >= 2**32:
        f = FACTORS.get(n)
        if f is not None:
            assert n % f == 0
            return False
        return is_prime(n)
    return n >= 2 and all(n % k for k in range(2, int(n**0.5) + 1))
def is_prime(n):
    if n < 2:
        return False
    for p in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True

tests = [0, 1, 2, 97, 561, 1105, 7919, 1000000007, 4294967291, 4294967297, 3215031751,
         18446744073709551557, 18446744073709551615, 9223372036854775783, 3825123056546413051, 2305843009213693951]
for n in tests:
    assert is_prime(n) == isprime(n)
    print(f"{n} {'prime' if is_prime(n) else 'composite'}")
found = []
n = 2**64 - 1
while len(found) < 5:
    if is_prime(n):
        found.append(n)
        print(f"prime below 2^64: {n}")
    n -= 2
sieve = [True] * 1000
sieve[0] = sieve[1] = False
for i in range(2, 1000):
    if sieve[i]:
        for j in range(i * i, 1000, i):
            sieve[j] = False
print(f"{sum(sieve)} primes below 1000, largest u64 prime {found[0]}")
