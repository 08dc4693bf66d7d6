// After "Run test": whether the program did what its test expects (the
// exact stdout, and the exit status), and where it did not, a line diff of
// the expected output against the actual one.
import { useEffect, useState } from "react";
import type { TestCase } from "../docs/testCase";
import type { OutputStore } from "./outputStore";
import type { RunEnd } from "./programHost";

interface DiffPart {
  added?: boolean;
  removed?: boolean;
  value: string;
}

function Diff({ expected, actual }: { expected: string; actual: string }) {
  const [parts, setParts] = useState<DiffPart[] | undefined>();
  useEffect(() => {
    let live = true;
    // Loaded when a test fails, so the page's first load does not carry it.
    void import("diff").then(({ diffLines }) => {
      if (live) setParts(diffLines(expected, actual));
    });
    return () => {
      live = false;
    };
  }, [expected, actual]);
  if (!parts) return <p className="muted">Comparing…</p>;
  return (
    <figure className="test-diff-figure">
      <figcaption className="muted">Expected output (−) against actual output (+)</figcaption>
      <pre className="test-diff" data-testid="test-diff">
        {parts.flatMap((part, i) => {
          const sign = part.added ? "+" : part.removed ? "-" : " ";
          const lines = part.value.replace(/\n$/, "").split("\n");
          return lines.map((line, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines never reorder
            <span key={`${i}:${j}`} className={part.added ? "diff-added" : part.removed ? "diff-removed" : undefined}>
              {sign} {line}
              {"\n"}
            </span>
          ));
        })}
      </pre>
    </figure>
  );
}

export function TestVerdict({ test, store, end }: { test: TestCase; store: OutputStore; end: RunEnd }) {
  // The output is kept in the output worker: asked for once the run has ended.
  const [actual, setActual] = useState<{ stdout: string | undefined } | undefined>();
  useEffect(() => {
    let live = true;
    void store.stdout().then((stdout) => {
      if (live) setActual({ stdout });
    });
    return () => {
      live = false;
    };
  }, [store]);
  if (!actual) return null;
  return <Verdict test={test} actual={actual.stdout} end={end} />;
}

function Verdict({ test, actual, end }: { test: TestCase; actual: string | undefined; end: RunEnd }) {
  const code = end.kind === "exit" ? end.code : undefined;
  const outputMatches = actual === test.stdout;
  const exitMatches = code === test.exit;
  if (outputMatches && exitMatches)
    return (
      <p className="test-verdict good" data-testid="test-verdict" role="status">
        ✓ Test {test.path} passed: the output and the exit status ({test.exit}) are as expected.
      </p>
    );
  return (
    <div className="test-verdict bad" data-testid="test-verdict" role="status">
      <p>
        ✗ Test {test.path} failed:{" "}
        {[
          !outputMatches && (actual === undefined ? "the output was too large to compare" : "the output differs"),
          !exitMatches && `exit status ${code ?? end.kind} (expected ${test.exit})`,
        ]
          .filter(Boolean)
          .join("; ")}
        .
      </p>
      {!outputMatches && actual !== undefined && <Diff expected={test.stdout} actual={actual} />}
    </div>
  );
}
