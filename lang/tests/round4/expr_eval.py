# Reference: Python's own parser (ast) evaluates the valid inputs, with C's
# truncating division and remainder; the errors are worked out by hand.
import ast

def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q

def ev(node):
    if isinstance(node, ast.Expression):
        return ev(node.body)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -ev(node.operand)
    if isinstance(node, ast.BinOp):
        a, b = ev(node.left), ev(node.right)
        op = type(node.op)
        if op is ast.Add: return a + b
        if op is ast.Sub: return a - b
        if op is ast.Mult: return a * b
        if op is ast.Div: return trunc_div(a, b)
        if op is ast.Mod: return a - trunc_div(a, b) * b
    raise ValueError(node)

errors = {
    "7 / (3 - 3)": "division by zero at 2",   # the '/' is byte 2
    "1 + ": "unexpected end at 4",            # the text is 4 bytes long
    "(2 + 3": "missing ')' at 6",
    "4 $ 4": "unexpected '$' at 2",
    "12 34": "trailing input at 3",           # '34' starts at byte 3
}
inputs = ["1 + 2 * 3", "(1 + 2) * 3", "100 / 7 % 5", "-(4 - 10) * 2", "2 * (3 + 4) * (5 - 1)", "7 / (3 - 3)", "1 + ", "(2 + 3", "4 $ 4", "12 34", "-3 * -3 - -3"]
for s in inputs:
    if s in errors:
        print(f"{s}: error: {errors[s]}")
    else:
        print(f"{s} = {ev(ast.parse(s, mode='eval'))}")
