// Parses the JSON document on stdin with JSON.parse and prints what it holds.
const doc = JSON.parse((await import("node:fs")).readFileSync(0, "utf8"));
const t = { objects: 0, arrays: 0, strings: 0, numbers: 0, bytes: 0, sum: 0 };
function walk(v) {
  if (Array.isArray(v)) {
    t.arrays++;
    for (const x of v) walk(x);
  } else if (v !== null && typeof v === "object") {
    t.objects++;
    for (const [k, x] of Object.entries(v)) {
      t.bytes += Buffer.byteLength(k);
      walk(x);
    }
  } else if (typeof v === "string") {
    t.strings++;
    t.bytes += Buffer.byteLength(v);
  } else if (typeof v === "number") {
    t.numbers++;
    t.sum += v;
  }
}
walk(doc);
process.stdout.write(
  `${t.objects} objects, ${t.arrays} arrays, ${t.strings} strings, ${t.numbers} numbers\n${t.bytes} string bytes, sum ${Math.trunc(t.sum)}\n`,
);
