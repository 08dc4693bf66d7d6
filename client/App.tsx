import { useEffect, useState } from "react";
import { compilerWorker } from "./compiler/compilerClient";

type CompilerState = { kind: "loading" } | { kind: "ready"; version: string } | { kind: "failed"; message: string };

export function App() {
  const [compiler, setCompiler] = useState<CompilerState>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    compilerWorker()
      .version()
      .then(
        (version) => live && setCompiler({ kind: "ready", version }),
        (error: unknown) => live && setCompiler({ kind: "failed", message: String(error) }),
      );
    return () => {
      live = false;
    };
  }, []);

  return (
    <main>
      <h1>Pith playground</h1>
      <nav>
        Anomaly service: <a href="/modelmanager.html">dashboards</a>
      </nav>
      <p data-testid="compiler-status">
        {compiler.kind === "loading" && "Loading the compiler…"}
        {compiler.kind === "ready" && (
          <>
            Compiler ready: <span data-testid="compiler-version">{compiler.version}</span> (running in your browser)
          </>
        )}
        {compiler.kind === "failed" && `The compiler failed to start: ${compiler.message}`}
      </p>
    </main>
  );
}
