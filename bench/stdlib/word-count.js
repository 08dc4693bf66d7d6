// Word frequencies of stdin with a Map, then the ten most frequent.
const text = (await import("node:fs")).readFileSync(0, "latin1");
const counts = new Map();
for (const w of text.match(/[A-Za-z]+/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
let out = `${counts.size} distinct words\n`;
for (let k = 0; k < 10; k++) out += `${top[k][0]} ${top[k][1]}\n`;
process.stdout.write(out);
