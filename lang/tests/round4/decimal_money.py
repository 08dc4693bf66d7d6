# Reference: Python's decimal module at 400 digits, ROUND_HALF_UP to the cent.
from decimal import Decimal, getcontext, ROUND_HALF_UP
getcontext().prec = 400

prices = ["19.99", "0.10", "0.20", "1234.50", "7", "3.333", "12.05"]
total = Decimal(0)
ftotal = 0.0
for p in prices:
    if p.count(".") == 1 and len(p.split(".")[1]) != 2:
        print(f"skipped: '{p}' needs two decimals")
        continue
    total += Decimal(p)
    ftotal += int(Decimal(p) * 100) / 100.0
print(f"total {total:.2f} (as f64: {ftotal!r})")

def compound(amount, rate, years):
    v = (Decimal(amount) * (1 + Decimal(rate) / 100) ** years).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return f"{v:,.2f}"

for years in [0, 1, 10, 30]:
    print(f"123,456.78 at 5% for {years} years: " + compound("123456.78", 5, years))
print("1.00 at 7% for 100 years: " + compound("1.00", 7, 100))
