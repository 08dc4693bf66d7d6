# Reference: translate the glob to a Python regular expression.
import re
def to_re(p):
    out = ""; i = 0
    while i < len(p):
        c = p[i]
        if c == "*": out += ".*"; i += 1
        elif c == "?": out += "."; i += 1
        elif c == "\\" and i + 1 < len(p): out += re.escape(p[i+1]); i += 2
        elif c == "[":
            j = i + 1; neg = False
            if j < len(p) and p[j] == "!": neg = True; j += 1
            k = j + 1
            while k < len(p) and p[k] != "]": k += 1
            body = p[j:k]
            out += "[" + ("^" if neg else "") + "".join("\\" + ch if ch in "\\^[]" else ch for ch in body) + "]"
            i = k + 1
        else: out += re.escape(c); i += 1
    return re.compile(out + r"\Z", re.S)
files = ["main.pith", "util.pith", "README.md", "notes.txt", "a.b.c", "test_01.py",
         "test_2.py", "[x].log", "x*y", "", "aaaaaaaaaaaaaaaaaaaaaaab"]
for p in ["*.pith", "*", "?????.*", "test_[0-9]*.py", "[!a-m]*", "*.*.*",
          "\\[x\\]*", "x\\*y", "[A-Z]*", "a*a*a*a*a*a*b", "", "*t?t"]:
    r = to_re(p)
    print(p + ":" + "".join(f" '{f}'" for f in files if r.match(f)))
