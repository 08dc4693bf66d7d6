import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { CATCH_VERSION_SCRIPT } from "./client/compiler/earlyVersion";
import { EARLY_READ_SCRIPT } from "./client/persistence/earlyRead";

// In development the SPA is served by Vite and every API path is proxied to
// the Hono server started by `npm run dev` (scripts/dev.ts).
const API_PREFIXES = [
  "/health",
  "/openapi.json",
  "/docs",
  "/build",
  "/build_wasm",
  "/build_windows",
  "/build_macos",
  "/build_target",
  "/build_asm",
  "/targets",
  "/download",
  "/examples",
  "/tests",
  "/stdlib",
  "/grammar",
  "/readme",
  "/roadmap",
  "/gotchas",
  "/errors",
  "/mcp",
  "/sse",
  "/messages",
  "/detect",
  "/detect_only",
  "/force_train",
  "/detect_anomalies",
  "/models",
  "/delete_model",
  "/api",
  "/train",
  "/share",
];
const DASHBOARD_PAGES = ["modelmanager.html", "modeltrainer.html", "visualize.html", "anomalies.html"];
const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8787";

const isolation = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

// The service worker precaches the whole app (Monaco and compiler.wasm
// included) so the playground loads, compiles and runs offline after one
// visit. Navigations to server pages and API routes must reach the server,
// never the SPA shell.
const pwa = VitePWA({
  registerType: "autoUpdate",
  injectRegister: "script-defer",
  manifest: {
    name: "Pith playground",
    short_name: "Pith",
    description: "Write, check, run and build Pith programs in your browser, offline.",
    theme_color: "#2f6fde",
    background_color: "#1e1e1e",
    display: "standalone",
    icons: [],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,wasm,ttf,woff2,svg,png,webmanifest}"],
    // Workbox silently drops files above its 2 MiB default: the editor chunk is larger.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: "index.html",
    // The dashboard pages are pages of their own (they read ?backend= and
    // ?model=): the query must not stop the precached page from matching, and
    // the playground's shell must never stand in for them.
    ignoreURLParametersMatching: [/.*/],
    navigateFallbackDenylist: [
      ...API_PREFIXES.map((prefix) => new RegExp(`^${prefix}(?:[/.?]|$)`)),
      ...DASHBOARD_PAGES.map((page) => new RegExp(`^/${page.replace(".", "\\.")}`)),
    ],
    cleanupOutdatedCaches: true,
  },
});

// The playground page's start-up (see client/startup/): index.html starts the
// compiler worker (catching its version, client/compiler/earlyVersion.ts) and the read of the saved work (client/persistence/earlyRead.ts) in an inline script (client/compiler/compilerClient.ts
// adopts it) and asks for the editor chunk's stylesheet at once. The editor
// chunk itself (Monaco) is not preloaded: the page is editable without it
// (the early editor), and compiling its 3.4 MB while the page starts slowed
// the compiler and the early editor down (A/B, bench/playground-load-ab.ts). The
// playground registers its service worker itself once the editor is ready,
// so the generated registerSW.js (kept on the dashboard pages) is left off.
const playgroundStartup: Plugin = {
  name: "pith:playground-startup",
  apply: "build",
  // After vite-plugin-pwa's own "post" transform, which adds the registerSW.js script.
  enforce: "post",
  transformIndexHtml: {
    order: "post",
    handler(html, { bundle, path }) {
      // Only the playground has an editor; the dashboard pages must not pay for it.
      if (path !== "/index.html") return html;
      const chunk = Object.values(bundle ?? {}).find(
        (c) => c.type === "chunk" && c.facadeModuleId?.endsWith("/client/editor/CodeEditor.tsx"),
      );
      if (chunk?.type !== "chunk")
        throw new Error("pith:playground-startup: no chunk for client/editor/CodeEditor.tsx");
      const compilerWorker = Object.values(bundle ?? {}).find((c) => /\/compiler\.worker-[^/]+\.js$/.test(c.fileName));
      if (!compilerWorker) throw new Error("pith:playground-startup: no compiler.worker chunk");
      const registration = /<script id="vite-plugin-pwa:register-sw"[^>]*><\/script>/;
      if (!registration.test(html)) throw new Error("pith:playground-startup: no registerSW.js script to leave off");
      const styles = [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => ({
        tag: "link",
        attrs: { rel: "preload", as: "style", crossorigin: "", href: `/${css}` },
        injectTo: "head" as const,
      }));
      return {
        html: html.replace(registration, ""),
        tags: [
          {
            tag: "script",
            children: `try{pithCompilerWorker=new Worker(${JSON.stringify(`/${compilerWorker.fileName}`)},{type:"module",name:"compiler"});${CATCH_VERSION_SCRIPT}}catch{}\n${EARLY_READ_SCRIPT}`,
            injectTo: "head-prepend",
          },
          ...styles,
        ],
      };
    },
  },
};

export default defineConfig({
  plugins: [react(), pwa, playgroundStartup],
  resolve: {
    // monaco-vim imports Monaco's files by their pre-0.50 paths
    // (monaco-editor/esm/vs/...), which monaco-editor 0.57's export map turns
    // into esm/vs/esm/vs/...: point them at the same files the editor chunk
    // uses, so Vim mode drives the one Monaco instance.
    alias: [
      {
        find: /^monaco-editor\/esm\/vs\/(.*?)(\.js)?$/,
        replacement: fileURLToPath(new URL("./node_modules/monaco-editor/esm/vs/$1.js", import.meta.url)),
      },
    ],
  },
  server: {
    headers: isolation,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { headers: isolation },
  worker: { format: "es" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The anomaly dashboards are pages of their own beside the playground.
    rollupOptions: {
      input: {
        main: "index.html",
        modelmanager: "modelmanager.html",
        modeltrainer: "modeltrainer.html",
        visualize: "visualize.html",
        anomalies: "anomalies.html",
      },
    },
  },
});
