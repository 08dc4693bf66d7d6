import { T } from "../../ir/ir";
import { DebugInfo } from "./debug";

/** What a function emitter needs from the module: callee signatures and the intrinsics it declares. */
export class ModuleContext {
  /** Callee name → its symbol, result and parameter types (functions and import adapters alike). */
  symbols: Map<string, string> = new Map();
  results: Map<string, T> = new Map();
  params: Map<string, T[]> = new Map();
  declares: Set<string> = new Set();
  declareOrder: string[] = [];
  errors: string[] = [];
  /** Whether some function calls through @pith.table. */
  usesTable: bool = false;
  /** Line tables, only when the build asks for them (-g). */
  debug: DebugInfo | null = null;

  addDeclare(line: string): void {
    if (this.declares.has(line)) return;
    this.declares.add(line);
    this.declareOrder.push(line);
  }
}
