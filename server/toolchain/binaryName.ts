// What a native build's executable is called: the program's name (its entry
// file without .pith) and what tells the targets' downloads apart when they
// sit side by side in a Downloads folder: `snake` for x86-64 Linux (the
// common case), `snake.exe` for Windows, `snake-arm64` and `snake-riscv64`
// for the other Linux architectures, `snake-macos-x64` and
// `snake-macos-arm64` for macOS. The gnu and musl builds of one
// architecture run alike, so they share the name.

/** The program's name from its entry file: a plain name, `main` when nothing usable is left. */
export function programName(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "");
  const clean = base.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[.]+/, "");
  return clean || "main";
}

/** The executable's file name for a target id such as linux-arm64-musl (os-arch[-libc]). */
export function binaryName(filename: string, target: string): string {
  const name = programName(filename);
  const [os, arch = "x64"] = target.split("-");
  if (os === "windows") return arch === "x64" ? `${name}.exe` : `${name}-${arch}.exe`;
  if (os === "macos") return `${name}-macos-${arch}`;
  return arch === "x64" ? name : `${name}-${arch}`;
}
