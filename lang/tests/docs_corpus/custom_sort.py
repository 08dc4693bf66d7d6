# Independent reference for custom_sort.pith: Python's sorted() is stable,
# bisect gives the insertion point.
import bisect
import itertools

runners = [
    ("Ines", "PT", 1502, 31), ("Bo", "SE", 1498, 24), ("Amara", "KE", 1441, 28),
    ("Lars", "SE", 1530, 40), ("Kip", "KE", 1441, 22), ("Joao", "PT", 1476, 35),
    ("Eva", "SE", 1498, 29), ("Zed", "KE", 1619, 51),
]


def clock(s):
    return f"{s // 60}:{s % 60:02d}"


def show(title, rs):
    print(f"{title}:")
    for name, country, sec, age in rs:
        print(f"  {name.ljust(8)} {country} {clock(sec)} age {age}")


show("by time (stable: ties keep input order)", sorted(runners, key=lambda r: r[2]))
show("by country, then time", sorted(runners, key=lambda r: (r[1], r[2])))
show("oldest first", sorted(runners, key=lambda r: -r[3]))
show("by name length, then name", sorted(runners, key=lambda r: (len(r[0]), r[0])))

times = sorted(r[2] for r in runners)
unique = [k for k, _ in itertools.groupby(times)]
print(f"distinct times: {len(unique)} of {len(times)}")
for want in [1441, 1500, 1498, 2000, 1000]:
    i = bisect.bisect_left(unique, want)
    if i < len(unique) and unique[i] == want:
        print(f"{clock(want)} is at {i}")
    else:
        print(f"{clock(want)} would go at {i}")

words = "delta,Alpha,charlie,bravo,alpha,Echo,delta".split(",")
print(" ".join(sorted(words, key=str.lower)))
print(" ".join(reversed(sorted(words))))
ages = [r[3] for r in runners]
print(f"ages {min(ages)}..{max(ages)}, total {sum(ages)}")
print("first fast PT runner: " + next(r[0] for r in runners if r[1] == "PT" and r[2] < 1500))
print(f"all under 30 minutes: {str(all(r[2] < 1800 for r in runners)).lower()}")
