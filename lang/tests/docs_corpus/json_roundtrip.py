import json

def total(v):
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return 0.0
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, list):
        return sum((total(x) for x in v), 0.0)
    return sum((total(x) for x in v.values()), 0.0)

def js(x):
    return str(int(x)) if x == int(x) else repr(x)

def dump(v):
    if isinstance(v, float) or (isinstance(v, int) and not isinstance(v, bool)):
        return js(float(v))
    if isinstance(v, list):
        return "[" + ",".join(dump(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k) + ":" + dump(x) for k, x in v.items()) + "}"
    return json.dumps(v)

docs = [
    '{"a": 1, "b": [2, 3.5, {"c": 4}], "d": "text", "e": null, "f": true}',
    "[1, 2, 3]",
    '  "just a string"  ',
    '{"nested": {"deeper": {"x": -1.25e2}}}',
    "[1, 2,",
]
for d in docs:
    try:
        v = json.loads(d)
    except ValueError:
        print("invalid")
        continue
    print(f"{dump(v)} total {js(total(v))}")
