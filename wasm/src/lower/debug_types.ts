import { TyK, Type } from "../check/types";
import { fieldOffsets } from "./layout";

/**
 * A debug build's description of a local's type, so the host can read any
 * value from memory (lang/runtime/debug/formatValue.ts): JSON text,
 * `{"root": NAME, "types": {NAME: ENTRY, ...}}` with an entry for every
 * composite type reachable from the root, keyed by the type's name (a type
 * that holds itself, `struct Node { kids: [Node] }`, is one entry naming
 * itself). Scalars, `str` and `()` have no entry: the host knows them. An entry:
 *   {"a": ELEM}                                        an array
 *   {"s": [[FIELD, TYPE, OFFSET], ...]}                a struct
 *   {"t": [[TYPE, OFFSET], ...]}                       a tuple
 *   {"e": [[VARIANT, [[TYPE, OFFSET], ...]], ...], "h": HEAP}   an enum (HEAP: a pointer to
 *        [rc][tag][payload]; otherwise the value is the tag itself)
 *   {"o": 1}                                           anything else (a function): its type only
 * Offsets are from the object's start (layout.ts). Names never hold `"` or `\`.
 */
export function describeType(cache: Map<string, string>, root: Type): string {
  if (cache.has(root.name)) return cache.get(root.name);
  const d = new Describer();
  d.visit(root);
  const text = '{"root":"' + root.name + '","types":{' + d.entries.join(",") + "}}";
  cache.set(root.name, text);
  return text;
}

class Describer {
  entries: string[] = [];
  seen: Set<string> = new Set();

  visit(t: Type): void {
    const k = t.kind;
    if (t.isNumeric || k == TyK.Bool || k == TyK.Str || k == TyK.Unit || k == TyK.Never || k == TyK.Error) return;
    if (this.seen.has(t.name)) return;
    this.seen.add(t.name);
    // The entry is added before the types it names, which may name it again.
    const at = this.entries.length;
    this.entries.push("");
    let entry = '{"o":1}';
    if (k == TyK.Array) {
      entry = '{"a":"' + t.elem!.name + '"}';
      this.visit(t.elem!);
    } else if (k == TyK.Struct) {
      const offs = fieldOffsets(t.elems);
      const parts: string[] = [];
      for (let i = 0; i < t.elems.length; i++) {
        parts.push('["' + t.fieldNames[i] + '","' + t.elems[i].name + '",' + offs[i].toString() + "]");
        this.visit(t.elems[i]);
      }
      entry = '{"s":[' + parts.join(",") + "]}";
    } else if (k == TyK.Tuple) {
      entry = '{"t":' + this.slots(t.elems) + "}";
    } else if (k == TyK.Enum) {
      const parts: string[] = [];
      for (let v = 0; v < t.variants.length; v++) {
        const variant = t.variants[v];
        parts.push('["' + variant.name + '",' + this.slots(variant.payload) + "]");
      }
      entry = '{"e":[' + parts.join(",") + '],"h":' + (t.isHeap ? "true" : "false") + "}";
    }
    this.entries[at] = '"' + t.name + '":' + entry;
  }

  /** A tuple's elements or a variant's payload: each type with its offset. */
  slots(types: Type[]): string {
    const offs = fieldOffsets(types);
    const parts: string[] = [];
    for (let i = 0; i < types.length; i++) {
      parts.push('["' + types[i].name + '",' + offs[i].toString() + "]");
      this.visit(types[i]);
    }
    return "[" + parts.join(",") + "]";
  }
}
