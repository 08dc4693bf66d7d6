# Reference: heapq with (weight, order) keys; trees as nested tuples.
import heapq
text = "this is an example of a huffman tree, built in pith"
freq = {}
for ch in text: freq[ch] = freq.get(ch, 0) + 1
heap = []; order = 0
for ch in sorted(freq):
    heapq.heappush(heap, (freq[ch], order, ch)); order += 1
while len(heap) > 1:
    w1, o1, t1 = heapq.heappop(heap); w2, o2, t2 = heapq.heappop(heap)
    heapq.heappush(heap, (w1 + w2, order, (t1, t2))); order += 1
root = heap[0][2]; table = {}
def walk(t, pre):
    if isinstance(t, str): table[t] = pre or "0"
    else: walk(t[0], pre + "0"); walk(t[1], pre + "1")
walk(root, "")
for ch in sorted(freq, key=lambda c: (-freq[c], c)):
    print(f"{repr(ch) if ch == ' ' else ch} x{freq[ch]}: {table[ch]}")
bits = "".join(table[c] for c in text)
print(f"{len(text)} bytes -> {len(bits)} bits (vs {len(text) * 8})")
print(bits[:64])
inv = {v: k for k, v in table.items()}; out = ""; cur = ""
for b in bits:
    cur += b
    if cur in inv: out += inv[cur]; cur = ""
print(f"round trip: {str(out == text).lower()}")
