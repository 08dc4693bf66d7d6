# Reference: Dijkstra-like BFS by distance layers, path by walking back down
# the distance field in the same neighbour order (right, down, left, up).
import sys
g = [list(l.strip()) for l in sys.stdin.read().splitlines() if l.strip()]
h, w = len(g), len(g[0])
for r in range(h):
    for c in range(w):
        if g[r][c] == 'S': s = (r, c)
        if g[r][c] == 'E': e = (r, c)
D = [(0, 1), (1, 0), (0, -1), (-1, 0)]
order = [s]; prev = {s: None}; i = 0
while i < len(order):
    r, c = order[i]; i += 1
    if (r, c) == e: break
    for dr, dc in D:
        n = (r + dr, c + dc)
        if 0 <= n[0] < h and 0 <= n[1] < w and n not in prev and g[n[0]][n[1]] != '#':
            prev[n] = (r, c); order.append(n)
path = []; cur = prev[e]
while cur != s: path.append(cur); cur = prev[cur]
for r, c in path: g[r][c] = '*'
print(f"shortest path: {len(path) + 1} steps, {i} cells explored")
for row in g: print("".join(row))
