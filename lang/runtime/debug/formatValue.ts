// Any composite value a debug build hands over (an array, struct, tuple, enum
// or map, nested to any depth), read from the program's memory with the type
// description the compiler wrote (wasm/src/lower/debug_types.ts). The text is
// the one the Variables panel and `lang_debug` show, in println's manner:
// numbers as they print, strings quoted inside a value, `Point { x: 1 }`,
// `(1, "a")`, `Some(3)`, `Shape.Circle(2.5)`, `Map { "a": 1 }`; the parts
// come as children so the panel can open them.

/** A value and its parts (fields, elements, payload, entries), each a value of its own. */
export interface ValueNode {
  name: string;
  type: string;
  value: string;
  fields?: ValueNode[];
}

type Entry =
  | { a: string }
  | { s: [string, string, number][] }
  | { t: [string, number][] }
  | { e: [string, [string, number][]][]; h: boolean }
  | { o: 1 };

interface Description {
  root: string;
  types: Record<string, Entry>;
}

/** Elements or entries shown at most; the rest are counted. */
const MAX_ITEMS = 100;
/** Levels of parts given as children; deeper values show their text only. */
const MAX_DEPTH = 6;
/** Values read at most for one local: a large nested value shows its first parts. */
const MAX_NODES = 5000;
/** A value's text is cut past this many characters. */
const MAX_TEXT = 300;
/** Array header: rc, length, capacity, padding, then the elements. */
const ARRAY_DATA = 16;

const SCALAR_WIDTH: Record<string, number> = { u8: 1, bool: 1, i64: 8, u64: 8, f64: 8, "()": 0 };

/** The value of a local of kind LOCAL_VALUE: `raw` is its pointer, or an enum's tag. */
export function formatValue(memory: WebAssembly.Memory, description: string, raw: number): Omit<ValueNode, "name"> {
  let parsed: Description;
  try {
    parsed = JSON.parse(description) as Description;
  } catch {
    return { type: description, value: `<${description}>` };
  }
  const reader = new Reader(memory, parsed.types);
  const node = reader.value(parsed.root, raw, 0);
  return { type: node.type, value: node.value, fields: node.fields };
}

class Reader {
  private readonly view: DataView;
  private readonly decoder = new TextDecoder();
  private nodes = 0;

  constructor(
    private readonly memory: WebAssembly.Memory,
    private readonly types: Record<string, Entry>,
  ) {
    this.view = new DataView(memory.buffer);
  }

  /** A value of `type` given as it is held in a local or a slot: a pointer, a tag or a scalar's bits. */
  value(type: string, raw: number | bigint, depth: number, name = ""): ValueNode {
    const entry = this.types[type];
    if (++this.nodes > MAX_NODES) return { name, type, value: "…" };
    if (!entry) return { name, type, value: this.scalar(type, raw) };
    const at = Number(raw);
    if ("e" in entry) return this.enumValue(name, type, entry, at, depth);
    if ("o" in entry) return { name, type, value: `<${type}>` };
    if (!this.readable(at, 8)) return { name, type, value: "?" };
    if ("a" in entry) return this.array(name, type, entry.a, at, depth);
    if ("t" in entry) {
      const parts = this.slots(entry.t, at, depth, (i) => String(i));
      return this.node(name, type, `(${parts.map(shown).join(", ")}${parts.length === 1 ? "," : ""})`, parts, depth);
    }
    if (isMap(type, entry.s)) return this.map(name, type, entry.s, at, depth);
    const parts = entry.s.map(([field, fieldType, offset]) =>
      this.value(fieldType, this.load(fieldType, at + offset), depth + 1, field),
    );
    const base = baseName(type);
    if (base === "Set" && parts[0]?.fields) {
      const items = parts[0].fields.map((entryNode) => ({ ...entryNode, value: entryNode.name }));
      return this.node(name, type, `Set { ${items.map((i) => i.name).join(", ")} }`, items, depth);
    }
    const text = `${type} { ${parts.map((p) => `${p.name}: ${shown(p)}`).join(", ")} }`;
    return this.node(name, type, text, parts, depth);
  }

  private node(name: string, type: string, value: string, parts: ValueNode[], depth: number): ValueNode {
    const text = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
    // A string part shows as a string local does, without quotes; the summary keeps them.
    const fields =
      depth < MAX_DEPTH ? parts.map((p) => (p.type === "str" ? { ...p, value: unquote(p.value) } : p)) : undefined;
    return { name, type, value: text, fields };
  }

  private array(name: string, type: string, elem: string, at: number, depth: number): ValueNode {
    const length = this.view.getInt32(at + 4, true);
    const width = this.width(elem);
    const room = width === 0 ? length : Math.floor((this.view.byteLength - at - ARRAY_DATA) / width);
    const count = Math.max(0, Math.min(length, MAX_ITEMS, room));
    const parts: ValueNode[] = [];
    for (let i = 0; i < count; i++)
      parts.push(this.value(elem, this.load(elem, at + ARRAY_DATA + i * width), depth + 1, `[${i}]`));
    const more = length > count ? [`… ${length - count} more`] : [];
    return this.node(name, type, `[${[...parts.map(shown), ...more].join(", ")}]`, parts, depth);
  }

