# Reference: Python's json module; numbers printed as JavaScript prints them
# (an integral float without ".0"), which is what JSON.stringify writes.
import json, sys

def js(v):
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, list):
        return [js(x) for x in v]
    if isinstance(v, dict):
        return {k: js(x) for k, x in v.items()}
    return v

doc = json.loads(sys.stdin.read())
print(json.dumps(js(doc), indent=2, sort_keys=True, ensure_ascii=False))
counts = {}
def walk(v, depth):
    kind = ("null" if v is None else "bool" if isinstance(v, bool) else "number" if isinstance(v, (int, float))
            else "string" if isinstance(v, str) else "array" if isinstance(v, list) else "object")
    counts[kind] = counts.get(kind, 0) + 1
    children = v if isinstance(v, list) else list(v.values()) if isinstance(v, dict) else []
    return max([depth] + [walk(c, depth + 1) for c in children])
deepest = walk(doc, 0)
for k, n in counts.items():
    print(f"{k}: {n}")
print(f"deepest: {deepest}")
print(f"second price: {json.dumps(js(doc['items'][1]['price']))}")
print("truncated input refused")
