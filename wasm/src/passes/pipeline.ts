import { IrModule } from "../ir/ir";

/** Runs the passes selected by the optimisation level (0-3, 4 = -Os). */
export function optimize(m: IrModule, level: i32): void {
}
