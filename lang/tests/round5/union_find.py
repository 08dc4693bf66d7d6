# Reference: components by BFS over an adjacency list (no union-find).
n = 12
edges = [(0, 1), (1, 2), (3, 4), (5, 6), (6, 7), (7, 5), (8, 9), (2, 0), (10, 10), (4, 9)]
adj = {i: set() for i in range(n)}
comp_of = {i: i for i in range(n)}
redundant = 0
def reach(s):
    seen = {s}; todo = [s]
    while todo:
        x = todo.pop()
        for y in adj[x]:
            if y not in seen:
                seen.add(y); todo.append(y)
    return seen
for a, b in edges:
    if b in reach(a):
        print(f"skip {a} {b} (already connected)"); redundant += 1
    else:
        print(f"join {a} {b}")
    adj[a].add(b); adj[b].add(a)
seen = set(); comps = []
for i in range(n):
    if i not in seen:
        c = sorted(reach(i)); seen |= set(c); comps.append(c)
comps.sort(key=lambda c: (-len(c), c[0]))
print(f"components: {len(comps)}, redundant edges: {redundant}")
for c in comps:
    print(f"size {len(c)}: {' '.join(map(str, c))}")
r = lambda a, b: str(b in reach(a)).lower()
print(f"0~2 {r(0,2)}, 3~8 {r(3,8)}, 0~11 {r(0,11)}")
