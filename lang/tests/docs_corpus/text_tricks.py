def caesar(s, k):
    out = ""
    for ch in s:
        c = ord(ch)
        if 97 <= c <= 122:
            out += chr((c - 97 + k) % 26 + 97)
        elif 65 <= c <= 90:
            out += chr((c - 65 + k) % 26 + 65)
        else:
            out += ch
    return out

def is_pal(s):
    letters = [ch.lower() for ch in s if ch.isascii() and ch.isalpha()]
    return letters == letters[::-1]

msg = "Hello, World! Pith is small."
enc = caesar(msg, 3)
print(enc)
print(caesar(enc, -3))
for s in ["A man, a plan, a canal: Panama", "No lemon, no melon", "Pith", ""]:
    print(f"'{s}' palindrome: {str(is_pal(s)).lower()}")
print(" ".join(reversed(msg.split(" "))))
vowels = sum(1 for ch in msg if ch in "aeiou")
print(f"vowels {vowels}, upper '{msg.upper()}'")
