import { Program } from "./check/program";
import { Diagnostics } from "./diagnostics";
import { emitWasm } from "./backend/wasm/emit";
import { emitLlvm } from "./backend/llvm/emit";
import { printIr } from "./ir/print";
import { finishLowering, lowerReached, nextReached, startLowering } from "./lower/lower";
import { checkOnDemand } from "./check/checker";
import { optimize } from "./passes/pipeline";
import { joinLoopExits } from "./passes/loop_exit";
import { rotateLoops } from "./passes/rotate";

/** Lowers a checked program (checking the library functions it reaches), optimises it and runs the selected backend. */
export function buildModule(
  program: Program, opt: i32, emit: string, leakCheck: bool, diags: Diagnostics, lineTables: bool = false, debugHooks: bool = false,
): Uint8Array {
  const lowering = startLowering(program, diags, leakCheck, opt > 0, emit != "ll", debugHooks);
  if (lowering === null) return new Uint8Array(0);
  // Lowering and on-demand checking alternate: a library function is checked
  // when the program first reaches it, before it is lowered.
  for (let f = nextReached(lowering); f !== null; f = nextReached(lowering)) {
    checkOnDemand(program, f);
    if (diags.errorCount > 0) return new Uint8Array(0);
    lowerReached(lowering, f);
  }
  const ir = finishLowering(lowering);
  optimize(ir, opt, emit != "ll");
  if (emit == "ir") return Uint8Array.wrap(String.UTF8.encode(printIr(ir)));
  if (emit == "ll") {
    const source = program.modules[0].module.source;
    const ll = emitLlvm(ir, source.name, lineTables);
    for (let i = 0; i < ll.errors.length; i++) diags.error("E0900", source, 0, 0, ll.errors[i]);
    return Uint8Array.wrap(String.UTF8.encode(ll.text));
  }
  // V8 compiles loops with their tests at the bottom better; LLVM rotates loops itself.
  // A rotated loop's exit test and back branch then become one branch.
  if (opt >= 2 && opt != 4) {
    for (let i = 0; i < ir.funcs.length; i++) {
      rotateLoops(ir.funcs[i]);
      joinLoopExits(ir.funcs[i]);
    }
  }
  return emitWasm(ir, lineTables);
}
