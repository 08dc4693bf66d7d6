# Independent reference for dijkstra.pith, using Python's heapq.
import heapq

n = 8
edges = [
    (0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 5), (2, 3, 8), (3, 4, 3),
    (4, 5, 1), (5, 6, 2), (6, 7, 7), (3, 6, 9), (2, 5, 12), (7, 0, 3),
]
adj = [[] for _ in range(n)]
for a, b, w in edges:
    adj[a].append((b, w))
    adj[b].append((a, w))
INF = 10**9
dist = [INF] * n
prev = [-1] * n
dist[0] = 0
heap = [(0, 0)]
settled = 0
while heap:
    d, u = heapq.heappop(heap)
    if d > dist[u]:
        continue
    settled += 1
    for v, w in adj[u]:
        nd = d + w
        if nd < dist[v]:
            dist[v] = nd
            prev[v] = u
            heapq.heappush(heap, (nd, v))
print(f"settled {settled} nodes")
for v in range(n):
    path = [v]
    at = prev[v]
    while at >= 0:
        path.append(at)
        at = prev[at]
    print(f"node {v}: distance {dist[v]}, path {' -> '.join(map(str, reversed(path)))}")
