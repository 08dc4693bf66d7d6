// Stdin for a program that blocks: the program worker never returns to its
// event loop while the program runs, so it cannot receive messages. It waits
// on a SharedArrayBuffer instead (Atomics.wait) and the page fills it
// (Atomics.store + notify). Layout: [state, length] as Int32, then the bytes.

const HEADER_BYTES = 8;
/** The most bytes one hand-over carries; a longer line is split. */
export const STDIN_CAPACITY = 64 * 1024;

const IDLE = 0;
const WAITING = 1;
const READY = 2;

export function createStdinBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + STDIN_CAPACITY);
}

/** The program worker's side: blocks until the page hands over bytes; an empty result is end of input. */
export function waitForStdin(buffer: SharedArrayBuffer): Uint8Array {
  const header = new Int32Array(buffer, 0, 2);
  Atomics.store(header, 0, WAITING);
  while (Atomics.load(header, 0) === WAITING) Atomics.wait(header, 0, WAITING);
  const length = Atomics.load(header, 1);
  const bytes = new Uint8Array(buffer, HEADER_BYTES, length).slice();
  Atomics.store(header, 0, IDLE);
  return bytes;
}

/** The page's side: hands bytes to a waiting program (empty bytes = end of input). Returns the bytes left over. */
export function provideStdin(buffer: SharedArrayBuffer, bytes: Uint8Array): Uint8Array {
  const header = new Int32Array(buffer, 0, 2);
  const chunk = bytes.subarray(0, STDIN_CAPACITY);
  new Uint8Array(buffer, HEADER_BYTES, STDIN_CAPACITY).set(chunk);
  Atomics.store(header, 1, chunk.length);
  Atomics.store(header, 0, READY);
  Atomics.notify(header, 0);
  return bytes.subarray(chunk.length);
}
