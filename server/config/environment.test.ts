// The one table of environment variables: what each kind accepts, the
// message a malformed value gets, and the README and /docs written from it.
import { readFileSync } from "node:fs";
import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { registerDocs } from "../docs/openapi";
import {
  booleanVariable,
  checkEnvironment,
  ENVIRONMENT,
  environmentErrors,
  environmentTable,
  integerVariable,
  listVariable,
  textVariable,
} from "./environment";
import { readmeEnvironmentTable } from "./readme";

describe("the table of environment variables", () => {
  it("names each variable once, with a reader and a description", () => {
    const names = ENVIRONMENT.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of ENVIRONMENT) {
      expect(v.readBy.length, v.name).toBeGreaterThan(0);
      expect(v.description, v.name).not.toBe("");
    }
  });

  it("has defaults that its own kinds accept", () => {
    // Every default read back through its variable is itself.
    for (const v of ENVIRONMENT) {
      if (v.defaultValue === undefined) continue;
      const env = { [v.name]: String(v.defaultValue === true ? 1 : v.defaultValue === false ? 0 : v.defaultValue) };
      expect(environmentErrors(v.readBy, env), v.name).toEqual([]);
    }
  });
});

describe("reading a variable", () => {
  it("gives the default when unset or blank", () => {
    expect(integerVariable({}, "PORT")).toBe(8000);
    expect(integerVariable({ PORT: "  " }, "PORT")).toBe(8000);
    expect(textVariable({}, "HOST")).toBe("0.0.0.0");
    expect(textVariable({}, "PUBLIC_URL")).toBeUndefined();
    expect(booleanVariable({}, "ANOMALY_STATE_GETS")).toBe(true);
    expect(booleanVariable({}, "TRUST_PROXY")).toBe(false);
    expect(listVariable({}, "ANOMALY_API_TOKENS")).toEqual([]);
    expect(textVariable({}, "ANOMALY_BODY_TYPES")).toBe("strict");
  });

  it("parses each kind", () => {
    expect(integerVariable({ PORT: " 0 " }, "PORT")).toBe(0);
    expect(integerVariable({ ANOMALY_LEASE_MS: "600000" }, "ANOMALY_LEASE_MS")).toBe(600_000);
    for (const [raw, value] of [
      ["1", true],
      ["true", true],
      ["0", false],
      ["false", false],
    ] as const) {
      expect(booleanVariable({ TRUST_PROXY: raw }, "TRUST_PROXY")).toBe(value);
    }
    expect(textVariable({ ANOMALY_BODY_TYPES: "lenient" }, "ANOMALY_BODY_TYPES")).toBe("lenient");
    expect(textVariable({ REDIS_URL: "rediss://r:6380" }, "REDIS_URL")).toBe("rediss://r:6380");
    expect(textVariable({ ANOMALY_DATABASE_URL: "postgresql://u@h/db" }, "ANOMALY_DATABASE_URL")).toBe(
      "postgresql://u@h/db",
    );
    expect(listVariable({ ANOMALY_CORS_ORIGINS: " a, ,b ," }, "ANOMALY_CORS_ORIGINS")).toEqual(["a", "b"]);
  });

  it("refuses a malformed value, naming the variable, the value and what is accepted", () => {
    expect(() => integerVariable({ PORT: "abc" }, "PORT")).toThrow(
      'PORT must be an integer from 0 to 65535, got "abc"',
    );
    expect(() => integerVariable({ PORT: "65536" }, "PORT")).toThrow(/PORT must be an integer from 0 to 65535/);
    expect(() => integerVariable({ PORT: "80.5" }, "PORT")).toThrow(/PORT/);
    expect(() => integerVariable({ MAX_BODY_BYTES: "10" }, "MAX_BODY_BYTES")).toThrow(
      'MAX_BODY_BYTES must be an integer >= 1024, got "10"',
    );
    expect(() => booleanVariable({ TRUST_PROXY: "yes" }, "TRUST_PROXY")).toThrow(
      'TRUST_PROXY must be 1, 0, true or false, got "yes"',
    );
    expect(() => textVariable({ ANOMALY_BODY_TYPES: "loose" }, "ANOMALY_BODY_TYPES")).toThrow(
      'ANOMALY_BODY_TYPES must be one of strict, browser, lenient, got "loose"',
    );
    expect(() => textVariable({ PUBLIC_URL: "play.example.org" }, "PUBLIC_URL")).toThrow(
      'PUBLIC_URL must be an absolute http(s) URL, got "play.example.org"',
    );
    expect(() => textVariable({ REDIS_URL: "http://r:6379" }, "REDIS_URL")).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL, got "http://r:6379"',
    );
  });

  it("knows only the table's names", () => {
    expect(() => textVariable({}, "NOT_A_VARIABLE")).toThrow(/NOT_A_VARIABLE is not in the table/);
  });
});

describe("checking a program's environment at start", () => {
  it("lists every malformed variable the program reads, and only those", () => {
    const env = { PORT: "abc", ANOMALY_AUTH_READS: "yes", API_PORT: "x", ANOMALY_LOG_LEVEL: "loud" };
    expect(environmentErrors(["server"], env)).toEqual([
      'PORT must be an integer from 0 to 65535, got "abc"',
      'ANOMALY_AUTH_READS must be 1, 0, true or false, got "yes"',
    ]);
    expect(environmentErrors(["anomaly", "anomaly serve"], env)).toEqual([
      'ANOMALY_AUTH_READS must be 1, 0, true or false, got "yes"',
      'ANOMALY_LOG_LEVEL must be one of debug, info, warn, error, got "loud"',
    ]);
    expect(() => checkEnvironment(["npm run dev"], env)).toThrow(
      'API_PORT must be an integer from 0 to 65535, got "x"',
    );
    expect(() => checkEnvironment(["server"], {})).not.toThrow();
  });
});

describe("the documentation of the variables", () => {
  // Cell padding is the Markdown formatter's business, not the content's.
  const cells = (markdown: string) =>
    markdown
      .split("\n")
      .map((line) => line.replace(/ *\| */g, "|").replace(/-{3,}/g, "---"))
      .join("\n");

  it("is the README's table, row for row (npx tsx scripts/write-environment-table.ts rewrites it)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(cells(readmeEnvironmentTable(readme))).toBe(cells(environmentTable()));
  });

  it("is in /docs for every variable the server reads", async () => {
    const app = new OpenAPIHono();
    registerDocs(app);
    const doc = (await (await app.request("/openapi.json")).json()) as { info: { description: string } };
    expect(doc.info.description).toContain(environmentTable(["server"]));
    for (const v of ENVIRONMENT.filter((v) => v.readBy.includes("server"))) {
      expect(doc.info.description).toContain(`\`${v.name}\``);
    }
  });
});
