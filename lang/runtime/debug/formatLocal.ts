// A local's value as the debugger shows it, from what a debug build hands
// over (wasm/src/lower/debug_hooks.ts): scalars arrive as the text println
// would print, strings and arrays as pointers into the program's memory.
// Strings are [rc][len][bytes]; arrays [rc][len][cap][pad][elements].

/** Kinds of hand-over; the numbers are the compiler's LOCAL_* constants. */
export const LOCAL_TEXT = 0;
export const LOCAL_STR = 1;
export const LOCAL_ARRAY = 2;
export const LOCAL_STRUCT = 4;

/** A struct's fields, each as a local of its own (a nested struct shows its type only). */
export interface FormattedStruct {
  type: string;
  value: string;
  fields: { name: string; type: string; value: string }[];
}

/** A struct from its layout text (`Name;field|type|offset;...`, the compiler's LOCAL_STRUCT) and its pointer. */
export function formatStruct(memory: WebAssembly.Memory, layout: string, at: number): FormattedStruct {
  const [type = "", ...parts] = layout.split(";");
  const view = new DataView(memory.buffer);
  const fields = parts.map((part) => {
    const [name = "", fieldType = "", offset = "0"] = part.split("|");
    const where = at + Number(offset);
    const readable = at > 0 && where + 8 <= view.byteLength;
    return { name, type: fieldType, value: readable ? element(memory, view, fieldType, where) : "?" };
  });
  const shown = fields.map((f) => `${f.name}: ${f.value}`).join(", ");
  return { type, value: `${type} { ${shown} }`, fields: fields.map((f) => ({ ...f, value: unquoted(f) })) };
}

/** In the Variables tree a string field shows as a string local does: without quotes. */
function unquoted(f: { type: string; value: string }): string {
  return f.type === "str" ? (JSON.parse(f.value) as string) : f.value;
}

/** Arrays longer than this show their first elements and a count. */
const MAX_ELEMENTS = 100;

export function formatLocal(memory: WebAssembly.Memory, type: string, kind: number, at: number): string {
  if (kind === LOCAL_TEXT || kind === LOCAL_STR) return readString(memory, at);
  if (kind === LOCAL_ARRAY) return formatArray(memory, type, at);
  return `<${type}>`;
}

function readString(memory: WebAssembly.Memory, at: number): string {
  const view = new DataView(memory.buffer);
  if (at <= 0 || at + 8 > view.byteLength) return "";
  const length = Math.max(0, Math.min(view.getInt32(at + 4, true), view.byteLength - at - 8));
  return new TextDecoder().decode(new Uint8Array(memory.buffer, at + 8, length));
}

/** `type` is the element type's name; elements of other types than these show as `<type>`. */
function formatArray(memory: WebAssembly.Memory, elem: string, at: number): string {
  const view = new DataView(memory.buffer);
  if (at <= 0 || at + 16 > view.byteLength) return "[]";
  const length = view.getInt32(at + 4, true);
  const width = elem === "u8" || elem === "bool" ? 1 : elem === "i64" || elem === "u64" || elem === "f64" ? 8 : 4;
  const shown = Math.max(0, Math.min(length, MAX_ELEMENTS, Math.floor((view.byteLength - at - 16) / width)));
  const parts: string[] = [];
  for (let i = 0; i < shown; i++) parts.push(element(memory, view, elem, at + 16 + i * width));
  if (length > shown) parts.push(`… ${length - shown} more`);
  return `[${parts.join(", ")}]`;
}

function element(memory: WebAssembly.Memory, view: DataView, elem: string, at: number): string {
  switch (elem) {
    case "i64":
      return view.getBigInt64(at, true).toString();
    case "u64":
      return view.getBigUint64(at, true).toString();
    case "i32":
      return view.getInt32(at, true).toString();
    case "u32":
      return view.getUint32(at, true).toString();
    case "u8":
      return view.getUint8(at).toString();
    case "bool":
      return view.getUint8(at) !== 0 ? "true" : "false";
    case "f64":
      return String(view.getFloat64(at, true));
    case "str":
      return JSON.stringify(readString(memory, view.getInt32(at, true)));
    default:
      return `<${elem}>`;
  }
}
