import { Program } from "./check/program";
import { Diagnostics } from "./diagnostics";
import { emitWasm } from "./backend/wasm/emit";
import { printIr } from "./ir/print";
import { lowerProgram } from "./lower/lower";
import { optimize } from "./passes/pipeline";

/** Lowers a checked program, optimises it and runs the selected backend. */
export function buildModule(program: Program, opt: i32, emit: string, leakCheck: bool, diags: Diagnostics): Uint8Array {
  const ir = lowerProgram(program, diags, leakCheck);
  if (ir === null) return new Uint8Array(0);
  optimize(ir, opt);
  if (emit == "ir") return Uint8Array.wrap(String.UTF8.encode(printIr(ir)));
  return emitWasm(ir);
}
