// Names a programmer brings from other languages (`null`, `range`, `String`,
// `xs.length()`): when one is unknown, the error says how Pith writes it.
// Each function returns the text to append to the "unknown ..." message, or
// "" for a name with no such habit behind it.

import { EMBEDDED_NAMES } from "../generated/stdlib";

/** For an unknown name used as a value. */
export function foreignValueHint(name: string): string {
  if (name == "null" || name == "nil" || name == "undefined" || name == "NULL" || name == "nullptr") {
    return "; Pith has no null: a value that may be missing has type 'T?' and is None or Some(x)";
  }
  if (name == "True" || name == "False") return "; the booleans are written true and false";
  if (name == "this") return "; a method's receiver is 'self', its first parameter: 'fn get(self) -> i64 { self.x }'";
  if (EMBEDDED_NAMES.includes("std/" + name)) {
    // `math.sqrt(x)` without its import (Go's `fmt.Println` lands here too).
    return "; add 'import std." + name + "' at the top of the file" +
      (name == "fmt" ? " (println(\"text {value}\") prints without it)" : "");
  }
  if (name == "console" || name == "System") {
    // `console.log(x)`, `System.out.println(x)`.
    return "; print with println(\"text {value}\") (or print, without the newline)";
  }
  if (name == "pass") return "; an empty block is written '{}'";
  return "";
}

/** For an unknown function called by name. */
export function foreignFunctionHint(name: string): string {
  if (name == "range") return "; a range is written 'for i in 0..n' (or '0..=n' to include n)";
  if (name == "printf" || name == "puts" || name == "echo" || name == "console_log") {
    return "; print with println(\"text {value}\") (or print, without the newline)";
  }
  if (name == "int" || name == "float" || name == "i64" || name == "f64" || name == "str" || name == "string") {
    return "; convert with 'as' ('x as f64'), or put a value into a string: \"{x}\"";
  }
  if (name == "length" || name == "size" || name == "count") return "; the length of an array or string is len(x)";
  if (name == "sqrt" || name == "abs" || name == "pow" || name == "min" || name == "max" || name == "floor" || name == "sin" || name == "cos") {
    return "; it is in std.math: 'import std.math', then 'math." + name + "(...)'";
  }
  if (name == "input" || name == "readline" || name == "read") return "; read a line of input with read_line()";
  if (name == "listOf" || name == "arrayOf" || name == "mutableListOf" || name == "list" || name == "vec") {
    return "; an array is written '[1, 2, 3]' (an empty one with its type, 'let xs: [i64] = []')";
  }
  return "";
}

/** For a method that a value's type does not have. */
export function foreignMethodHint(method: string, isArrayOrStr: bool): string {
  if (method == "clone" || method == "copy" || method == "to_owned") return "; values are copied already: 'let b = a' is a copy";
  if (method == "as_str" || method == "to_str") return "; a str is already what it gives: drop '." + method + "()'";
  if (method == "iter" || method == "into_iter" || method == "iter_mut") {
    return "; loop with 'for x in xs', or use std.array: 'array.map(xs, |x: i64| ...)', 'array.filter', 'array.fold'";
  }
  if (!isArrayOrStr) return method == "to_string" || method == "toString" ? "; put the value into a string: \"{x}\"" : "";
  if (method == "length" || method == "size" || method == "count") return "; the length is len(x)";
  if (method == "append" || method == "add" || method == "push_back") return "; add an element with xs.push(x)";
  if (method == "forEach" || method == "for_each" || method == "map" || method == "filter" || method == "reduce") {
    return "; loop with 'for x in xs', or use std.array: 'array.map(xs, |x: i64| ...)', 'array.filter', 'array.fold'";
  }
  if (method == "to_string" || method == "toString") return "; put the value into a string: \"{x}\"";
  return "";
}

/**
 * For a method called on an option or a Result, which have none: Rust's
 * `o.unwrap()`, `o.is_some()`, Kotlin's and Swift's habits alike.
 */
export function optionMethodHint(method: string, isResult: bool): string {
  const module = isResult ? "result" : "option";
  if (method == "unwrap" || method == "expect" || method == "unwrap_unchecked") {
    return "; options and Results have no methods: 'match o { Some(v) => v, None => panic(\"...\") }' (" +
      (isResult ? "'Ok(v) => v, Err(e) => ...'" : "or 'option.unwrap_or(o, fallback)' with 'import std.option'") + ")";
  }
  if (method == "unwrap_or" || method == "unwrap_or_else" || method == "is_some" || method == "is_none" || method == "is_ok" || method == "is_err") {
    return "; options and Results have no methods: call '" + module + "." + method + "(o, ...)' with 'import std." + module + "'";
  }
  return "";
}

/** For an unknown type name. */
export function foreignTypeHint(name: string): string {
  if (name == "String" || name == "string" || name == "char" || name == "Str") return "; the string type is str (a byte of one is u8)";
  if (name == "float" || name == "double" || name == "f32") return "; the floating-point type is f64";
  if (name == "usize" || name == "isize" || name == "long") return "; lengths and indices are i64";
  if (name == "Vec" || name == "List" || name == "Array") return "; an array of T is written [T]";
  if (name == "HashMap" || name == "Dict" || name == "HashSet") return "; 'import std.map' for Map<K, V> and Set<T>";
  if (name == "boolean" || name == "Bool") return "; the boolean type is bool";
  if (name == "number" || name == "int" || name == "Int" || name == "Integer") return "; the integer type is i64 (a float is f64)";
  return "";
}
