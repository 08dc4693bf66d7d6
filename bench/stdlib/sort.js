// Sorts 1M pseudo-random integers and prints a checksum.
const n = 1000000;
const xs = new Array(n);
let x = 12345;
for (let i = 0; i < n; i++) {
  x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
  xs[i] = x;
}
xs.sort((a, b) => a - b);
let check = 0;
for (let i = 0; i < n; i++) check = (check * 31 + xs[i]) % 1000000007;
console.log(`${xs[0]} ${xs[500000]} ${xs[999999]} ${check}`);
