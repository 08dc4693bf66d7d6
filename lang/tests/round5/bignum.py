import math
f = math.factorial(30)
print(f"30! = {f} ({len(str(f))} digits, digit sum {sum(map(int, str(f)))})")
print(f"2^100 = {2**100}")
a, b = 0, 1
for _ in range(150): a, b = b, a + b
print(f"fib(150) = {a}")
x = int("000123456789012345678901234567890"); y = 987654321098765432109876543210
print(f"x = {x}")
print(f"x * y = {x*y}")
print(f"x + y = {x+y}")
cmp = lambda a, b: (a > b) - (a < b)
print(f"cmp(x, y) = {cmp(x,y)}, cmp(y, x) = {cmp(y,x)}, cmp(x, x) = {cmp(x,x)}")
print(f"0 * y = {0*y}")
