# Reference: numerals built digit by digit from per-place tables, parsed by
# a regular expression for canonical forms.
import re

PLACES = [["", "M", "MM", "MMM"],
          ["", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"],
          ["", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"],
          ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]]
def to_roman(n):
    return PLACES[0][n // 1000] + PLACES[1][n // 100 % 10] + PLACES[2][n // 10 % 10] + PLACES[3][n % 10]
CANON = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
TABLE = {to_roman(n): n for n in range(1, 4000)}
VAL = dict(I=1, V=5, X=10, L=50, C=100, D=500, M=1000)

for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999, 0, 4000]:
    print(f"{n} -> {to_roman(n)}" if 1 <= n <= 3999 else f"error: {n} is out of range")
for s in ["MCMXCIV", "XLII", "IIII", "IC", "MMXXV", "ABC", "", "CDXLIV"]:
    if s == "":
        print("error: empty numeral")
    elif any(c not in VAL for c in s):
        print(f"error: '{next(c for c in s if c not in VAL)}' is not a roman digit")
    elif CANON.fullmatch(s):
        assert TABLE[s]
        print(f"{s} = {TABLE[s]}")
    else:
        # The additive reading with subtraction, written canonically.
        t = sum(-VAL[c] if i + 1 < len(s) and VAL[c] < VAL[s[i + 1]] else VAL[c] for i, c in enumerate(s))
        print(f"error: '{s}' is not canonical (write {to_roman(t)})")
longest = max(TABLE, key=len)
print(f"3999 round trips, longest {longest} ({len(longest)} letters)")
