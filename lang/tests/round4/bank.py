# Reference: balances as decimal.Decimal, interest rounded ROUND_HALF_UP to the cent.
from decimal import Decimal, ROUND_HALF_UP

acc = {}
def m(d): return f"{d:.2f}"
def c(n): return Decimal(n) / 100

ops = [("open", "ana"), ("open", "bo"), ("dep", "ana", 150000), ("dep", "bo", 2575), ("open", "ana"),
       ("wd", "bo", 3000), ("tr", "ana", "bo", 49999), ("dep", "cy", 100), ("dep", "bo", -5), ("int", 125),
       ("wd", "ana", 100001), ("tr", "bo", "ana", 52574), ("int", 250)]
refused = 0
for op in ops:
    k = op[0]
    err = None
    if k == "open":
        if op[1] in acc: err = f"'{op[1]}' already exists"
        else: acc[op[1]] = Decimal(0); msg = f"opened {op[1]}"
    elif k == "dep":
        amt = c(op[2])
        if amt <= 0: err = "deposit must be positive"
        elif op[1] not in acc: err = f"no account '{op[1]}'"
        else: acc[op[1]] += amt; msg = f"{op[1]} +{m(amt)}"
    elif k == "wd":
        amt = c(op[2])
        if acc[op[1]] < amt: err = f"{op[1]} has only {m(acc[op[1]])}"
        else: acc[op[1]] -= amt; msg = f"{op[1]} -{m(amt)}"
    elif k == "tr":
        amt = c(op[3])
        if acc[op[1]] < amt: err = f"{op[1]} has only {m(acc[op[1]])}"
        else: acc[op[1]] -= amt; acc[op[2]] += amt; msg = f"{op[1]} -> {op[2]} {m(amt)}"
    else:
        paid = Decimal(0)
        for name in acc:
            i = (acc[name] * op[1] / 10000).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
            acc[name] += i
            paid += i
        msg = f"interest paid {m(paid)}"
    if err: refused += 1; print(f"refused: {err}")
    else: print(f"ok: {msg}")
for name, b in acc.items():
    print(f"{name}: {m(b)}")
print(f"{refused} refused")
