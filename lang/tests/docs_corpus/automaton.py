# Independent reference for automaton.pith.


def run_rule(rule, width, gens):
    cells = [0] * width
    cells[width // 2] = 1
    alive = 0
    print(f"rule {rule}:")
    for _ in range(gens):
        print("".join("#" if c else "." for c in cells))
        alive += sum(cells)
        cells = [
            (rule >> (cells[i - 1] * 4 + cells[i] * 2 + cells[(i + 1) % width])) & 1
            for i in range(width)
        ]
    print(f"live cells over {gens} generations: {alive}")


run_rule(30, 31, 12)
run_rule(90, 31, 8)
run_rule(110, 31, 10)

size = 11
grid = [[0] * size for _ in range(size)]
x = y = 5
dirs = [(0, -1), (1, 0), (0, 1), (-1, 0)]  # up, right, down, left
d = 0
for _ in range(200):
    d = (d + (3 if grid[y][x] else 1)) % 4
    grid[y][x] ^= 1
    dx, dy = dirs[d]
    x, y = (x + dx) % size, (y + dy) % size
print(f"Langton's ant after 200 steps, at ({x}, {y}):")
for row in grid:
    print("".join("#" if c else "." for c in row))
print(f"black cells: {sum(map(sum, grid))}")
