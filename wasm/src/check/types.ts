// Semantic types. Primitive types are singletons; arrays and tuples are
// interned by their spelling, so two types are the same exactly when they
// are the same object.
export const enum TyK { Error, Never, Unit, Bool, I64, I32, U8, F64, Str, Ptr, Array, Tuple, Struct, Enum, Module, Func, U32, U64 }

export class Type {
  elem: Type | null = null;       // array element; a function type's result
  elems: Type[] = [];             // tuple elements, struct field types, function parameters
  fieldNames: string[] = [];      // struct fields
  variants: Variant[] = [];       // enum variants
  base: string = "";              // for an instance of a generic type: its name ("Pair")
  typeArgs: Type[] = [];          // and its type arguments
  constructor(public kind: TyK, public name: string) {}

  get isInt(): bool {
    const k = this.kind;
    return k == TyK.I64 || k == TyK.I32 || k == TyK.U8 || k == TyK.U32 || k == TyK.U64;
  }
  /** u8, u32 and u64: unsigned comparison, division, remainder and right shift. */
  get isUnsigned(): bool { return this.kind == TyK.U8 || this.kind == TyK.U32 || this.kind == TyK.U64; }
  get isNumeric(): bool { return this.isInt || this.kind == TyK.F64; }
  get isError(): bool { return this.kind == TyK.Error; }

  /** Values of this type live on the heap and are reference counted. */
  get isHeap(): bool {
    const k = this.kind;
    if (k == TyK.Enum) return hasPayload(this);
    return k == TyK.Str || k == TyK.Array || k == TyK.Tuple || k == TyK.Struct || k == TyK.Func;
  }

  fieldIndex(name: string): i32 {
    for (let i = 0; i < this.fieldNames.length; i++) if (this.fieldNames[i] == name) return i;
    return -1;
  }

  variantIndex(name: string): i32 {
    for (let i = 0; i < this.variants.length; i++) if (this.variants[i].name == name) return i;
    return -1;
  }
}

export class Variant {
  constructor(public name: string, public payload: Type[]) {}
}

/** An enum without payloads is a plain i32 tag, not a heap object. */
export function hasPayload(t: Type): bool {
  for (let i = 0; i < t.variants.length; i++) if (t.variants[i].payload.length > 0) return true;
  return false;
}

/** Whether `==` (and the `__hash` intrinsic behind map keys) applies: scalars, str and tuples of them. */
export function isEquatable(t: Type): bool {
  const k = t.kind;
  if (t.isNumeric || k == TyK.Str || k == TyK.Bool || k == TyK.Ptr || (k == TyK.Enum && !t.isHeap)) return true;
  if (k != TyK.Tuple) return false;
  for (let i = 0; i < t.elems.length; i++) if (!isEquatable(t.elems[i])) return false;
  return true;
}

export const tError = new Type(TyK.Error, "<error>");
export const tNever = new Type(TyK.Never, "never");
export const tUnit = new Type(TyK.Unit, "()");
export const tBool = new Type(TyK.Bool, "bool");
export const tI64 = new Type(TyK.I64, "i64");
export const tI32 = new Type(TyK.I32, "i32");
export const tU8 = new Type(TyK.U8, "u8");
export const tU32 = new Type(TyK.U32, "u32");
export const tU64 = new Type(TyK.U64, "u64");
export const tF64 = new Type(TyK.F64, "f64");
export const tStr = new Type(TyK.Str, "str");
export const tPtr = new Type(TyK.Ptr, "ptr");

const interned = new Map<string, Type>();

export function arrayOf(elem: Type): Type {
  const name = "[" + elem.name + "]";
  if (interned.has(name)) return interned.get(name);
  const t = new Type(TyK.Array, name);
  t.elem = elem;
  interned.set(name, t);
  return t;
}

