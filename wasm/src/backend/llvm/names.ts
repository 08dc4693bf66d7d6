import { T } from "../../ir/ir";

// Spelling of LLVM IR text: types, symbol names, constants and byte strings.

/** The LLVM type of an IR value. Pointers stay 32-bit offsets into the heap, as on wasm32. */
export function llType(t: T): string {
  switch (t) {
    case T.I32: return "i32";
    case T.I64: return "i64";
    case T.F64: return "double";
    case T.Ptr: return "i32";
  }
  return "void";
}

function isPlainNameChar(c: i32): bool {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 46 || c == 95 || c == 45 || c == 36;
}

/** `@name`, quoted when the name has characters LLVM identifiers cannot carry (generic helper names like `drop.[i32]`). */
export function globalName(name: string): string {
  let plain = name.length > 0 && !(name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57);
  for (let i = 0; i < name.length && plain; i++) plain = isPlainNameChar(name.charCodeAt(i));
  if (plain) return "@" + name;
  let q = "@\"";
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    q += c == 34 || c == 92 || c < 32 || c > 126 ? "\\" + hexByte(c & 255) : String.fromCharCode(c);
  }
  return q + "\"";
}

/**
 * Every Pith function gets a `pith.` prefix: internal names must not shadow
 * what the code generator itself calls (memcpy, memset) or the shim's
 * symbols (pith_main, pith_sys_*), whatever the program names its functions.
 */
export function funcName(name: string): string {
  return globalName("pith." + name);
}

const HEX = "0123456789ABCDEF";

export function hexByte(b: i32): string {
  return HEX.charAt((b >> 4) & 15) + HEX.charAt(b & 15);
}

function hex64(v: i64): string {
  let s = "";
  for (let shift = 60; shift >= 0; shift -= 4) s += HEX.charAt(<i32>((v >> shift) & 15));
  return s;
}

/**
 * A double constant. LLVM accepts decimal only when it is exact, so integral
 * values are written as `3.0` for readability and everything else (and -0,
 * NaN, infinities) as the bit pattern in hex.
 */
export function doubleConst(f: f64): string {
  const bits = reinterpret<i64>(f);
  if (isFinite(f) && f == Math.floor(f) && Math.abs(f) < 9007199254740992.0 && bits != (<i64>1 << 63)) {
    return (<i64>f).toString() + ".0";
  }
  return "0x" + hex64(bits);
}

/** The body of a `c"..."` string constant. */
export function byteString(data: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < data.length; i++) {
    const c = <i32>data[i];
    parts.push(c >= 32 && c <= 126 && c != 34 && c != 92 ? String.fromCharCode(c) : "\\" + hexByte(c));
  }
  return parts.join("");
}

/** An integer constant of type t (i32 constants are stored sign-extended or not; wrap to 32 bits). */
export function intConst(t: T, v: i64): string {
  if (t == T.I64) return v.toString();
  return (<i32>v).toString();
}
