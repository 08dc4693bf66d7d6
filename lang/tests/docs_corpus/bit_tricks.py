# Independent reference for bit_tricks.pith, using int.bit_count-style
# counting via bin() and explicit masks for the fixed-width types.
M64 = (1 << 64) - 1

table = [bin(i).count("1") for i in range(256)]
print("popcount 0..15: " + "".join(f"{table[i]} " for i in range(16)))
print(f"bits set in all bytes: {sum(table)}")

values = [0, 1, 255, 256, 4294967295, 18446744073709551615, 12297829382473034410, 1311768467463790320]
for v in values:
    tz = 64 if v == 0 else (v & -v).bit_length() - 1
    print(f"{v}: popcount {bin(v).count('1')}, trailing zeros {tz}")

for b in [1, 2, 3, 128, 170, 15, 200]:
    r = int(format(b, "08b")[::-1], 2)
    print(f"reverse {b:08b} -> {r:08b} ({b} -> {r})")

codes = [i ^ (i >> 1) for i in range(16)]
print("gray codes: " + "".join(f"{g:04b} " for g in codes))


def decode(g):
    n = 0
    while g:
        n ^= g
        g >>= 1
    return n


print(f"gray decodes back: {str(all(decode(codes[i]) == i for i in range(16))).lower()}")

h = 88172645463325252
out = ""
for _ in range(4):
    h ^= (h << 13) & M64
    h ^= h >> 7
    h ^= (h << 17) & M64
    out += f"{h:x} "
print(f"xorshift64: {out}")
print(f"i32 -8 >> 1 = {-8 >> 1}, as u32 >> 1 = {((-8) & 0xFFFFFFFF) >> 1}")
print(f"u8 250 + 10 = {(250 + 10) & 0xFF}, 1 << 65 on i64 = {1 << (65 % 64)}")
