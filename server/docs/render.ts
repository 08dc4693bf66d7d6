// Renders the language's documents as HTML pages: markdown-it (raw HTML in
// the source is escaped, not passed through), highlight.js for code blocks
// (Pith with its own small definition), links between the documents
// rewritten to their routes, and one page frame with navigation back to
// the playground.
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import ebnf from "highlight.js/lib/languages/ebnf";
import json from "highlight.js/lib/languages/json";
import MarkdownIt from "markdown-it";
import { pithLanguage } from "./pithLanguage";

hljs.registerLanguage("pith", pithLanguage);
hljs.registerLanguage("ebnf", ebnf);
hljs.registerLanguage("bash", bash);
hljs.registerLanguage("sh", bash);
hljs.registerLanguage("json", json);

export interface PageLink {
  href: string;
  title: string;
}

/** The pages every page links to, in navigation order. */
export const NAVIGATION: readonly PageLink[] = [
  { href: "/", title: "Playground" },
  { href: "/readme", title: "Language" },
  { href: "/grammar", title: "Grammar" },
  { href: "/gotchas", title: "Gotchas" },
  { href: "/semantics", title: "Semantics" },
  { href: "/habits", title: "Coming from…" },
  { href: "/roadmap", title: "Roadmap" },
  { href: "/errors", title: "Error codes" },
  { href: "/docs", title: "HTTP API" },
  { href: "/mcp-info", title: "AI assistants (MCP)" },
];

// Relative links inside the documents (they are written for a source tree)
// point at the pages serving those files.
const LINK_TARGETS: Record<string, string> = {
  "README.md": "/readme",
  "../README.md": "/readme",
  "GOTCHAS.md": "/gotchas",
  "../GOTCHAS.md": "/gotchas",
  "ROADMAP.md": "/roadmap",
  "../ROADMAP.md": "/roadmap",
  "spec/grammar.ebnf": "/grammar",
  "grammar.ebnf": "/grammar",
  "spec/semantics.md": "/semantics",
  "semantics.md": "/semantics",
  "docs/habits.md": "/habits",
  "../docs/habits.md": "/habits",
  "habits.md": "/habits",
};

export const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function highlight(code: string, language: string): string {
  const lang = hljs.getLanguage(language) ? language : "";
  if (!lang) return "";
  return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, highlight });
const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const href = String(token.attrGet("href") ?? "");
  const [path, anchor] = href.split("#");
  const target = LINK_TARGETS[path];
  if (target) token.attrSet("href", anchor ? `${target}#${anchor}` : target);
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

/** A code file (the grammar) as one highlighted block. */
export function renderCode(text: string, language: string): string {
  return `<pre><code class="hljs language-${language}">${highlight(text, language) || escapeHtml(text)}</code></pre>`;
}

/** The shared page frame: navigation (current page marked), body, and the raw-text link. */
export function page(options: { title: string; path: string; raw?: string; body: string }): string {
  const nav = NAVIGATION.map((link) =>
    link.href === options.path
      ? `<a href="${link.href}" aria-current="page">${link.title}</a>`
      : `<a href="${link.href}">${link.title}</a>`,
  ).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · Pith</title>
<link rel="stylesheet" href="/docs/page.css">
</head>
<body>
<header><nav>
${nav}
</nav></header>
<main>
${options.body}
</main>
<footer>${options.raw ? `Raw text: <a href="${options.raw}">${options.raw}</a> · ` : ""}<a href="/">back to the playground</a></footer>
</body>
</html>
`;
}
