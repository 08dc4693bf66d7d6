// The extension point for host modules (std.canvas, std.audio, std.http...).
//
// A compiled program imports WASI plus, for each host module it uses, the
// functions of one import module. The program worker builds its import object
// from WASI and every provider in HOST_MODULES: a provider names its import
// module and returns the functions, given a context that reaches the
// program's memory (available once the instance exists, so read it lazily
// inside each call) and a channel to the page. On the page, the run's
// HostSession (client/host/hostSession.ts) receives what the provider posts,
// by import module name (frames as ImageBitmaps, audio ring set-up, ...);
// CanvasPanel shows the canvas in the output pane while the program runs.
//
// Programs run in a worker that never yields while they run: a provider that
// must wait (sleep, input) blocks with Atomics.wait on a SharedArrayBuffer it
// created in `start` and sent to its panel, as stdinChannel.ts does for stdin.

import { PITH_HOST_MODULES } from "../host/workerProviders";

export interface HostContext {
  /** The program's linear memory; throws before the instance exists. */
  memory(): WebAssembly.Memory;
  /** Sends a message to this module's panel on the page. */
  post(payload: unknown, transfer?: Transferable[]): void;
}

export interface HostModule {
  /** The import module name the compiler emits for this host module. */
  name: string;
  /** Called once per run, before the program is instantiated. */
  imports(context: HostContext): WebAssembly.ModuleImports;
}

/** Every host module the playground offers: std.canvas, std.audio, std.http. */
export const HOST_MODULES: HostModule[] = [...PITH_HOST_MODULES];
