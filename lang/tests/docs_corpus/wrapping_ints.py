def i64(x):
    x &= (1 << 64) - 1
    return x - (1 << 64) if x >= 1 << 63 else x

def i32(x):
    x &= (1 << 32) - 1
    return x - (1 << 32) if x >= 1 << 31 else x

def div(a, b):  # truncating, as in C
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q

def rem(a, b):
    return a - div(a, b) * b

def fnv1a(s):
    h = -3750763034362895579
    for ch in s.encode():
        h = i64(h ^ ch)
        h = i64(h * 1099511628211)
    return h

big = 9223372036854775807
print(f"{i64(big + 1)} {i64(big * 2)} {i64(-(-big - 1))}")
print(f"{i64(1 << 63)} {i64(1 << (64 % 64))} {-16 >> 2} {div(7, -2)} {rem(7, -2)} {rem(-7, 2)}")
b = 250
print(f"{(b + 10) & 255} {(b * 2) & 255} {b * 2}")
w = 2147483647
print(f"{i32(w + 1)} {w + 1}")
print(f"{9223372036854775807} {-9223372036854775808} {2} {-2}")
for s in ["", "a", "hello", "Pith"]:
    print(f"fnv1a('{s}') = {fnv1a(s)}")
