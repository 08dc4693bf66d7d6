import { Program } from "./check/program";
import { Diagnostics } from "./diagnostics";

/** Lowers a checked program and runs the selected backend. */
export function buildModule(program: Program, opt: i32, emit: string, leakCheck: bool, diags: Diagnostics): Uint8Array {
  return new Uint8Array(0);
}
