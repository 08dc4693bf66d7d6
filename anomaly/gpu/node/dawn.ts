/// <reference types="@webgpu/types" />
/**
 * WebGPU in Node through the `webgpu` package (Dawn). On a machine without
 * a GPU driver, Chromium's SwiftShader works as a Vulkan driver: the process
 * needs `LD_LIBRARY_PATH=/usr/lib/chromium` (for Chromium's Vulkan loader,
 * read when the process starts) and `VK_ICD_FILENAMES` pointing at its ICD
 * file, which is filled in here when unset and the file exists.
 */
import { existsSync } from "node:fs";

export const SWIFTSHADER_ICD = "/usr/lib/chromium/vk_swiftshader_icd.json";

/**
 * The Dawn instance, held for the life of the process: if it is collected
 * while an adapter or device made from it lives, Dawn aborts the process.
 */
let instance: GPU | undefined;

/** navigator.gpu for Node, or undefined when the package cannot load. */
export async function dawnGpu(): Promise<GPU | undefined> {
  if (instance !== undefined) return instance;
  if (process.env.VK_ICD_FILENAMES === undefined && existsSync(SWIFTSHADER_ICD)) {
    process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  }
  try {
    const { create, globals } = await import("webgpu");
    // GPUBufferUsage, GPUMapMode… are globals in a browser.
    Object.assign(globalThis, globals);
    instance = create(["backend=vulkan"]);
    return instance;
  } catch {
    return undefined;
  }
}
