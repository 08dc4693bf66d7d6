import { IrModule } from "../ir/ir";
import { versionLoopBounds } from "./bounds";
import { dropUnreadCallSites } from "./caller_cell";
import { shareAddresses } from "./addresses";
import { forwardCopies } from "./copies";
import { dce, removeUnusedFunctions } from "./dce";
import { fold } from "./fold";
import { inline } from "./inline";
import { forwardLoads } from "./loads";
import { scalarReplace } from "./scalar";
import { sinkAddresses } from "./sink";
import { specialise } from "./specialise";
import { tailRecursion } from "./tailrec";
import { unbox } from "./unbox";
import { dropRepeatedChecks } from "./unique";

/**
 * Runs the passes selected by the optimisation level: -O0 none; -O1 folding
 * and dead code; -O2 also inlining of small functions, and of larger ones
 * called with a `var` argument; -O3 inlines larger ones; -Os (4) inlines
 * only tiny functions, to keep the module small.
 * -O2 and above also turn `x + self(args)` tail recursion into loops, and
 * (not -Os) give functions called with a known closure a copy that calls its
 * code directly, so that it can be inlined, and keep the fields of small
 * structs that do not escape in locals (scalar replacement), and those of
 * structs changed in place but never shared too (unboxing); copy-on-write
 * checks already made are dropped and those that hold across a loop hoisted;
 * element addresses move into the stores that use them, and innermost loops
 * whose bounds checks a test of the entry values can prove get an unchecked
 * copy run when that test holds (not -Os); last, loads that repeat an
 * earlier load of unchanged memory are replaced by the value already loaded
 * (not -Os); for the wasm backend, copies between locals that the engine would
 * execute are removed (copies.ts) and a repeated access address is computed once (addresses.ts). From -O2, the positions user code stores for the library's
 * panics are dropped before calls that cannot panic (caller_cell.ts). `forWasm`: the code is for the wasm backend, whose engine
 * optimises a function only for its later calls (see inline.ts).
 */
export function optimize(m: IrModule, level: i32, forWasm: bool = true): void {
  if (level == 0) return;
  if (level >= 2) {
    // Fold first, so that inlining sees the sizes of the simplified bodies.
    for (let i = 0; i < m.funcs.length; i++) {
      fold(m.funcs[i]);
      dce(m.funcs[i]);
      if (level != 4) tailRecursion(m.funcs[i]);
    }
    if (level != 4) specialise(m);
    // After specialisation, which turns calls of known closures into
    // direct calls, and before inlining, which hides which call a
    // position was stored for.
    dropUnreadCallSites(m);
    const limit = level == 3 ? 60 : level == 4 ? 8 : 24;
    // The program's functions first, then scalar replacement while the
    // runtime's reference counting and allocation are still calls, then the runtime.
    inline(m, limit, false, forWasm, level != 4);
    if (level != 4) {
      for (let i = 0; i < m.funcs.length; i++) {
        scalarReplace(m.funcs[i]);
        unbox(m, m.funcs[i]);
      }
    }
    dropRepeatedChecks(m);
    for (let i = 0; i < m.funcs.length; i++) {
      sinkAddresses(m.funcs[i]);
      if (level != 4) versionLoopBounds(m.funcs[i]);
    }
    inline(m, limit, true, forWasm);
    removeUnusedFunctions(m);
    if (level != 4) forwardLoads(m);
    // Last, as the copies it removes are what the passes above leave.
    if (forWasm) {
      for (let i = 0; i < m.funcs.length; i++) {
        forwardCopies(m.funcs[i]);
        // After the copies go, so that addresses read the original locals and match.
        shareAddresses(m.funcs[i]);
      }
    }
  }
  for (let i = 0; i < m.funcs.length; i++) {
    fold(m.funcs[i]);
    dce(m.funcs[i]);
  }
}
