# Independent reference for csv_report.pith, using Python's csv module and
# the error texts documented for str.parse_int / str.parse_float.
import csv
import sys


class Bad(Exception):
    pass


def parse_int(s):
    t = s.strip()
    if t == "":
        raise Bad("empty string is not an integer")
    for i, ch in enumerate(t):
        if not (ch.isdigit() or (i == 0 and ch in "+-")):
            raise Bad(f"'{t}' is not an integer: unexpected '{ch}' at byte {i}")
    if t in ("+", "-"):
        raise Bad(f"'{t}' has no digits")
    return int(t)


def parse_float(s):
    t = s.strip()
    if t == "":
        raise Bad("empty string is not a number")
    return float(t)


text = sys.stdin.read()
rows = text.split("\n")
if rows and rows[-1] == "":
    rows.pop()
regions = {}
products = {}
bad = 0
for n in range(1, len(rows)):
    line = rows[n]
    if line.strip() == "":
        continue
    fields = next(csv.reader([line]))
    try:
        if len(fields) != 5:
            raise Bad(f"expected 5 fields, found {len(fields)}")
        units = parse_int(fields[3])
        if units < 0:
            raise Bad(f"negative units {units}")
        price = parse_float(fields[4])
    except Bad as e:
        bad += 1
        print(f"line {n + 1}: {e}")
        continue
    revenue = units * price
    u, r, c, b = regions.get(fields[1], (0, 0.0, 0, 0.0))
    regions[fields[1]] = (u + units, r + revenue, c + 1, max(b, revenue))
    products[fields[2]] = products.get(fields[2], 0) + units

print("region".ljust(16) + "rows".rjust(5) + "units".rjust(7) + "revenue".rjust(10) + "avg/row".rjust(10) + "best".rjust(9))
grand = 0.0
for name in sorted(regions):
    u, r, c, b = regions[name]
    grand += r
    print(name.ljust(16) + str(c).rjust(5) + str(u).rjust(7) + ("%.2f" % r).rjust(10) + ("%.2f" % (r / c)).rjust(10) + ("%.2f" % b).rjust(9))
print(f"total revenue {grand:.2f}, {bad} bad rows")
for p, u in sorted(products.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f"{p}: {u} units")
