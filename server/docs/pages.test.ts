// The rendered language documents: raw HTML in Markdown is escaped, Pith
// code is highlighted, links between documents lead to their pages, every
// page has the shared frame and a strict CSP, and the raw texts match the
// files.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { DOCUMENTS } from "../playground/content";
import { testPlayground } from "../playground/testPlayground";
import { NAVIGATION, renderMarkdown } from "./render";

const playground = testPlayground();
const { app } = playground;
afterAll(() => playground.close());

describe("rendering Markdown", () => {
  it("escapes raw HTML instead of passing it through", () => {
    const html = renderMarkdown('# Title\n\n<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>\n');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("highlights Pith code blocks", () => {
    const html = renderMarkdown('```pith\nfn main() {\n  let s = "n = {n}" // note\n}\n```\n');
    expect(html).toContain('<span class="hljs-keyword">fn</span>');
    expect(html).toContain('<span class="hljs-comment">// note</span>');
    expect(html).toContain('<span class="hljs-subst">{n}</span>');
  });

  it("points links between the documents at their pages", () => {
    const html = renderMarkdown("[g](GOTCHAS.md) [e](spec/grammar.ebnf#items) [x](https://example.org)");
    expect(html).toContain('href="/gotchas"');
    expect(html).toContain('href="/grammar#items"');
    expect(html).toContain('href="https://example.org"');
  });
});

describe("the document pages", () => {
  for (const [name, doc] of Object.entries(DOCUMENTS)) {
    it(`/${name} is an HTML page in the shared frame with a CSP, and ${doc.raw} is the file`, async () => {
      const response = await app.request(`/${name}`, { headers: { accept: "text/html" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const html = await response.text();
      expect(html).toContain('<link rel="stylesheet" href="/docs/page.css">');
      for (const link of NAVIGATION) expect(html).toContain(`href="${link.href}"`);
      expect(html).toContain(`<a href="/${name}" aria-current="page">`);
      expect(html).not.toMatch(/<script/i);

      const raw = await app.request(doc.raw);
      expect(raw.status).toBe(200);
      expect(await raw.text()).toBe(readFileSync(doc.file, "utf8"));
    });
  }

  it("renders the grammar as highlighted EBNF", async () => {
    const html = await (await app.request("/grammar")).text();
    expect(html).toContain('class="hljs language-ebnf"');
    expect(html).toContain('<span class="hljs-attribute">program</span>');
  });

  it("serves the coming-from page generated from the habits table, its codes linked to their pages", async () => {
    const html = await (await app.request("/habits")).text();
    expect(html).toContain("<h1>Coming from Rust, Go, TypeScript or Python</h1>");
    expect(html).toContain('<a href="/errors/E0116">E0116</a>');
    expect(html).toContain("<code>let mut x = 1</code>");
  });

  it("serves the stylesheet the pages link to", async () => {
    const css = await app.request("/docs/page.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(await css.text()).toContain(".hljs-keyword");
  });
});
