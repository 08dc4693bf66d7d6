# Reference: a regular-expression tokenizer over the same source.
import re

src = 'int main() {\n  int x = 42; // answer\n  if (x >= 10 && x != 0x1F) {\n    return "a\\"b";\n  }\n  y = x->next @ 3.25;\n}\n'
spec = [
    ("comment", r"//[^\n]*"),
    ("ws", r"[ \n]"),
    ("word", r"[A-Za-z_][A-Za-z_0-9]*"),
    ("number", r"[0-9][A-Za-z_0-9.]*"),
    ("string", r'"(?:\\.|[^"\\])*"'),
    ("op", r"==|!=|<=|>=|&&|\|\||->|."),
]
rx = re.compile("|".join(f"(?P<{k}>{p})" for k, p in spec), re.S)
counts = {}
for m in rx.finditer(src):
    k, text = m.lastgroup, m.group()
    if k in ("comment", "ws"):
        continue
    if k == "word":
        k = "keyword" if text in ("if", "else", "while", "return", "int") else "ident"
    if k == "op" and text in "@#":
        k = "bad"
    line = src.count("\n", 0, m.start()) + 1
    col = m.start() - (src.rfind("\n", 0, m.start()) + 1) + 1
    print(f"{line}:{col} {k} {text}")
    counts[k] = counts.get(k, 0) + 1
for k, n in counts.items():
    print(f"{k}: {n}")
