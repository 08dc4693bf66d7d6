// Mandelbrot set membership on a 3000 x 3000 grid, 50 iterations
// (the Benchmarks Game's mapping), printed as counts instead of a bitmap.
const n = 3000;
let inside = 0;
let weighted = 0;
for (let y = 0; y < n; y++) {
  const ci = (2.0 * y) / n - 1.0;
  let row = 0;
  for (let x = 0; x < n; x++) {
    const cr = (2.0 * x) / n - 1.5;
    let zr = 0, zi = 0, tr = 0, ti = 0;
    let i = 0;
    while (i < 50 && tr + ti <= 4.0) {
      zi = 2.0 * zr * zi + ci;
      zr = tr - ti + cr;
      tr = zr * zr;
      ti = zi * zi;
      i++;
    }
    if (tr + ti <= 4.0) row++;
  }
  inside += row;
  weighted += row * (y + 1);
}
console.log(String(inside));
console.log(String(weighted));
