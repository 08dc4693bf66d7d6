import { Mem, T } from "../../ir/ir";

// Type-based alias analysis for the heap. Every load and store goes through
// one `ptr %heap`, so without help LLVM must assume that a store to a field
// can change an array's length or a reference count, and reloads them in
// every loop iteration. The IR marks what each access touches (ir.ts, Mem);
// here that becomes TBAA metadata: header words and each machine type of
// data are sibling types under one root, so accesses of different kinds never
// alias. Raw accesses (Mem.Any: the runtime's own, memcpy, memset) carry no
// tag and may alias everything, which keeps allocator reuse of memory safe.

const ROOT = 0;
const HEADER = 1;
const I8 = 2;
const I32 = 3;
const I64 = 4;
const F64 = 5;
const TAGS = 10; // access tag of type k is !(TAGS + k)

function typeOf(mem: Mem, width: i32, ty: T): i32 {
  if (mem == Mem.Header) return HEADER;
  if (mem != Mem.Data) return -1;
  if (width == 1) return I8;
  if (width == 4) return I32;
  if (width == 8) return ty == T.F64 ? F64 : ty == T.I64 ? I64 : -1;
  return -1;
}

/** The `, !tbaa !N` suffix of a load or store, or "" for raw memory. */
export function tbaaTag(mem: Mem, width: i32, ty: T): string {
  const k = typeOf(mem, width, ty);
  return k < 0 ? "" : ", !tbaa !" + (TAGS + k).toString();
}

/** The metadata nodes the tags refer to, for the end of the module. */
export function tbaaMetadata(): string[] {
  const names = ["", "pith header", "pith i8", "pith i32", "pith i64", "pith f64"];
  const out: string[] = ["!" + ROOT.toString() + " = !{!\"pith heap\"}"];
  for (let k = 1; k < names.length; k++) out.push("!" + k.toString() + " = !{!\"" + names[k] + "\", !0, i64 0}");
  for (let k = 1; k < names.length; k++) {
    out.push("!" + (TAGS + k).toString() + " = !{!" + k.toString() + ", !" + k.toString() + ", i64 0}");
  }
  return out;
}
