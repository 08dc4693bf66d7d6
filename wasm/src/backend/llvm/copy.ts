// The native lowering of memory.copy with a length known only at run time.
//
// LLVM turns llvm.memmove of an unknown length into a call of the shim's
// memmove. Most copies a program makes are small, though: the copy-on-write
// copy of a short array (fannkuch copies a 10-element permutation for every
// permutation), a string joined to another, an array outgrowing its first
// few slots. For those the call, its size dispatch and the registers its
// caller saves around it cost more than the copy. So a copy of up to 128
// bytes is done inline with 16-byte moves: 2, 4 or 8 of them, the last ones
// anchored at the end of the range so that they overlap the first ones
// instead of needing a loop; under 16 bytes, two 8-byte or 4-byte moves, or
// three single bytes. Every load comes before any store, which keeps
// memmove's meaning for overlapping ranges. Longer copies still call memmove.

/** The largest copy done inline. */
const INLINE_LIMIT = 128;

/** The name of the helper in the emitted module. */
export const COPY_HELPER = "@pith.copy";

/** Moves a `ty` at each of `offsets` (IR values) from %s to %d, all loads first, then goes to %done. */
function moves(out: string[], tag: string, offsets: string[], ty: string): void {
  for (let i = 0; i < offsets.length; i++) {
    out.push("  %s." + tag + i.toString() + " = getelementptr i8, ptr %s, i64 " + offsets[i]);
    out.push("  %v." + tag + i.toString() + " = load " + ty + ", ptr %s." + tag + i.toString() + ", align 1");
  }
  for (let i = 0; i < offsets.length; i++) {
    out.push("  %d." + tag + i.toString() + " = getelementptr i8, ptr %d, i64 " + offsets[i]);
    out.push("  store " + ty + " %v." + tag + i.toString() + ", ptr %d." + tag + i.toString() + ", align 1");
  }
  out.push("  br label %done");
}

let definition = "";

/** The definition of `@pith.copy(ptr dst, ptr src, i64 bytes)`, inlined wherever it is called. */
export function copyHelper(): string {
  if (definition.length == 0) definition = buildHelper();
  return definition;
}

function buildHelper(): string {
  const out: string[] = [];
  const v = "<2 x i64>";
  out.push("define internal void " + COPY_HELPER + "(ptr %d, ptr %s, i64 %n) alwaysinline nounwind {");
  out.push("entry:");
  out.push("  %small = icmp ule i64 %n, " + INLINE_LIMIT.toString());
  out.push("  br i1 %small, label %inline, label %call");
  out.push("call:");
  out.push("  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)");
  out.push("  ret void");
  out.push("inline:");
  out.push("  %m8 = sub i64 %n, 8");
  out.push("  %m16 = sub i64 %n, 16");
  out.push("  %m32 = sub i64 %n, 32");
  out.push("  %m48 = sub i64 %n, 48");
  out.push("  %m64 = sub i64 %n, 64");
  out.push("  %wide = icmp uge i64 %n, 16");
  out.push("  br i1 %wide, label %over16, label %under16");
  // 16..128 bytes: 2, 4 or 8 moves of 16 bytes.
  out.push("over16:");
  out.push("  %gt32 = icmp ugt i64 %n, 32");
  out.push("  br i1 %gt32, label %over32, label %to32");
  out.push("to32:");
  moves(out, "a", ["0", "%m16"], v);
  out.push("over32:");
  out.push("  %gt64 = icmp ugt i64 %n, 64");
  out.push("  br i1 %gt64, label %to128, label %to64");
  out.push("to64:");
  moves(out, "b", ["0", "16", "%m32", "%m16"], v);
  out.push("to128:");
  moves(out, "c", ["0", "16", "32", "48", "%m64", "%m48", "%m32", "%m16"], v);
  // 0..15 bytes: two moves of 8 or of 4 bytes, or three single bytes.
  out.push("under16:");
  out.push("  %word = icmp uge i64 %n, 8");
  out.push("  br i1 %word, label %to16, label %under8");
  out.push("to16:");
  moves(out, "e", ["0", "%m8"], "i64");
  out.push("under8:");
  out.push("  %half = icmp uge i64 %n, 4");
  out.push("  br i1 %half, label %to8, label %under4");
  out.push("to8:");
  out.push("  %m4 = sub i64 %n, 4");
  moves(out, "f", ["0", "%m4"], "i32");
  out.push("under4:");
  out.push("  %none = icmp eq i64 %n, 0");
  out.push("  br i1 %none, label %done, label %to4");
  out.push("to4:");
  out.push("  %mid = lshr i64 %n, 1");
  out.push("  %m1 = sub i64 %n, 1");
  moves(out, "g", ["0", "%mid", "%m1"], "i8");
  out.push("done:");
  out.push("  ret void");
  out.push("}");
  return out.join("\n");
}
