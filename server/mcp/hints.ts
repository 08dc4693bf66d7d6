// How to fix each compile error the compiler reports, keyed on the fixed
// messages of semantics.md §11. Written for a model repairing its own code:
// the likely cause, then the change that fixes it.

interface Hint {
  pattern: RegExp;
  cause: string;
  fix: string;
}

const HINTS: Hint[] = [
  {
    pattern: /^use 'var' for a mutable binding/,
    cause: "Pith has no `let mut`.",
    fix: "Write `var x = ...` for a binding that changes, `let x = ...` for one that does not.",
  },
  {
    pattern: /^use '\.' instead of '::'/,
    cause: "Paths use a dot in Pith.",
    fix: "Write `Enum.Variant` and `Type.method(...)`, e.g. `Shape.Circle(1.0)`, `Point.origin()`.",
  },
  {
    pattern: /^Pith has no references/,
    cause: "Every value is copied; there is no `&` or `&mut`.",
    fix: "Pass the value itself. To change a caller's value, return the new value or use a `var self` method on a `var`.",
  },
  {
    pattern: /^macros are not supported/,
    cause: "`println!`, `vec!` and other macros do not exist.",
    fix: 'Call the function: `println("{x}")`, and write arrays as `[1, 2, 3]`.',
  },
  {
    pattern: /^expected a new line or ';' after the statement/,
    cause: "Two statements on one line, or an expression split before an operator.",
    fix: "Put each statement on its own line. To continue an expression, end the line with the operator (`a +` then `b`).",
  },
  {
    pattern: /put the value into the string instead/,
    cause: "`+` joins two strings only; Pith converts nothing to a string implicitly.",
    fix: 'Interpolate: `"total: {n}"` instead of `"total: " + n`.',
  },
  {
    pattern: /^Pith has no character literals/,
    cause: "There is no char type or 'c' literal; indexing a string gives its byte as a u8.",
    fix: "Compare the byte with its code (`s[0] == 97` for 'a'), or compare one-letter strings with `==` (\"a\").",
  },
  {
    pattern: /^write '(&&|\|\||!)' for '(and|or|not)'/,
    cause: "Pith spells the boolean operators as symbols.",
    fix: "Write `a && b`, `a || b` and `!a`.",
  },
  {
    pattern: /^an interpolation needs an expression/,
    cause: "`{}` in a string is an interpolation with nothing in it; Pith has no format placeholders.",
    fix: 'Put the expression between the braces: `println("x is {x}")`; write `\\{` for a literal brace.',
  },
  {
    pattern: /^Pith has no '(\+\+|--)'/,
    cause: "There are no increment or decrement operators.",
    fix: "Write `x += 1` (or `x -= 1`) as a statement of its own.",
  },
  {
    pattern: /^'=' assigns a value; use '==' to compare/,
    cause: "A condition used `=`, which is assignment.",
    fix: "Compare with `==`: `if x == 5 { ... }`.",
  },
  {
    pattern: /^C-style 'for' loops are not supported/,
    cause: "`for` iterates over a range or an array only.",
    fix: "Write `for i in 0..n { ... }` (`0..=n` includes n), or a `while` loop with a `var` counter.",
  },
  {
    pattern: /^a variant's payload is written as a tuple/,
    cause: "Enum variants carry positional payloads, not named fields.",
    fix: "Declare `Tri(f64, f64, f64)`, build `Shape.Tri(3.0, 4.0, 5.0)`, and match `Shape.Tri(a, b, c) => ...`; use a struct inside the variant for named fields.",
  },
  {
    pattern: /needs both sides of the same type|^expected (i64|i32|u8|f64), found (i64|i32|u8|f64)/,
    cause: "Pith never converts numbers implicitly.",
    fix: "Convert one side explicitly with `as`, e.g. `x as i64 + y` or `n as f64 / 2.0`.",
  },
  {
    pattern: /^expected .*, found /,
    cause: "A value of one type is used where another is required.",
    fix: "Change the value or the declared type; numbers convert only with `as`, other types not at all.",
  },
  {
    pattern: /^cannot assign to '.*': it is not declared with 'var'/,
    cause: "The binding was declared with `let`, which cannot change (this includes `push`/`pop`).",
    fix: "Declare it with `var`.",
  },
  {
    pattern: /^cannot assign to '/,
    cause: "Parameters are immutable.",
    fix: "Copy the parameter into a local: `var n = n_param`, then change the copy.",
  },
  {
    pattern: /^match is not exhaustive: missing /,
    cause: "A `match` over an enum must handle every variant.",
    fix: "Add an arm for each missing variant listed in the message, or a final `_ => ...` arm.",
  },
  {
    pattern: /^match is not exhaustive/,
    cause: "Integers and strings can never be covered completely by literal or range arms.",
    fix: "Add a final `_ => ...` arm (guarded arms never count toward exhaustiveness).",
  },
  {
    pattern: /^'if' without 'else' has no value/,
    cause: "An `if` used as a value needs both branches.",
    fix: "Add an `else { ... }` branch with a value of the same type.",
  },
  {
    pattern: /must return a value of type .* on every path/,
    cause: "Some path through the function reaches its end without a value.",
    fix: "Make the last expression of the body the result (no `return` needed), or add a `return` on every path.",
  },
  {
    pattern: /^unknown name '/,
    cause: "The name is not declared in scope (or is misspelled).",
    fix: "Declare it with `let`/`var` before use; constants are `const N: i64 = 3` at top level.",
  },
  {
    pattern: /^unknown function '/,
    cause: "No function of that name exists; module functions need their module prefix.",
    fix: "Check the spelling; after `import std.math`, call `math.sqrt(x)`. Built-ins are print, println, eprint, eprintln, len, chr, read_line, read_all, panic, assert.",
  },
  {
    pattern: /^unknown module '/,
    cause: "The module is not part of the standard library.",
    fix: "Use one of std.math, std.str, std.array, std.map, std.random, std.time, std.env, std.fmt, std.json (lang_list_stdlib lists them).",
  },
  {
    pattern: /^cannot print a value of type /,
    cause: "print/println take one value of type i64, i32, u8, f64, bool or str.",
    fix: 'Print the parts: loop over an array, or interpolate fields: `println("{p.x} {p.y}")`.',
  },
  {
    pattern: /^no 'main' function|^'main' must be/,
    cause: "Every program starts at `fn main()` or `fn main() -> i32`.",
    fix: "Add `fn main() { ... }`.",
  },
  {
    pattern: /^cannot infer the type of closure parameter/,
    cause: "A closure parameter needs a type unless the closure is passed where a function type is expected.",
    fix: "Write the type: `|x: i64| x + 1`.",
  },
  {
    pattern: /^'.*' takes \d+ arguments?, found \d+/,
    cause: "The call passes a different number of arguments than the function declares.",
    fix: "Match the declaration; print takes exactly one value, so use interpolation for several.",
  },
  {
    pattern: /is not supported yet/,
    cause: "The grammar has this construct but the current compiler does not implement it.",
    fix: "Rewrite without it (e.g. a free function instead of a generic method); lang_read_gotchas and the README's status list what works.",
  },
  {
    pattern: /^unterminated string literal|^unknown escape sequence/,
    cause: "A string literal is not closed, or uses an escape Pith lacks.",
    fix: 'Close the string on the same line; escapes are \\n \\t \\r \\0 \\" \\\\ \\{ \\} and \\u{hex}.',
  },
];

export interface Explanation {
  cause: string;
  fix: string;
}

/** The hint for a compiler message, or null when the message has none. */
export function explainMessage(message: string): Explanation | null {
  const hint = HINTS.find((h) => h.pattern.test(message));
  return hint ? { cause: hint.cause, fix: hint.fix } : null;
}