  private enumValue(
    name: string,
    type: string,
    entry: { e: [string, [string, number][]][]; h: boolean },
    at: number,
    depth: number,
  ): ValueNode {
    if (entry.h && !this.readable(at, 8)) return { name, type, value: "?" };
    const tag = entry.h ? this.view.getInt32(at + 4, true) : at;
    const variant = entry.e[tag];
    if (!variant) return { name, type, value: `<${type}>` };
    const [variantName, payload] = variant;
    // Option and Result print their variants bare, as they are written; other enums as Enum.Variant.
    const bare = type.endsWith("?") || type.startsWith("Result<");
    const label = bare ? variantName : `${baseName(type)}.${variantName}`;
    if (payload.length === 0) return { name, type, value: label };
    const parts = this.slots(payload, at, depth, (i) => String(i));
    return this.node(name, type, `${label}(${parts.map(shown).join(", ")})`, parts, depth);
  }

  /** `Map<K, V>` (std.map): its live entries in insertion order, each named by its key. */
  private map(name: string, type: string, fields: [string, string, number][], at: number, depth: number): ValueNode {
    const field = (n: string) => fields.find((f) => f[0] === n) as [string, string, number];
    const [, keysType, keysAt] = field("keys_");
    const [, valsType, valsAt] = field("vals_");
    const [, , aliveAt] = field("alive_");
    // The arrays are read at the map's own depth: their elements are the entries' parts.
    const keys = this.value(keysType, this.load(keysType, at + keysAt), depth);
    const vals = this.value(valsType, this.load(valsType, at + valsAt), depth);
    const alive = this.view.getInt32(at + aliveAt, true);
    const parts: ValueNode[] = [];
    const keyNodes = keys.fields ?? [];
    keyNodes.forEach((key, i) => {
      const value = vals.fields?.[i];
      const live = this.readable(alive, ARRAY_DATA + i + 1) && this.view.getUint8(alive + ARRAY_DATA + i) !== 0;
      // A key shows as it would inside a value: a string quoted.
      if (value && live) parts.push({ ...value, name: key.type === "str" ? JSON.stringify(key.value) : key.value });
    });
    const text = `Map { ${parts.map((p) => `${p.name}: ${shown(p)}`).join(", ")} }`;
    return this.node(name, type, text, parts, depth);
  }

  private slots(slots: [string, number][], at: number, depth: number, label: (i: number) => string): ValueNode[] {
    return slots.map(([slotType, offset], i) =>
      this.value(slotType, this.load(slotType, at + offset), depth + 1, label(i)),
    );
  }

  /** What a slot of `type` at `at` holds: a scalar's bits, or a pointer (or tag) for the rest. */
  private load(type: string, at: number): number | bigint {
    const width = this.width(type);
    if (width === 0 || !this.readable(at, width)) return 0;
    switch (type) {
      case "i64":
        return this.view.getBigInt64(at, true);
      case "u64":
        return this.view.getBigUint64(at, true);
      case "f64":
        return this.view.getFloat64(at, true);
      case "u8":
      case "bool":
        return this.view.getUint8(at);
      case "u32":
        return this.view.getUint32(at, true);
      default:
        return this.view.getInt32(at, true);
    }
  }

  private width(type: string): number {
    return SCALAR_WIDTH[type] ?? 4;
  }

  private scalar(type: string, raw: number | bigint): string {
    switch (type) {
      case "bool":
        return raw ? "true" : "false";
      case "str":
        return JSON.stringify(this.string(Number(raw)));
      case "()":
        return "()";
      default:
        return String(raw);
    }
  }

  private string(at: number): string {
    if (!this.readable(at, 8)) return "";
    const length = Math.max(0, Math.min(this.view.getInt32(at + 4, true), this.view.byteLength - at - 8));
    return this.decoder.decode(new Uint8Array(this.memory.buffer, at + 8, length));
  }

  private readable(at: number, bytes: number): boolean {
    return at > 0 && at + bytes <= this.view.byteLength;
  }
}

/** A part as it shows inside its parent's text. */
const shown = (node: ValueNode): string => node.value;

function unquote(text: string): string {
  try {
    return JSON.parse(text) as string;
  } catch {
    return text;
  }
}

/** "Map<str, i64>" → "Map"; "Point" → "Point". */
function baseName(type: string): string {
  const cut = type.indexOf("<");
  return cut < 0 ? type : type.slice(0, cut);
}

function isMap(type: string, fields: [string, string, number][]): boolean {
  const names = new Set(fields.map((f) => f[0]));
  return baseName(type) === "Map" && names.has("keys_") && names.has("vals_") && names.has("alive_");
}
