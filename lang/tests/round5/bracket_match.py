import sys
pairs_of = {')': '(', ']': '[', '}': '{'}
def check(line):
    st = []; q = None; pairs = 0; depth = 0
    for i, c in enumerate(line, 1):
        if q:
            if c == q: q = None
            continue
        if c in '"\'': q = c
        elif c in '([{':
            st.append((c, i)); depth = max(depth, len(st))
        elif c in ')]}':
            if not st: return f"unexpected '{c}' at column {i}"
            o, oc = st.pop()
            if pairs_of[c] != o: return f"'{o}' at column {oc} closed by '{c}' at column {i}"
            pairs += 1
    if q: return "unterminated quote"
    if st: return f"'{st[-1][0]}' at column {st[-1][1]} is never closed ({len(st)} open)"
    return f"ok, {pairs} pairs, depth {depth}"
n = good = 0
for line in sys.stdin.read().splitlines():
    n += 1
    v = check(line)
    if v.startswith("ok"): good += 1
    print(f"{n}: {v}")
print(f"{good} of {n} lines balanced")
