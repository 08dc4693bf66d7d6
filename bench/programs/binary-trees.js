// Binary-trees (Benchmarks Game algorithm) with maximum depth 18: allocation
// and deallocation of many short-lived recursive values.
function make(depth) {
  return depth === 0 ? { left: null, right: null } : { left: make(depth - 1), right: make(depth - 1) };
}

function check(t) {
  return t === null ? 0 : 1 + check(t.left) + check(t.right);
}

const minDepth = 4;
const maxDepth = 18;
const stretch = maxDepth + 1;
console.log(`stretch tree of depth ${stretch}\t check: ${check(make(stretch))}`);
const longLived = make(maxDepth);
for (let d = minDepth; d <= maxDepth; d += 2) {
  const iterations = 1 << (maxDepth - d + minDepth);
  let total = 0;
  for (let i = 0; i < iterations; i++) total += check(make(d));
  console.log(`${iterations}\t trees of depth ${d}\t check: ${total}`);
}
console.log(`long lived tree of depth ${maxDepth}\t check: ${check(longLived)}`);
