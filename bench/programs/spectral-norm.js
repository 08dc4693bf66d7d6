// Spectral norm of the infinite matrix A(i, j) = 1 / ((i+j)(i+j+1)/2 + i + 1),
// by ten rounds of the power method on a 3000 x 3000 section.
function a(i, j) {
  return 1.0 / (((i + j) * (i + j + 1)) / 2 + i + 1);
}

function mulAv(v, out, n) {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += a(i, j) * v[j];
    out[i] = s;
  }
}

function mulAtv(v, out, n) {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += a(j, i) * v[j];
    out[i] = s;
  }
}

function mulAtAv(v, out, tmp, n) {
  mulAv(v, tmp, n);
  mulAtv(tmp, out, n);
}

const n = 3000;
const u = new Float64Array(n).fill(1);
const v = new Float64Array(n);
const tmp = new Float64Array(n);
for (let k = 0; k < 10; k++) {
  mulAtAv(u, v, tmp, n);
  mulAtAv(v, u, tmp, n);
}
let vbv = 0;
let vv = 0;
for (let i = 0; i < n; i++) {
  vbv += u[i] * v[i];
  vv += v[i] * v[i];
}
console.log(String(Math.trunc(Math.sqrt(vbv / vv) * 1e9)));
