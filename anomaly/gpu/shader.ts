/**
 * The WGSL kernel: one invocation walks one tree for one row and writes the
 * index of the leaf it reaches. Values are compared as 64-bit order keys
 * (orderKey.ts), so every branch is the one the CPU takes; no floating point
 * runs on the GPU at all.
 *
 * Nodes are 5 words: feature (0xFFFFFFFF at a leaf), split key high, split
 * key low, left child, right child (indices into the same node array).
 */
export const WALK_WORKGROUP = 64;

export const WALK_SHADER = /* wgsl */ `
struct Params {
  nRows: u32,
  nTrees: u32,
  rowStride: u32,
  pad: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> roots: array<u32>;
@group(0) @binding(2) var<storage, read> nodes: array<u32>;
@group(0) @binding(3) var<storage, read> rows: array<u32>;
@group(0) @binding(4) var<storage, read_write> leaves: array<u32>;

@compute @workgroup_size(${WALK_WORKGROUP})
fn walk(@builtin(global_invocation_id) id: vec3<u32>) {
  let row = id.x;
  let tree = id.y;
  if (row >= params.nRows || tree >= params.nTrees) {
    return;
  }
  let base = row * params.rowStride;
  var node = roots[tree];
  loop {
    let at = node * 5u;
    let feature = nodes[at];
    if (feature == 0xFFFFFFFFu) {
      break;
    }
    let xh = rows[2u * (base + feature)];
    let xl = rows[2u * (base + feature) + 1u];
    let sh = nodes[at + 1u];
    let sl = nodes[at + 2u];
    let less = xh < sh || (xh == sh && xl < sl);
    node = select(nodes[at + 4u], nodes[at + 3u], less);
  }
  leaves[row * params.nTrees + tree] = node;
}
`;
