import sys, csv
from decimal import Decimal
rows = list(csv.reader(sys.stdin.read().splitlines()))
print("columns: " + ",".join(rows[0]))
sales = []
for i, r in enumerate(rows[1:], 2):
    if len(r) != 5:
        print(f"row {i} skipped: expected 5 fields, found {len(r)}"); continue
    try:
        u = int(r[3])
    except ValueError:
        print(f"row {i} skipped: '{r[3]}' is not an integer: unexpected '{r[3][0]}' at byte 0"); continue
    sales.append((r[1], r[2], u, int(Decimal(r[4]) * 100) * u))
reg = {}; prod = {}
for g, p, u, c in sales:
    reg[g] = reg.get(g, 0) + c; prod[p] = prod.get(p, 0) + u
total = sum(reg.values())
money = lambda c: f"{c // 100}.{c % 100:02d}"
print(); print("revenue by region")
for g, c in sorted(reg.items(), key=lambda kv: -kv[1]):
    pct = (c * 1000 // total) / 10
    print(f"  {g:<6} {money(c):>8}  {pct:.1f}%")
print(f"  {'total':<6} {money(total):>8}")
print(); print("units by product")
for p, u in sorted(prod.items(), key=lambda kv: -kv[1]):
    print(f"  {p:<6} {u:>4}")
print(f"{len(sales)} rows used")
