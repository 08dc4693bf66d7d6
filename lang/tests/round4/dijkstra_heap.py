# Reference: the same generated graph, Dijkstra with Python's heapq.
import heapq

n = 40
seed = 12345
adj = [[] for _ in range(n)]
def nxt():
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed
for _ in range(160):
    a = nxt() % n
    b = nxt() % n
    w = 1 + nxt() % 50
    adj[a].append((b, w))
    adj[b].append((a, w))
INF = float("inf")
dist = [INF] * n
dist[0] = 0
pq = [(0, 0)]
done = set()
while pq:
    d, u = heapq.heappop(pq)
    if u in done:
        continue
    done.add(u)
    for v, w in adj[u]:
        if d + w < dist[v]:
            dist[v] = d + w
            heapq.heappush(pq, (d + w, v))
total = 0
far = 0
for v in range(n):
    if dist[v] == INF:
        print(f"{v}: unreachable")
    else:
        total += dist[v]
        if dist[v] > dist[far]:
            far = v
print(f"settled {len(done)}, total {total}, farthest {far} at {dist[far]}")
print("first ten: " + " ".join(str(dist[i]) for i in range(1, 11)))
