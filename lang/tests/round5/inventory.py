import sys
from decimal import Decimal, ROUND_HALF_UP
stock = {}  # name -> [qty, cents]; dict keeps insertion order
money = lambda c: f"{c // 100}.{c % 100:02d}"
def cents(s): return int((Decimal(s) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
def intval(s):
    try: return int(s)
    except ValueError:
        bad = next(i for i, ch in enumerate(s) if not ch.isdigit())
        raise ValueError(f"'{s}' is not an integer: unexpected '{s[bad]}' at byte {bad}")
for n, line in enumerate(sys.stdin.read().splitlines(), 1):
    w = line.split()
    if not w: continue
    if w[0] == "report":
        items = sorted(stock.items(), key=lambda kv: -kv[1][0] * kv[1][1])
        for name, (q, c) in items:
            print(f"  {name:<7} {q:>4} x {money(c):>6} = {money(q*c):>7}")
        print(f"  total value {money(sum(q*c for q, c in stock.values()))}")
        continue
    try:
        if w[0] == "add":
            q = intval(w[2]); c = cents(w[3])
            old = stock.get(w[1], [0, c])
            stock[w[1]] = [old[0] + q, c]
            msg = f"{w[1]}: {old[0] + q} in stock"
        elif w[0] in ("remove", "sell"):
            q = intval(w[2])
            if w[1] not in stock: raise ValueError(f"no item '{w[1]}'")
            it = stock[w[1]]
            if it[0] < q: raise ValueError(f"only {it[0]} {w[1]} left, cannot {w[0]} {q}")
            it[0] -= q; msg = f"{w[1]}: {it[0]} left"
        elif w[0] == "price":
            c = cents(w[2])
            if w[1] not in stock: raise ValueError(f"no item '{w[1]}'")
            stock[w[1]][1] = c; msg = f"{w[1]}: now {money(c)} each"
        elif w[0] == "count": msg = f"{len(stock)} kinds of item"
        else: raise ValueError(f"unknown command '{w[0]}'")
        print(f"{n}: {msg}")
    except ValueError as e:
        print(f"{n}: error: {e}")
