// Growable SharedArrayBuffers (ES2024; Node 20 and Chromium have them), typed
// here because the project's TypeScript lib predates them. Used to hand an
// HTTP response of any size to a blocked program in one round trip.

interface GrowableSharedArrayBuffer extends SharedArrayBuffer {
  grow(byteLength: number): void;
}

type GrowableConstructor = new (byteLength: number, options: { maxByteLength: number }) => GrowableSharedArrayBuffer;

export function createGrowableBuffer(byteLength: number, maxByteLength: number): SharedArrayBuffer {
  return new (SharedArrayBuffer as unknown as GrowableConstructor)(byteLength, { maxByteLength });
}

/** Grows a buffer made by createGrowableBuffer to at least byteLength. */
export function growBuffer(buffer: SharedArrayBuffer, byteLength: number): void {
  if (buffer.byteLength < byteLength) (buffer as GrowableSharedArrayBuffer).grow(byteLength);
}
