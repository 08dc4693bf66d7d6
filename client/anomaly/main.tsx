// Entry of the four dashboard pages: each HTML file names its page in
// <body data-page>, and all share one bundle of components.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "uplot/dist/uPlot.min.css";
import "./dashboard.css";
import { backendFor } from "./backendChoice";
import { engine, terminateEngine } from "./engine/engineClient";
import { ingestState } from "./ingest";
import { Anomalies } from "./pages/Anomalies";
import { ModelManager } from "./pages/ModelManager";
import { ModelTrainer } from "./pages/ModelTrainer";
import { Visualize } from "./pages/Visualize";
import { Shell } from "./Shell";

const PAGE_COMPONENTS = {
  "modelmanager.html": ModelManager,
  "modeltrainer.html": ModelTrainer,
  "visualize.html": Visualize,
  "anomalies.html": Anomalies,
} as const;

declare global {
  interface Window {
    /** For end-to-end tests and the console: both backends, the ingest counter, a worker crash. */
    __anomaly?: {
      backendFor: typeof backendFor;
      ingestState: typeof ingestState;
      terminateEngine: () => void;
      gpuSelfCheck: (rows: number, trees: number) => Promise<unknown>;
    };
  }
}
window.__anomaly = {
  backendFor,
  ingestState,
  terminateEngine,
  gpuSelfCheck: (rows, trees) => engine().gpuSelfCheck(rows, trees),
};

const root = document.getElementById("root");
const page = document.body.dataset.page as keyof typeof PAGE_COMPONENTS | undefined;
if (!root || page === undefined || !(page in PAGE_COMPONENTS)) {
  throw new Error("A dashboard page needs <div id=root> and <body data-page=...>");
}
const Page = PAGE_COMPONENTS[page];
createRoot(root).render(
  <StrictMode>
    <Shell page={page}>
      <Page />
    </Shell>
  </StrictMode>,
);
