# Reference: memoised recursion for the distance; alignment backtrace with the
# same preference order (diagonal, then delete, then insert).
from functools import lru_cache
def run(a, b):
    @lru_cache(None)
    def D(i, j):
        if i == 0: return j
        if j == 0: return i
        return min(D(i-1, j-1) + (a[i-1] != b[j-1]), D(i-1, j) + 1, D(i, j-1) + 1)
    top = []; marks = []; bot = []; i, j = len(a), len(b)
    while i or j:
        if i and j and D(i, j) == D(i-1, j-1) + (a[i-1] != b[j-1]):
            top.append(a[i-1]); bot.append(b[j-1]); marks.append("=" if a[i-1] == b[j-1] else "~"); i -= 1; j -= 1
        elif i and D(i, j) == D(i-1, j) + 1:
            top.append(a[i-1]); bot.append("_"); marks.append("-"); i -= 1
        else:
            top.append("_"); bot.append(b[j-1]); marks.append("+"); j -= 1
    print(f"{a} -> {b}: distance {D(len(a), len(b))}")
    for s in (top, marks, bot): print("  " + "".join(reversed(s)))
for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"),
             ("", "abc"), ("same", "same"), ("sunday", "saturday"), ("abc", "")]:
    run(a, b)
