# Reference: live cells as a set of (row, col), counted with a Counter.
from collections import Counter
W, H = 12, 8
live = {(0, 1), (1, 2), (2, 0), (2, 1), (2, 2), (5, 7), (5, 8), (5, 9)}

def step(live):
    counts = Counter(((r + dr) % H, (c + dc) % W) for r, c in live
                     for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
    return {cell for cell, n in counts.items() if n == 3 or (n == 2 and cell in live)}

def show(live):
    for r in range(H):
        print("".join("#" if (r, c) in live else "." for c in range(W)))

for gen in range(9):
    if gen % 2 == 0:
        print(f"generation {gen}, population {len(live)}")
        show(live)
    live = step(live)
wrap = False
for _ in range(40):
    live = step(live)
    if (0, 0) in live or (H - 1, W - 1) in live:
        wrap = True
print(f"at generation 49: population {len(live)}, touched a corner: {str(wrap).lower()}")
