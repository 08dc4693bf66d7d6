# Reference: Python lists as the stack and collections.deque as the queue.
from collections import deque

s = [i * i for i in range(1, 6)]
before = list(s)
popped = 0
while len(s) > 2:
    popped += s.pop()
print(f"popped sum {popped}, left {len(s)}, copy still {len(before)}")
print(f"top {s[-1]}")
q = deque(["ant", "bee", "cat"])
print(q.popleft())
q.append("dog")
q.append("eel")
order = list(q)
q.clear()
print(f"then {len(order)}: " + " ".join(order))
print("(empty)")
pairs = [(7, True), (8, False)]
n, flag = pairs.pop()
print(f"pair {n} {str(flag).lower()}")
