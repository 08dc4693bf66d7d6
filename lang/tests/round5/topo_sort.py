# Reference: repeatedly take the smallest node with no remaining predecessor.
def topo(deps):
    nodes = set()
    for a, b in deps:
        nodes |= {a, b}
    remaining = set(nodes); edges = list(deps); order = []
    while True:
        cands = sorted(n for n in remaining if not any(b == n and a in remaining for a, b in edges))
        if not cands: break
        n = cands[0]; order.append(n); remaining.remove(n)
    if not remaining: return True, order
    # nodes still having a predecessor among remaining
    stuck = sorted(n for n in remaining if any(b == n and a in remaining for a, b in edges))
    return False, stuck
def report(title, deps):
    ok, r = topo(deps)
    if ok: print(f"{title}: {' -> '.join(r)}")
    else: print(f"{title}: cycle among {', '.join(r)}")
report("build", [("fetch", "configure"), ("configure", "compile"), ("compile", "link"),
                 ("compile", "test"), ("link", "package"), ("test", "package"), ("docs", "package")])
report("morning", [("wake", "shower"), ("wake", "coffee"), ("coffee", "breakfast"),
                   ("shower", "dress"), ("breakfast", "leave"), ("dress", "leave")])
report("loop", [("a", "b"), ("b", "c"), ("c", "a"), ("start", "a"), ("c", "end")])
report("pair", [("x", "y"), ("y", "x")])
report("empty", [])
