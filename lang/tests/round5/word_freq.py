import re, sys
from collections import Counter
text = sys.stdin.read()
lines = text.split("\n")
if lines and lines[-1] == "": lines.pop()
blank = sum(1 for l in lines if l.strip() == "")
words = [w.lower() for w in re.findall(r"[A-Za-z']+", text)]
c = Counter(words)
longest = ""
for w in words:
    if len(w) > len(longest): longest = w
letters = sum(len(w.replace("'", "")) for w in words)
print(f"lines: {len(lines)} ({blank} blank)")
print(f"words: {len(words)}, distinct: {len(c)}, letters: {letters}")
print(f"longest: {longest}")
ranked = sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[:10]
for i, (w, n) in enumerate(ranked):
    print(f"{i+1:>2}. {w.ljust(8, '.')} {n:>2} {'#' * n}")
