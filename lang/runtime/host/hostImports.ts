// The import object for a Pith program's host modules, given the devices a
// host provides. A module the host lacks gets imports that fail with a
// message naming it, so a program only fails if it calls one.
import { type AudioDevice, createAudioImports } from "./audioHost";
import { type CanvasDevice, createCanvasImports } from "./canvasHost";
import { createHttpImports, type FetchSync } from "./httpHost";
import { HostError, type MemoryRef } from "./memory";

export interface HostDevices {
  canvas?: CanvasDevice;
  audio?: AudioDevice;
  fetchSync?: FetchSync;
}

/** Imports for every function the program imports from `module`, each failing with `why`. */
function unavailable(module: WebAssembly.Module, name: string, why: string): WebAssembly.ModuleImports {
  const imports: WebAssembly.ModuleImports = {};
  for (const i of WebAssembly.Module.imports(module))
    if (i.module === name)
      imports[i.name] = () => {
        throw new HostError(why);
      };
  return imports;
}

export function createHostImports(
  module: WebAssembly.Module,
  memory: MemoryRef,
  devices: HostDevices,
): WebAssembly.Imports {
  return {
    pith_canvas: devices.canvas
      ? createCanvasImports(memory, devices.canvas)
      : unavailable(module, "pith_canvas", "std.canvas is not available in this host"),
    pith_audio: devices.audio
      ? createAudioImports(devices.audio)
      : unavailable(module, "pith_audio", "std.audio is not available in this host"),
    pith_http: devices.fetchSync
      ? createHttpImports(memory, devices.fetchSync)
      : unavailable(module, "pith_http", "std.http is not available in this host"),
  };
}

/** Whether the program imports a host module (so a host can show a canvas panel, start audio...). */
export function usesHostModule(module: WebAssembly.Module, name: "canvas" | "audio" | "http"): boolean {
  return WebAssembly.Module.imports(module).some((i) => i.module === `pith_${name}`);
}
