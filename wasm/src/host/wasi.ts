// WASI preview1 imports and the few wrappers the compiler needs: arguments,
// whole-file reads and writes, stdout/stderr, exit. Everything else in the
// compiler is pure and never touches the host.

@external("wasi_snapshot_preview1", "fd_write")
declare function fd_write(fd: u32, iovs: usize, iovs_len: u32, nwritten: usize): u16;
@external("wasi_snapshot_preview1", "fd_read")
declare function fd_read(fd: u32, iovs: usize, iovs_len: u32, nread: usize): u16;
@external("wasi_snapshot_preview1", "fd_close")
declare function fd_close(fd: u32): u16;
@external("wasi_snapshot_preview1", "path_open")
declare function path_open(
  dirfd: u32, dirflags: u32, path: usize, path_len: usize, oflags: u16,
  rights_base: u64, rights_inheriting: u64, fdflags: u16, fd: usize,
): u16;
@external("wasi_snapshot_preview1", "args_sizes_get")
declare function args_sizes_get(argc: usize, argv_buf_size: usize): u16;
@external("wasi_snapshot_preview1", "args_get")
declare function args_get(argv: usize, argv_buf: usize): u16;
@external("wasi_snapshot_preview1", "proc_exit")
declare function proc_exit(code: u32): void;

export const STDOUT: u32 = 1;
export const STDERR: u32 = 2;
// The first preopened directory: hosts map the working directory here.
const PREOPEN_FD: u32 = 3;

const RIGHTS_READ: u64 = 2 /* fd_read */ | 4 /* fd_seek */ | 32 /* fd_tell */;
const RIGHTS_WRITE: u64 = 64 /* fd_write */;
const OFLAG_CREAT: u16 = 1;
const OFLAG_TRUNC: u16 = 8;

export function writeBytes(fd: u32, data: Uint8Array): void {
  let offset = 0;
  const iov = memory.data(8);
  const written = memory.data(4);
  while (offset < data.length) {
    store<u32>(iov, data.dataStart + <usize>offset);
    store<u32>(iov, <u32>(data.length - offset), 4);
    if (fd_write(fd, iov, 1, written) != 0) return;
    const n = load<u32>(written);
    if (n == 0) return;
    offset += <i32>n;
  }
}

export function writeString(fd: u32, text: string): void {
  writeBytes(fd, Uint8Array.wrap(String.UTF8.encode(text)));
}

export function args(): string[] {
  const counts = memory.data(8);
  args_sizes_get(counts, counts + 4);
  const argc = load<u32>(counts);
  const bufSize = load<u32>(counts, 4);
  const argv = new ArrayBuffer(<i32>argc * 4);
  const buf = new ArrayBuffer(<i32>bufSize);
  args_get(changetype<usize>(argv), changetype<usize>(buf));
  const out = new Array<string>();
  for (let i: u32 = 0; i < argc; i++) {
    const start = load<u32>(changetype<usize>(argv) + i * 4);
    let end = start;
    while (load<u8>(end) != 0) end++;
    out.push(String.UTF8.decodeUnsafe(start, end - start));
  }
  return out;
}

function openFile(path: string, oflags: u16, rights: u64): i32 {
  const encoded = String.UTF8.encode(path);
  const fdOut = memory.data(4);
  const err = path_open(
    PREOPEN_FD, 1, changetype<usize>(encoded), <usize>encoded.byteLength,
    oflags, rights, 0, 0, fdOut,
  );
  return err == 0 ? <i32>load<u32>(fdOut) : -1;
}

/** Reads a whole file relative to the preopened directory; null when it cannot be opened. */
export function readFile(path: string): Uint8Array | null {
  const fd = openFile(path, 0, RIGHTS_READ);
  if (fd < 0) return null;
  const data = readAllFd(<u32>fd);
  fd_close(<u32>fd);
  return data;
}

export function readAllFd(fd: u32): Uint8Array {
  let result = new Uint8Array(0);
  const chunk = new Uint8Array(65536);
  const iov = memory.data(8);
  const nread = memory.data(4);
  while (true) {
    store<u32>(iov, chunk.dataStart);
    store<u32>(iov, <u32>chunk.length, 4);
    if (fd_read(fd, iov, 1, nread) != 0) break;
    const n = <i32>load<u32>(nread);
    if (n == 0) break;
    const grown = new Uint8Array(result.length + n);
    grown.set(result);
    grown.set(chunk.subarray(0, n), result.length);
    result = grown;
  }
  return result;
}

/** Writes a whole file, replacing it; false when it cannot be created. */
export function writeFile(path: string, data: Uint8Array): bool {
  const fd = openFile(path, OFLAG_CREAT | OFLAG_TRUNC, RIGHTS_WRITE);
  if (fd < 0) return false;
  writeBytes(<u32>fd, data);
  fd_close(<u32>fd);
  return true;
}

export function exit(code: i32): void {
  proc_exit(<u32>code);
}
