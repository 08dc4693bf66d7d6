// The import object for a Pith program's host modules, given the devices a
// host provides. A module the host lacks gets imports that fail with a
// message naming it, so a program only fails if it calls one.

import { HOST_MODULE_NAMES, type HostModuleName, hostImportName } from "../../../protocol/hostModules";
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
  // One entry per module of the table; the Record type makes a new module
  // without a line here a type error.
  const provided: Record<HostModuleName, WebAssembly.ModuleImports | undefined> = {
    canvas: devices.canvas && createCanvasImports(memory, devices.canvas),
    audio: devices.audio && createAudioImports(devices.audio),
    http: devices.fetchSync && createHttpImports(memory, devices.fetchSync),
  };
  const imports: WebAssembly.Imports = {};
  for (const name of HOST_MODULE_NAMES) {
    const importName = hostImportName(name);
    imports[importName] =
      provided[name] ?? unavailable(module, importName, `std.${name} is not available in this host`);
  }
  return imports;
}

/** Whether the program imports a host module (so a host can show a canvas panel, start audio...). */
export function usesHostModule(module: WebAssembly.Module, name: HostModuleName): boolean {
  return WebAssembly.Module.imports(module).some((i) => i.module === hostImportName(name));
}
