import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

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
  "/targets",
  "/download",
  "/examples",
  "/tests",
  "/stdlib",
  "/grammar",
  "/readme",
  "/roadmap",
  "/gotchas",
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
];
const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8787";

const isolation = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

export default defineConfig({
  plugins: [react()],
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
