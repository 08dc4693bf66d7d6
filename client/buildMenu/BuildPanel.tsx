// The Build panel: optimisation level, the .wasm download and the LLVM IR
// (both compiled here, offline), and native builds through the server with
// their logs, download link and expiry.
import { useEffect, useState } from "react";
import { OPT_LEVELS, type OptLevel } from "../compiler/compile";
import type { ProgramFiles } from "../files/program";
import type { ServerHealth } from "../status/useServerHealth";
import { buildLocally } from "./localBuild";
import {
  type Artifact,
  buildNative,
  fetchTargets,
  type NativeBuild,
  type Outcome,
  runNote,
  type Target,
} from "./nativeBuild";

export interface BuildPanelProps {
  /** The program to build: the entry file and the other files beside it. */
  program: ProgramFiles;
  opt: OptLevel;
  onOpt: (opt: OptLevel) => void;
  health: ServerHealth;
  onShowIr: (ir: string) => void;
}

export function BuildPanel({ program, opt, onOpt, health, onShowIr }: BuildPanelProps) {
  const [targets, setTargets] = useState<Outcome<Target[]> | undefined>();
  const [local, setLocal] = useState<string>("");
  const [busy, setBusy] = useState<string | undefined>();
  const [result, setResult] = useState<Outcome<NativeBuild> | undefined>();
  // The target the shown result was built for: what to do before running its download depends on it.
  const [built, setBuilt] = useState<Target | undefined>();

  useEffect(() => {
    if (health.kind === "ok") void fetchTargets().then(setTargets);
  }, [health.kind]);

  const compileLocally = async (emit: "wasm" | "ll") => {
    setLocal("Compiling…");
    setLocal(await buildLocally(program, opt, emit, onShowIr));
  };

  const native = async (target: Target) => {
    setBusy(target.id);
    setResult(undefined);
    setBuilt(target);
    setResult(await buildNative(target, program, opt));
    setBusy(undefined);
  };

  const unreachable =
    health.kind === "unreachable"
      ? `Native builds need the server: ${health.reason}.`
      : targets && !targets.ok
        ? targets.message
        : undefined;
  const nativeTargets = targets?.ok
    ? targets.value.filter((t) => t.group.toLowerCase() !== "wasm" && !t.id.startsWith("wasm"))
    : [];

  return (
    <div className="build-panel">
      <div className="row">
        <label>
          Optimisation level{" "}
          <select value={opt} onChange={(e) => onOpt(e.target.value as OptLevel)}>
            {OPT_LEVELS.map((level) => (
              <option key={level}>{level}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => compileLocally("wasm")}>
          Download .wasm
        </button>
        <button type="button" onClick={() => compileLocally("ll")}>
          Show LLVM IR
        </button>
        <span className="muted">{local}</span>
      </div>
      <h3>Native executables</h3>
      {unreachable && (
        <p className="bad" data-testid="native-unavailable">
          {unreachable}
        </p>
      )}
      {health.kind === "checking" && <p className="muted">Checking the server…</p>}
      <div className="row wrap">
        {nativeTargets.map((target) => (
          <button
            type="button"
            key={target.id}
            disabled={busy !== undefined || (health.kind === "ok" && health.toolchain[target.id] === false)}
            onClick={() => native(target)}
            title={
              health.kind === "ok" && health.toolchain[target.id] === false
                ? "The server lacks this toolchain"
                : target.notes
            }
            data-testid={`build-${target.id}`}
          >
            {busy === target.id ? `Building ${target.label}…` : target.label}
          </button>
        ))}
      </div>
      {result && !result.ok && <p className="bad">{result.message}</p>}
      {result?.ok && (
        <div className="build-result" data-testid="build-result">
          <p className={result.value.status === "ok" ? "good" : "bad"}>{result.value.message}</p>
          {result.value.errors.map((e) => (
            <p key={`${e.line}:${e.col}`} className="bad">
              {e.file}:{e.line}:{e.col}: {e.message}
            </p>
          ))}
          {result.value.binary_artifact && built && (
            <Download artifact={result.value.binary_artifact} expiresAt={result.value.expiresAt} target={built} />
          )}
          {result.value.logs && (
            <details>
              <summary>Build log</summary>
              <pre className="logs">{result.value.logs}</pre>
            </details>
          )}
        </div>
      )}
    </div>
  );
}

/** The download link (named by the server after the program's entry file) and how to run what it brings. */
function Download(props: { artifact: Artifact; expiresAt: Date; target: Target }) {
  const name = props.artifact.name;
  const note = runNote(props.target, name);
  return (
    <>
      <p>
        <a href={props.artifact.download_url} download={name} data-testid="download-link">
          Download {name}
        </a>{" "}
        ({props.artifact.bytes} bytes) · available until{" "}
        {props.expiresAt.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
      </p>
      {note && (
        <p className="muted" data-testid="run-note">
          {note}
        </p>
      )}
    </>
  );
}