export function tupleOf(elems: Type[]): Type {
  let name = "(";
  for (let i = 0; i < elems.length; i++) name += (i > 0 ? ", " : "") + elems[i].name;
  name += elems.length == 1 ? ",)" : ")";
  if (interned.has(name)) return interned.get(name);
  const t = new Type(TyK.Tuple, name);
  t.elems = elems;
  for (let i = 0; i < elems.length; i++) t.fieldNames.push(i.toString());
  interned.set(name, t);
  return t;
}

/**
 * `fn(A, B) -> R`: a function or closure value (a heap object holding the
 * code's table slot and the captured values). A unit result is written `fn(A)`.
 */
export function fnOf(params: Type[], ret: Type): Type {
  const parts: string[] = ["fn("];
  for (let i = 0; i < params.length; i++) {
    if (i > 0) parts.push(", ");
    parts.push(params[i].name);
  }
  parts.push(")");
  if (ret.kind != TyK.Unit) {
    parts.push(" -> ");
    parts.push(ret.name);
  }
  const name = parts.join("");
  if (interned.has(name)) return interned.get(name);
  const t = new Type(TyK.Func, name);
  t.elems = params;
  t.elem = ret;
  interned.set(name, t);
  return t;
}

/** `T?`, i.e. Option<T>: Some(T) is variant 0, None is variant 1. */
export function optionOf(t: Type): Type {
  const name = t.name + "?";
  if (interned.has(name)) return interned.get(name);
  const o = new Type(TyK.Enum, name);
  o.variants.push(new Variant("Some", [t]));
  o.variants.push(new Variant("None", []));
  o.elem = t;
  interned.set(name, o);
  return o;
}

/** Result<T, E>: Ok(T) is variant 0, Err(E) is variant 1. */
export function resultOf(t: Type, e: Type): Type {
  const name = "Result<" + t.name + ", " + e.name + ">";
  if (interned.has(name)) return interned.get(name);
  const r = new Type(TyK.Enum, name);
  r.variants.push(new Variant("Ok", [t]));
  r.variants.push(new Variant("Err", [e]));
  r.elem = t;
  interned.set(name, r);
  return r;
}

export function isOption(t: Type): bool {
  return t.kind == TyK.Enum && t.variants.length == 2 && t.variants[0].name == "Some" && t.variants[1].name == "None";
}

export function isResult(t: Type): bool {
  return t.kind == TyK.Enum && t.variants.length == 2 && t.variants[0].name == "Ok" && t.variants[1].name == "Err";
}

export function primitiveByName(name: string): Type | null {
  if (name == "i64" || name == "int") return name == "i64" ? tI64 : null;
  if (name == "i32") return tI32;
  if (name == "u8") return tU8;
  if (name == "u32") return tU32;
  if (name == "u64") return tU64;
  if (name == "f64") return tF64;
  if (name == "bool") return tBool;
  if (name == "str") return tStr;
  if (name == "ptr") return tPtr;
  return null;
}

/** `a` can be used where `b` is expected (never fits anywhere; errors fit silently). */
export function assignable(a: Type, b: Type): bool {
  return a == b || a.kind == TyK.Never || a.kind == TyK.Error || b.kind == TyK.Error || holdsError(a, 4) || holdsError(b, 4);
}

/**
 * Whether an array, tuple, function or generic instance type is built from
 * an unknown type (`[usize]` once `usize` was reported): such a type fits
 * wherever its known parts might, so the one error is not followed by more.
 */
function holdsError(t: Type, depth: i32): bool {
  if (t.kind == TyK.Error) return true;
  if (depth == 0) return false;
  const k = t.kind;
  if (k != TyK.Array && k != TyK.Tuple && k != TyK.Func && t.typeArgs.length == 0) return false;
  if (t.elem !== null && holdsError(t.elem!, depth - 1)) return true;
  if (k == TyK.Tuple || k == TyK.Func) {
    for (let i = 0; i < t.elems.length; i++) if (holdsError(t.elems[i], depth - 1)) return true;
  }
  for (let i = 0; i < t.typeArgs.length; i++) if (holdsError(t.typeArgs[i], depth - 1)) return true;
  return false;
}
