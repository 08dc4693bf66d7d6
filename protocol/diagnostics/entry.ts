// One row of the diagnostic-code table: what the compiler says, why, a
// program that makes it say so, and the change that fixes it. The table is
// the contract between compiler.wasm (which writes the code into every
// diagnostic) and everything that reacts to a diagnostic: quick fixes, MCP
// hints, `pith explain`, the /errors pages. Tools key on `code`; the message
// wording may change, the code never does.

/** How a table example is run to show its code (default: `check --json`). */
export type ExampleCommand = "check" | "fmt" | "build-ll";

export interface DiagnosticCodeEntry {
  /** E and four digits; stable, never reused (a code that goes away moves to RETIRED_CODES). */
  code: string;
  /** A few words for lists and page titles. */
  title: string;
  /**
   * The message as the compiler writes it, `{name}` standing for the parts
   * that vary. Messages of the code start with the text before the first
   * placeholder; tests check the example's message against it.
   */
  template: string;
  /** Why the compiler refuses the program. */
  explanation: string;
  /** A whole program (main.pith) that gets this code and no other; "" only for an internal code. */
  example: string;
  /** The change that fixes it, in words. */
  fix: string;
  /** The example with the fix applied; compiles without diagnostics. */
  fixed?: string;
  /** How the example is run when it is not a `check` error. */
  command?: ExampleCommand;
  /** Reported only when the compiler itself is wrong: no program is known to trigger it. */
  internal?: true;
}
