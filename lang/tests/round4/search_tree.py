# Reference: a sorted list of the distinct values (bisect), and the tree's
# height by inserting into nested dicts.
import bisect

vals, seed, order = [], 7, []
for _ in range(60):
    seed = (seed * 75 + 74) % 65537
    order.append(seed % 200)
root = None
def ins(node, v):
    if node is None:
        return {"v": v, "l": None, "r": None}
    if v < node["v"]: node["l"] = ins(node["l"], v)
    elif v > node["v"]: node["r"] = ins(node["r"], v)
    return node
def h(node):
    return 0 if node is None else 1 + max(h(node["l"]), h(node["r"]))
for v in order:
    root = ins(root, v)
    if v not in vals:
        bisect.insort(vals, v)
print(f"{len(vals)} distinct, height {h(root)}")
print("first five: " + " ".join(map(str, vals[:5])))
print(f"last: {vals[-1]}")
print("contains agrees: true")
print(f"between 50 and 99: {sum(50 <= v <= 99 for v in vals)}")
print(f"popped {vals[0]} {vals[1]} {vals[2]}, {len(vals) - 3} left")
