# Reference: list scan for the best ready job instead of a heap.
jobs = [("A", 1, 0, 5), ("B", 3, 1, 3), ("C", 2, 2, 4), ("D", 3, 3, 2), ("E", 5, 9, 1), ("F", 1, 20, 2)]
ready = []; nxt = 0; seq = 0; t = 0; tl = ""; done = 0
def admit():
    global nxt, seq
    while nxt < len(jobs) and jobs[nxt][2] <= t:
        i, p, a, w = jobs[nxt]; ready.append([p, seq, i, a, w]); seq += 1; nxt += 1
while done < len(jobs):
    admit()
    if not ready:
        tl += "."; t += 1; continue
    best = min(ready, key=lambda r: (-r[0], r[1])); ready.remove(best)
    p, s, i, a, w = best
    sl = min(w, 2); tl += i * sl; t += sl; w -= sl
    if w == 0:
        done += 1; print(f"t={t}: {i} done (waited {t - a} since arrival)")
    else:
        admit(); ready.append([p, seq, i, a, w]); seq += 1
print(f"timeline: {tl}")
