text = "the quick brown fox jumps over the lazy dog the fox barks and the dog runs quick quick"
counts = {}
for word in text.split(" "):
    counts[word] = counts.get(word, 0) + 1
for word, n in sorted(counts.items(), key=lambda e: (-e[1], e[0])):
    if n > 1:
        print(f"{word}: {n}0")
print(f"{len(counts)} distinct, {len(text.split(' '))} total")
