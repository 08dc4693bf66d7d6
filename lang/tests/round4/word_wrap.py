# Reference: textwrap.wrap for the greedy lines (no hyphen breaking, long
# words kept whole), then justification by distributing spaces.
import sys, textwrap

words = sys.stdin.read().split()
print(f"{len(words)} words")
for width in [16, 28, 40]:
    print(f"width {width}:")
    lines = textwrap.wrap(" ".join(words), width, break_long_words=False, break_on_hyphens=False)
    for i, line in enumerate(lines):
        ws = line.split(" ")
        if i == len(lines) - 1 or len(ws) == 1:
            out = line
        else:
            gaps = len(ws) - 1
            spaces = width - sum(map(len, ws))
            q, r = divmod(spaces, gaps)
            out = "".join(w + (" " * (q + (1 if k < r else 0)) if k < gaps else "") for k, w in enumerate(ws))
        print("|" + out.ljust(width) + "|")
