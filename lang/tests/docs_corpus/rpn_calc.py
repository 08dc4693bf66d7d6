# Independent reference for rpn_calc.pith: a regex tokenizer, shunting-yard
# and a stack evaluator, with the same error texts.
import re


class Fail(Exception):
    pass


def parse_number(text):
    # The documented error text of str.parse_float for a second '.'.
    if text.count(".") > 1:
        pos = text.index(".", text.index(".") + 1)
        raise Fail(f"'{text}' is not a number: unexpected '.' at byte {pos}")
    return float(text)


def tokenize(src):
    out = []
    i = 0
    while i < len(src):
        c = src[i]
        if c == " ":
            i += 1
            continue
        m = re.match(r"[0-9.]+", src[i:])
        if m:
            out.append(("num", parse_number(m.group(0))))
            i += len(m.group(0))
            continue
        m = re.match(r"[A-Za-z_][A-Za-z_0-9]*", src[i:])
        if m:
            out.append(("name", m.group(0)))
            i += len(m.group(0))
            continue
        if c in "()":
            out.append((c, None))
        elif c in "+-*/^":
            out.append(("op", c))
        else:
            raise Fail(f"unexpected '{c}' at {i}")
        i += 1
    return out


PREC = {"^": 3, "*": 2, "/": 2, "+": 1, "-": 1}


def to_rpn(tokens):
    out, ops = [], []
    for kind, val in tokens:
        if kind in ("num", "name"):
            out.append((kind, val))
        elif kind == "(":
            ops.append((kind, val))
        elif kind == ")":
            while ops and ops[-1][0] != "(":
                out.append(ops.pop())
            if not ops:
                raise Fail("unbalanced ')'")
            ops.pop()
        else:
            while ops and ops[-1][0] == "op":
                p = ops[-1][1]
                if PREC[p] > PREC[val] or (PREC[p] == PREC[val] and val != "^"):
                    out.append(ops.pop())
                else:
                    break
            ops.append((kind, val))
    while ops:
        t = ops.pop()
        if t[0] == "(":
            raise Fail("unbalanced '('")
        out.append(t)
    return out


def show(t):
    kind, val = t
    if kind == "num":
        return str(int(val)) if val == int(val) else repr(val)
    return val


def evaluate(rpn, env):
    st = []
    for kind, val in rpn:
        if kind == "num":
            st.append(val)
        elif kind == "name":
            if val not in env:
                raise Fail(f"unknown variable '{val}'")
            st.append(env[val])
        else:
            if len(st) < 2:
                raise Fail(f"operator '{val}' needs two operands")
            b = st.pop()
            a = st.pop()
            if val == "+":
                st.append(a + b)
            elif val == "-":
                st.append(a - b)
            elif val == "*":
                st.append(a * b)
            elif val == "/":
                if b == 0.0:
                    raise Fail("division by zero")
                st.append(a / b)
            else:
                r = 1.0
                k = 0
                while k < b:
                    r *= a
                    k += 1
                st.append(r)
    if len(st) != 1:
        raise Fail("malformed expression")
    return st[0]


env = {"x": 2.5, "rate": 0.125, "n": 3.0}
inputs = [
    "1 + 2 * 3",
    "(1 + 2) * 3",
    "2 ^ 3 ^ 2",
    "x * x - 4 / n",
    "100 * (1 + rate) ^ n",
    "10 / (5 - 5)",
    "y + 1",
    "(1 + 2",
    "3 $ 4",
    "1.5.2 + 1",
    "7 - 2 - 1",
]
for line in inputs:
    try:
        rpn = to_rpn(tokenize(line))
        text = " ".join(show(t) for t in rpn)
        v = evaluate(rpn, env)
        print(f"{line}: {text}  =>  {v:.4f}")
    except Fail as e:
        print(f"{line}: error: {e}")
