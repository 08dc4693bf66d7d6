# Reference: a direct interpreter over the tokenised text.
import sys
prog = []; labels = {}
for line in sys.stdin.read().splitlines():
    w = line.split()
    if not w or w[0].startswith("#"): continue
    if w[0].endswith(":"): labels[w[0][:-1]] = len(prog); continue
    prog.append(w)
print(f"{len(prog)} instructions, {len(labels)} labels")
def run():
    st = []; mem = [0] * 8; pc = 0; steps = 0
    while pc < len(prog):
        steps += 1
        if steps > 10000: return "error: step limit reached"
        w = prog[pc]; pc += 1; op = w[0]
        if op == "push": st.append(int(w[1]))
        elif op == "load": st.append(mem[int(w[1])])
        elif op == "store": mem[int(w[1])] = st.pop()
        elif op == "dup": st.append(st[-1])
        elif op == "pop": st.pop()
        elif op == "print": print(f"out: {st.pop()}")
        elif op == "halt": return f"halted after {steps} steps"
        elif op == "jmp": pc = labels[w[1]]
        elif op == "jz":
            if st.pop() == 0: pc = labels[w[1]]
        elif op == "jnz":
            if st.pop() != 0: pc = labels[w[1]]
        else:
            b = st.pop(); a = st.pop()
            if op in ("div", "mod") and b == 0:
                return f"error: division by zero at instruction {pc - 1} after {steps} steps"
            st.append({"add": a + b, "sub": a - b, "mul": a * b, "gt": int(a > b),
                       "div": int(a / b) if b else 0, "mod": a - b * int(a / b) if b else 0}[op])
    return f"halted after {steps} steps"
print(run())
