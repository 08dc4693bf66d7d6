// First, so the editor chunk's request leaves before anything else evaluates.
import "./editor/editorChunk";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { startCompiler } from "./compiler/useCompilerVersion";
import "./layout/app.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
void startCompiler();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
