def compile_(src):
    out, ops, i = [], [], 0
    prec = lambda op: 2 if op == "*" else 1
    while i < len(src):
        c = src[i]
        if c.isdigit():
            v = 0
            while i < len(src) and src[i].isdigit():
                v = v * 10 + int(src[i])
                i += 1
            out.append(("num", v))
            continue
        if c == "(":
            ops.append(c)
        elif c == ")":
            while ops[-1] != "(":
                out.append(("bin", ops.pop()))
            ops.pop()
        elif c in "+-*":
            while ops and ops[-1] != "(" and prec(ops[-1]) >= prec(c):
                out.append(("bin", ops.pop()))
            ops.append(c)
        i += 1
    while ops:
        out.append(("bin", ops.pop()))
    return out

def run(code):
    s = []
    for kind, v in code:
        if kind == "num":
            s.append(v)
        else:
            b, a = s.pop(), s.pop()
            s.append(a + b if v == "+" else a - b if v == "-" else a * b)
    return s.pop()

for src in ["1 + 2 * 3", "(1 + 2) * 3", "10 - 4 - 3", "2 * (3 + 4) * (5 - 1)", "7", "((2))*((3)) - 100 * 2 + 1"]:
    code = compile_(src)
    print(f"{src} = {run(code)} ({len(code)} instructions)")
