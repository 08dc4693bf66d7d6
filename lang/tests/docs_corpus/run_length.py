def encode(s):
    out, i = "", 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out += f"{j - i}{s[i]}"
        i = j
    return out

def decode(s):
    out, n = "", 0
    for ch in s:
        if ch.isdigit():
            n = n * 10 + int(ch)
        else:
            out += ch * n
            n = 0
    return out

for text in ["aaabccddddd", "abc", "", "zzzzzzzzzzzz", "hello world"]:
    e = encode(text)
    print(f"'{text}' -> '{e}' -> '{decode(e)}' {str(decode(e) == text).lower()}")
words = "the cat sat on the mat".split(" ")
print(f"{len(words)} words, first '{words[0]}', last '{words[-1]}'")
