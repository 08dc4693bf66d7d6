import { isField, Mem, T } from "../../ir/ir";

// Type-based alias analysis for the heap. Every load and store goes through
// one `ptr %heap`, so without help LLVM must assume that a store to a field
// can change an array's length or a reference count, and reloads them in
// every loop iteration. The IR marks what each access touches (ir.ts, Mem);
// here that becomes TBAA metadata: header words and each machine type of
// data are sibling types under one root, so accesses of different kinds never
// alias. Data known to be a field of a non-array object, or an element of an
// array, gets a child type of its machine type, and a field at a known
// offset a child of that: fields and elements never alias each other, nor
// fields at different offsets, while generic data (the parent) aliases all
// of them. Raw accesses (Mem.Any: the runtime's own, memcpy, memset) carry no
// tag and may alias everything, which keeps allocator reuse of memory safe.

const ROOT = 0;
const HEADER = 1;
const I8 = 2;
const I32 = 3;
const I64 = 4;
const F64 = 5;
const FIELDS = 4;   // type k + FIELDS: fields of type k (2..5)
const ELEMS = 8;    // type k + ELEMS: array elements of type k
const TYPES = 14;
const TAGS = 20;    // access tag of type k is !(TAGS + k)
const OFFSETS = 40; // the first node of the fields at known offsets

// Fields at known offsets, numbered as the module's code first uses them:
// "k:offset" -> type node (its access tag is the next node).
let offsetNodes = new Map<string, i32>();
let offsetLines: string[] = [];

function typeOf(mem: Mem, width: i32, ty: T): i32 {
  if (mem == Mem.Header) return HEADER;
  if (mem < Mem.Data) return -1;
  let k = -1;
  if (width == 1) k = I8;
  else if (width == 4) k = I32;
  else if (width == 8) k = ty == T.F64 ? F64 : ty == T.I64 ? I64 : -1;
  if (k < 0) return -1;
  return isField(mem) ? k + FIELDS : mem == Mem.Elem ? k + ELEMS : k;
}

/** The `, !tbaa !N` suffix of a load or store, or "" for raw memory. */
export function tbaaTag(mem: Mem, width: i32, ty: T): string {
  const k = typeOf(mem, width, ty);
  if (k < 0) return "";
  if (mem < Mem.FieldAt) return ", !tbaa !" + (TAGS + k).toString();
  const offset = <i32>mem - <i32>Mem.FieldAt;
  const key = k.toString() + ":" + offset.toString();
  if (!offsetNodes.has(key)) {
    const node = OFFSETS + 2 * offsetNodes.size;
    offsetNodes.set(key, node);
    offsetLines.push("!" + node.toString() + " = !{!\"pith field +" + offset.toString() + " (" + k.toString() + ")\", !" + k.toString() + ", i64 0}");
    offsetLines.push("!" + (node + 1).toString() + " = !{!" + node.toString() + ", !" + node.toString() + ", i64 0}");
  }
  return ", !tbaa !" + (offsetNodes.get(key) + 1).toString();
}

/** The metadata nodes the tags refer to, for the end of the module; starts afresh for the next module. */
export function tbaaMetadata(): string[] {
  const names = ["", "pith header", "pith i8", "pith i32", "pith i64", "pith f64"];
  const out: string[] = ["!" + ROOT.toString() + " = !{!\"pith heap\"}"];
  for (let k = 1; k < names.length; k++) out.push("!" + k.toString() + " = !{!\"" + names[k] + "\", !0, i64 0}");
  for (let k = I8; k <= F64; k++) {
    out.push("!" + (k + FIELDS).toString() + " = !{!\"" + names[k] + " field\", !" + k.toString() + ", i64 0}");
    out.push("!" + (k + ELEMS).toString() + " = !{!\"" + names[k] + " element\", !" + k.toString() + ", i64 0}");
  }
  for (let k = 1; k < TYPES; k++) {
    out.push("!" + (TAGS + k).toString() + " = !{!" + k.toString() + ", !" + k.toString() + ", i64 0}");
  }
  for (let i = 0; i < offsetLines.length; i++) out.push(offsetLines[i]);
  offsetNodes = new Map<string, i32>();
  offsetLines = [];
  return out;
}
