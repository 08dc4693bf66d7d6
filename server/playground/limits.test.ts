// The limits come from environment variables, each documented in the README
// (the table there is limitsTable()'s output) and in /docs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LIMIT_VARIABLES, limitsFromEnv, limitsTable, OTHER_VARIABLES } from "./limits";

describe("limitsFromEnv", () => {
  it("uses the defaults the issue asks for when nothing is set", () => {
    const limits = limitsFromEnv({});
    expect(limits).toMatchObject({
      maxSourceBytes: 1 << 20,
      artifactTtlSeconds: 3600,
      artifactMaxBytes: 1 << 30,
      nativeBuildsPerMinute: 60,
      publicUrl: null,
      trustProxy: false,
    });
  });

  it("reads every variable", () => {
    const limits = limitsFromEnv({
      MAX_SOURCE_BYTES: "2048",
      ARTIFACT_TTL_SECONDS: "10",
      RATE_LIMIT_WASM_PER_MINUTE: "0",
      PUBLIC_URL: "https://play.example.org/",
      ARTIFACT_DIR: "/srv/artifacts",
      TRUST_PROXY: "1",
    });
    expect(limits).toMatchObject({
      maxSourceBytes: 2048,
      artifactTtlSeconds: 10,
      wasmBuildsPerMinute: 0,
      publicUrl: "https://play.example.org",
      artifactDir: "/srv/artifacts",
      trustProxy: true,
    });
  });

  it("refuses a malformed value, naming the variable", () => {
    expect(() => limitsFromEnv({ COMPILE_TIMEOUT_MS: "soon" })).toThrow(
      'COMPILE_TIMEOUT_MS must be an integer >= 100, got "soon"',
    );
    expect(() => limitsFromEnv({ NATIVE_BUILD_CONCURRENCY: "0" })).toThrow(/NATIVE_BUILD_CONCURRENCY/);
    expect(() => limitsFromEnv({ PUBLIC_URL: "play.example.org" })).toThrow(/PUBLIC_URL must be an absolute/);
  });
});

describe("the limits' documentation", () => {
  // Cell padding is the Markdown formatter's business, not the content's.
  const cells = (markdown: string) => markdown.replace(/ *\| */g, "|").replace(/-{3,}/g, "---");

  it("is in the README's table of every variable, each row as limitsTable() writes it", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    for (const row of limitsTable().split("\n").slice(2)) expect(cells(readme)).toContain(cells(row));
    for (const v of [...LIMIT_VARIABLES, ...OTHER_VARIABLES]) expect(readme).toContain(`\`${v.name}\``);
  });
});
