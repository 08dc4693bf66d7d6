# Reference: the same machine as a Python class with an if-chain.
PRICES = [120, 90, 200]

class Machine:
    def __init__(self):
        self.kind, self.credit, self.item, self.change = "Idle", 0, 0, 0

    def name(self):
        if self.kind == "Idle":
            return "Idle"
        if self.kind == "Paid":
            return f"Paid({self.credit})"
        return f"Vending({self.item}, {self.change})"

    def feed(self, ev, arg=None):
        if ev == "coin" and self.kind in ("Idle", "Vending"):
            if arg <= 0:
                self.kind = "Idle"
                return "rejected coin"
            self.kind, self.credit = "Paid", arg
            return f"credit {arg}"
        if self.kind == "Idle":
            return "insert coins first"
        if self.kind == "Paid":
            if ev == "coin":
                self.credit += arg
                return f"credit {self.credit}"
            if ev == "select":
                if not 0 <= arg < len(PRICES):
                    return f"no item {arg}"
                if self.credit < PRICES[arg]:
                    return f"need {PRICES[arg] - self.credit} more"
                self.kind, self.item, self.change = "Vending", arg, self.credit - PRICES[arg]
                return f"vending {arg}"
            if ev == "refund":
                self.kind = "Idle"
                return f"refund {self.credit}"
            return "nothing to take"
        if ev == "done":
            self.kind = "Idle"
            return f"took {self.item}, change {self.change}"
        return "busy"

events = [("select", 0), ("coin", 100), ("select", 0), ("coin", 50), ("select", 7), ("select", 0),
          ("refund", None), ("done", None), ("coin", 0), ("coin", 200), ("done", None), ("select", 2),
          ("coin", 5), ("refund", None)]
m = Machine()
for i, (ev, arg) in enumerate(events, 1):
    said = m.feed(ev, arg)
    print(f"{i}: {said} -> {m.name()}")
