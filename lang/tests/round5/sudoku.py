# Reference: same most-constrained-cell search, with candidate sets.
import sys
cells = []
for line in sys.stdin.read().splitlines()[:9]:
    cells += [0 if ch == '.' else int(ch) for ch in line[:9]]
guesses = 0
def cands(g, p):
    r, c = divmod(p, 9)
    used = {g[r*9+k] for k in range(9)} | {g[k*9+c] for k in range(9)}
    br, bc = r//3*3, c//3*3
    used |= {g[(br+i)*9+bc+j] for i in range(3) for j in range(3)}
    return [d for d in range(1, 10) if d not in used]
def solve(g):
    global guesses
    empties = [(len(cands(g, p)), p) for p in range(81) if g[p] == 0]
    if not empties: return True
    n, p = min(empties)  # fewest candidates, earliest position on ties
    for d in cands(g, p):
        guesses += 1; g[p] = d
        if solve(g): return True
        g[p] = 0
    return False
print(f"{sum(1 for v in cells if v)} clues")
if solve(cells):
    for r in range(9):
        line = ""
        for c in range(9):
            if c and c % 3 == 0: line += "| "
            line += f"{cells[r*9+c]} "
        print(line)
        if r in (2, 5): print("------+-------+------")
    print(f"guesses: {guesses}")
else: print("no solution")
