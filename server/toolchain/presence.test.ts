// The native suites skip a target whose tools are absent, so that a missing
// package shows up once, here, as a failure that names it, instead of as a
// quietly shorter test run. CI installs everything through the bootstrap.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingToolsFor } from "./detect";
import { TARGETS } from "./targets";
import { WINE, wineAvailable } from "./winePrefix";

const HINT = "run `npm run bootstrap` as root to install the Debian packages";

describe("the native toolchain on this machine", () => {
  for (const target of TARGETS) {
    it(`can build ${target.id}`, () => {
      const missing = missingToolsFor(target.id);
      expect(missing, `${target.id} cannot build: missing ${missing.join(", ")}; ${HINT}`).toEqual([]);
    });
  }

  for (const qemu of ["qemu-aarch64-static", "qemu-riscv64-static"]) {
    it(`can run foreign Linux outputs with ${qemu}`, () => {
      expect(existsSync(`/usr/bin/${qemu}`), `${qemu} is missing; ${HINT}`).toBe(true);
    });
  }

  it("can run windows-x64 outputs under wine", () => {
    expect(wineAvailable(), `${WINE} is missing; ${HINT}`).toBe(true);
  });
});
