from collections import OrderedDict
def collatz(n):
    s = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1; s += 1
    return s
cache = OrderedDict(); hits = misses = 0; evicted = []
out = []
for q in [27, 7, 27, 9, 97, 7, 871, 27, 9, 6171, 7, 97, 27, 27, 9]:
    if q in cache:
        hits += 1; cache.move_to_end(q); v = cache[q]
    else:
        misses += 1; v = collatz(q)
        if len(cache) == 4:
            k, _ = cache.popitem(last=False); evicted.append(k)
        cache[q] = v
    out.append(f"{q}:{v}")
print(" ".join(out))
print(f"hits {hits}, misses {misses}")
print("evicted: " + ",".join(map(str, evicted)))
print("now cached (oldest first): " + ",".join(map(str, cache)))
