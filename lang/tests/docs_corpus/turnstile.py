def step(s, e):
    if s == "locked" and e == "coin": return ("open", "unlock")
    if s == "locked" and e == "push": return ("locked", "stay locked")
    if s == "open" and e == "coin": return ("open", "refund")
    if s == "open" and e == "push": return ("locked", "pass")
    if s == "broken" and e == "repair": return ("locked", "repaired")
    if s == "broken": return ("broken", "out of order")
    if e == "kick": return ("broken", "break")
    return (s, "nothing to repair")

events = ["coin", "push", "push", "coin", "coin", "kick", "coin", "repair", "repair", "coin"]
s, passes = "locked", 0
for e in events:
    nxt, what = step(s, e)
    if what == "pass":
        passes += 1
    print(f"{s} -> {nxt}: {what}")
    s = nxt
print(f"passes {passes}")
