from collections import deque
maze = [
    "S..#......",
    ".#.#.####.",
    ".#...#....",
    ".####.#.#.",
    "......#.#E",
]
h, w = len(maze), len(maze[0])
dist = [-1] * (h * w)
frm = [-1] * (h * w)
queue = [(0, 0)]
dist[0] = 0
head = 0
while head < len(queue):
    r, c = queue[head]
    head += 1
    for dr, dc in [(0, 1), (1, 0), (0, -1), (-1, 0)]:
        nr, nc = r + dr, c + dc
        if nr < 0 or nc < 0 or nr >= h or nc >= w or maze[nr][nc] == "#":
            continue
        k = nr * w + nc
        if dist[k] >= 0:
            continue
        dist[k] = dist[r * w + c] + 1
        frm[k] = r * w + c
        queue.append((nr, nc))
end = next(r * w + c for r in range(h) for c in range(w) if maze[r][c] == "E")
print(f"reachable {len(queue)} cells, E at distance {dist[end]}")
grid = list(maze)
k = frm[end]
while k > 0:
    r, c = divmod(k, w)
    grid[r] = grid[r][:c] + "*" + grid[r][c + 1:]
    k = frm[k]
print("\n".join(grid))
