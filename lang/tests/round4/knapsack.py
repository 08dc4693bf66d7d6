# Reference: the knapsack by trying all 256 subsets (the best is unique for
# these capacities); the LCS length by trying every subsequence of the first
# string, its letters by the textbook traceback (on a tie, drop from the first).
from itertools import combinations

items = [("tent", 11, 60), ("stove", 4, 25), ("rope", 3, 15), ("camera", 2, 40),
         ("books", 9, 10), ("food", 6, 55), ("water", 7, 70), ("lamp", 1, 8)]
for cap in [0, 5, 10, 20, 43]:
    best = []
    for mask in range(256):
        chosen = [i for i in range(8) if mask >> i & 1]
        if sum(items[i][1] for i in chosen) <= cap:
            best.append((sum(items[i][2] for i in chosen), chosen))
    top = max(v for v, _ in best)
    winners = [c for v, c in best if v == top]
    assert len(winners) == 1
    names = [items[i][0] for i in reversed(winners[0])]
    print(f"capacity {cap}: value {top} with [" + ", ".join(names) + "]")

def is_subseq(s, t):
    it = iter(t)
    return all(c in it for c in s)

def lcs(a, b):
    n, m = len(a), len(b)
    t = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            t[i][j] = t[i - 1][j - 1] + 1 if a[i - 1] == b[j - 1] else max(t[i - 1][j], t[i][j - 1])
    out, i, j = "", n, m
    while i and j:
        if a[i - 1] == b[j - 1]:
            out, i, j = a[i - 1] + out, i - 1, j - 1
        elif t[i - 1][j] >= t[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return out

for a, b in [("AGGTAB", "GXTXAYB"), ("kitten", "sitting"), ("", "abc"), ("dynamic", "programming")]:
    common = lcs(a, b)
    longest = max((k for k in range(len(a) + 1) for c in combinations(a, k) if is_subseq(c, b)), default=0)
    assert len(common) == longest and is_subseq(common, a) and is_subseq(common, b)
    print(f'lcs({a}, {b}) = "{common}" ({len(common)})')
