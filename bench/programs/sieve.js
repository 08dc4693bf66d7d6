// Sieve of Eratosthenes up to five million, repeated twenty times.
function sieve(limit) {
  const composite = new Uint8Array(limit + 1);
  let count = 0;
  for (let i = 2; i <= limit; i++) {
    if (!composite[i]) {
      count++;
      for (let m = i * i; m <= limit; m += i) composite[m] = 1;
    }
  }
  return count;
}

let total = 0;
let last = 0;
for (let round = 0; round < 20; round++) {
  last = sieve(5000000);
  total += last;
}
console.log(String(last));
console.log(String(total));
