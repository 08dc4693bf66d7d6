# Reference: Python's datetime and calendar modules.
import calendar
from datetime import date, timedelta

EPOCH = date(1970, 1, 1)
for s in ["1970-01-01", "2000-02-29", "2024-12-25", "1969-07-20", "2023-02-29", "2024-13-01", "hello"]:
    parts = s.split("-")
    if len(parts) != 3:
        print(f"error: '{s}' is not YYYY-MM-DD")
        continue
    try:
        d = date(*map(int, parts))
    except ValueError:
        print(f"error: '{s}' is not a day")
        continue
    print(f"{s}: day {(d - EPOCH).days}, {d.strftime('%a')}")
a, b = date(1999, 12, 31), date(2038, 1, 19)
print(f"from 1999-12-31 to 2038-01-19: {(b - a).days} days")
print(f"1999-12-31 + 10000 days: {(a + timedelta(days=10000)).isoformat()}")
for k in [1, 2, 13, -11]:
    t = 2024 * 12 + 0 + k
    y, m = t // 12, t % 12 + 1
    print(f"2024-01-31 + {k} months: {date(y, m, min(31, calendar.monthrange(y, m)[1])).isoformat()}")
fr = [date(2026, m, 13).isoformat() for m in range(1, 13) if date(2026, m, 13).weekday() == 4]
print("Friday the 13ths in 2026: " + ", ".join(fr))
print(f"leap years 1900-2100: {sum(calendar.isleap(y) for y in range(1900, 2101))}")
