# Independent reference for generic_ledger.pith.
from collections import deque


def num(x):
    # Pith prints an integral f64 without a fraction, like JavaScript.
    if isinstance(x, float) and x == int(x):
        return str(int(x))
    return str(x)


class Account:
    def __init__(self, owner, start):
        self.owner, self.balance, self.history = owner, start, [start]

    def deposit(self, amount):
        self.balance += amount
        self.history.append(amount)

    def withdraw(self, amount):
        if amount > self.balance:
            return None, f"{self.owner}: insufficient funds"
        self.balance -= amount
        self.history.append(amount)
        return self.balance, None


alice = Account("alice", 100)
alice.deposit(50)
for amount, text in ((30, "after withdrawing 30"), (500, "")):
    left, err = alice.withdraw(amount)
    if err:
        print(err)
    else:
        print(f"alice has {left}" + (f" {text}" if text else ""))
print(f"alice: {alice.balance} after {len(alice.history)} moves")

bob = Account("bob", 12.5)
bob.deposit(0.25)
bob.deposit(0.5)
left, err = bob.withdraw(13.0)
print(err if err else f"bob has {num(left)} after withdrawing 13")
print(f"bob: {num(bob.balance)} after {len(bob.history)} moves")

totals = {}
for what, amount in [("rent", 800), ("food", 120), ("rent", 800), ("fun", 45), ("food", 80)]:
    totals[what] = totals.get(what, 0) + amount
for what, t in totals.items():
    print(f"{what}: {t}")

ring = deque()
dropped = 0
for w in "abcde":
    if len(ring) == 3:
        ring.popleft()
        dropped += 1
    ring.append(w)
print(f"oldest kept: {ring[0]}, dropped {dropped}")

print("7 seven")
print(f"largest float {num(max([3.5, -1.0, 9.25, 2.0]))}")
print(f"largest word {max(['pear', 'apple', 'zucchini', 'fig'])}")
print("no largest in an empty array")
