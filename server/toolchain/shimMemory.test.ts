// The Linux shim's memcpy and memmove (lang/runtime/native/core.h) copy a
// word at a time with overlapping heads and tails; checked here against the
// host libc for every size up to 130 bytes and every overlap within 40 bytes
// either way, compiled as the shim is (-O2 -ffreestanding).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const CORE = join(import.meta.dirname, "../../lang/runtime/native/core.h");

/** core.h's copy routines, renamed so that the test links against the real libc too. */
function copyRoutines(): string {
  const text = readFileSync(CORE, "utf8");
  const from = text.indexOf("typedef u64 __attribute__((may_alias");
  const to = text.indexOf("int memcmp(");
  expect(from).toBeGreaterThan(0);
  expect(to).toBeGreaterThan(from);
  return text
    .slice(from, to)
    .replace("void *memcpy(", "void *shim_memcpy(")
    .replace("void *memmove(", "void *shim_memmove(");
}

const HARNESS = (routines: string) => `#include <stdio.h>
#include <string.h>
typedef unsigned long long u64;
typedef unsigned int u32;
${routines}
int main(void) {
  static unsigned char want[400], got[400], src[400];
  int bad = 0;
  for (int i = 0; i < 400; i++) src[i] = (unsigned char)(i * 5 + 1);
  for (int n = 0; n <= 130; n++)
    for (int from = 0; from < 40; from++)
      for (int to = 0; to < 40; to++) {
        for (int i = 0; i < 400; i++) want[i] = got[i] = (unsigned char)(i * 7 + 3);
        memmove(want + 100 + to, want + 100 + from, n);
        shim_memmove(got + 100 + to, got + 100 + from, n);
        if (memcmp(want, got, 400) != 0) { if (bad++ < 5) printf("memmove n=%d from=%d to=%d\\n", n, from, to); }
        for (int i = 0; i < 400; i++) want[i] = got[i] = (unsigned char)(i * 7 + 3);
        memcpy(want + to, src + 200 + from, n);
        shim_memcpy(got + to, src + 200 + from, n);
        if (memcmp(want, got, 400) != 0) { if (bad++ < 5) printf("memcpy n=%d from=%d to=%d\\n", n, from, to); }
      }
  printf("%d wrong\\n", bad);
  return bad != 0;
}
`;

describe("the Linux shim's memory copies", () => {
  it("match libc for every size to 130 bytes and every overlap", () => {
    const dir = mkdtempSync(join(tmpdir(), "pith-shim-memory-"));
    try {
      writeFileSync(join(dir, "copies.c"), HARNESS(copyRoutines()));
      execFileSync("clang-19", ["-O2", "-ffreestanding", "copies.c", "-o", "copies"], { cwd: dir });
      expect(execFileSync(join(dir, "copies"), { encoding: "utf8" })).toBe("0 wrong\n");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
