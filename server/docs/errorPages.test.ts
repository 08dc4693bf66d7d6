// The error-code pages against the real app: the index lists every code of
// the table, each code has its page in the shared frame (why, example, fix),
// an unknown code is a 404 that links to the list, and /errors.json is the
// table itself.
import { afterAll, describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES } from "../../protocol/diagnostics/codes";
import { testPlayground } from "../playground/testPlayground";

const playground = testPlayground();
const { app } = playground;
afterAll(() => playground.close());

const html = (path: string) => app.request(path, { headers: { accept: "text/html" } });

describe("the error-code pages", () => {
  it("/errors links every code of the table", async () => {
    const response = await html("/errors");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await response.text();
    for (const { code } of DIAGNOSTIC_CODES) expect(page).toContain(`href="/errors/${code}"`);
    expect(page).toContain('<a href="/errors" aria-current="page">');
  });

  it("every code has a page with its message template, explanation, highlighted example and fix", async () => {
    for (const entry of DIAGNOSTIC_CODES) {
      const response = await html(`/errors/${entry.code}`);
      expect(response.status, entry.code).toBe(200);
      const page = await response.text();
      expect(page).toContain(`<title>${entry.code}: `);
      expect(page).toContain("How to fix it");
      expect(page).not.toMatch(/<script/i);
      if (entry.example) expect(page).toContain('class="hljs language-pith"');
    }
    const e0116 = await (await html("/errors/E0116")).text();
    expect(e0116).toContain("use &#39;var&#39; for a mutable binding".replaceAll("&#39;", "'"));
    expect(e0116).toContain('<span class="hljs-keyword">var</span>');
  });

  it("reads a code in lower case too, and answers an unknown code with 404 and a link to the list", async () => {
    expect((await html("/errors/e0116")).status).toBe(200);
    const missing = await html("/errors/E9999");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('href="/errors"');
  });

  it("/errors.json is the table", async () => {
    const response = await app.request("/errors.json");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(DIAGNOSTIC_CODES)));
  });
});
