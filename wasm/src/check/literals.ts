import { TyK, Type } from "./types";

/** Parses decimal, 0x, 0b and 0o integer text; returns false on overflow of 64 bits. */
export class IntParse {
  value: u64 = 0;
  ok: bool = true;
}

export function parseIntText(text: string): IntParse {
  const r = new IntParse();
  let base: u64 = 10;
  let i = 0;
  if (text.length > 2 && text.charCodeAt(0) == 48) {
    const p = text.charCodeAt(1);
    if (p == 120) { base = 16; i = 2; } else if (p == 98) { base = 2; i = 2; } else if (p == 111) { base = 8; i = 2; }
  }
  if (i == text.length) { r.ok = false; return r; }
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let d: u64 = 99;
    if (c >= 48 && c <= 57) d = <u64>(c - 48);
    else if (c >= 97 && c <= 102) d = <u64>(c - 87);
    else if (c >= 65 && c <= 70) d = <u64>(c - 55);
    if (d >= base) { r.ok = false; return r; }
    if (r.value > (U64.MAX_VALUE - d) / base) { r.ok = false; return r; }
    r.value = r.value * base + d;
  }
  return r;
}

/** Whether `value` (negated when `negative`) fits `ty`; unsigned spellings of i32/i64 bit patterns are allowed for hex. */
export function intFits(value: u64, negative: bool, ty: Type): bool {
  if (ty.kind == TyK.U8) return !negative && value <= 255;
  if (ty.kind == TyK.U32) return !negative && value <= 0xffffffff;
  if (ty.kind == TyK.U64) return !negative;
  if (ty.kind == TyK.I32 || ty.kind == TyK.Ptr) return negative ? value <= 0x80000000 : value <= 0xffffffff;
  if (ty.kind == TyK.I64) return negative ? value <= 0x8000000000000000 : true;
  return true;
}
