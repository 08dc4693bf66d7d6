a, b = 0, 1
for k in range(1, 301):
    a, b = b, a + b
    if k % 50 == 0:
        print(f"fib({k}) = {a}")
print(f"fib(300) has {len(str(a))} digits")
