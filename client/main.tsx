// First, so the editor chunk's request and the compiler start before anything else evaluates.
import "./startup/earlyStart";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import "./layout/app.css";
import "./debugger/debugger.css";
import { registerServiceWorker } from "./startup/serviceWorker";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
registerServiceWorker();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
