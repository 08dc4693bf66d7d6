// Fannkuch-redux for n = 10, five times over: count pancake flips over all
// permutations.
function fannkuch(n) {
  const perm1 = new Int32Array(n).map((_, i) => i);
  const perm = new Int32Array(n);
  const count = new Int32Array(n);
  let r = n, maxFlips = 0, checksum = 0, permCount = 0;
  for (;;) {
    while (r !== 1) {
      count[r - 1] = r;
      r--;
    }
    perm.set(perm1);
    let flips = 0;
    let k = perm[0];
    while (k !== 0) {
      for (let lo = 0, hi = k; lo < hi; lo++, hi--) {
        const t = perm[lo];
        perm[lo] = perm[hi];
        perm[hi] = t;
      }
      flips++;
      k = perm[0];
    }
    if (flips > maxFlips) maxFlips = flips;
    checksum += permCount % 2 === 0 ? flips : -flips;
    for (;;) {
      if (r === n) return [checksum, maxFlips];
      const perm0 = perm1[0];
      for (let i = 0; i < r; i++) perm1[i] = perm1[i + 1];
      perm1[r] = perm0;
      count[r]--;
      if (count[r] > 0) break;
      r++;
    }
    permCount++;
  }
}

let result = [0, 0];
for (let round = 0; round < 5; round++) result = fannkuch(10);
const [checksum, flips] = result;
console.log(String(checksum));
console.log(`Pfannkuchen(10) = ${flips}`);
