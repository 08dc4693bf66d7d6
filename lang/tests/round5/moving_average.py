import sys
def total(xs):
    t = 0.0
    for x in xs: t += x  # plain left-to-right (sum() compensates since 3.12)
    return t
from collections import deque
win = deque(maxlen=4); n = 0
for lineno, raw in enumerate(sys.stdin.read().splitlines(), 1):
    t = raw.strip()
    if not t or t.startswith("#"): continue
    try:
        x = float(t)
    except ValueError:
        # std.str's parse_float says "no digits" when the text has none at all
        if not any(ch.isdigit() for ch in t):
            print(f"line {lineno}: skipped ('{t}' is not a number: no digits)"); continue
        bad = next(i for i, ch in enumerate(t) if not (ch.isdigit() or ch in "+-.eE"))
        print(f"line {lineno}: skipped ('{t}' is not a number: unexpected '{t[bad]}' at byte {bad})"); continue
    n += 1
    flag = ""
    if len(win) == 4:
        m = total(win) / 4
        if x > m + 5.0 or x < m - 5.0: flag = "  <- outlier"
    win.append(x)
    avg = total(win) / len(win)
    print(f"#{n} {x:>5.1f} avg({len(win)}) = {avg:.3f}{flag}")
def js(x):
    r = repr(x)
    return r[:-2] if r.endswith(".0") else r
print("last window: " + ", ".join(js(x) for x in win))
