// The host-module examples under `pith run`: canvas examples' first frames
// (--frames) against stored reference PNGs, exact pixel for pixel; audio
// examples' WAV output (--audio) against a stored SHA-256 (both through
// runProgram, what `pith run` calls once the program is built, in this
// process to keep the suite quick); the HTTP example and the options through
// the real command against a loopback server.
// UPDATE_REFERENCES=1 rewrites the stored references.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCompilerModule } from "../compiler/compilerModule";
import { runWasiNode } from "../compiler/wasiNode";
import type { NodeHostOptions } from "./nodeDevices";
import { runProgram } from "./runProgram";

const ROOT = new URL("../..", import.meta.url).pathname;
const TSX = join(ROOT, "node_modules/.bin/tsx");
const PITH = join(ROOT, "server/cli/pith.ts");
const EXAMPLES = join(ROOT, "lang/examples");
const REFERENCE = join(EXAMPLES, "reference");
const UPDATE = process.env.UPDATE_REFERENCES === "1";
const dir = mkdtempSync(join(tmpdir(), "pith-host-examples-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Frames compared per canvas example: few, so the references stay small. */
const FRAMES = 2;
/** A spawned `pith` (tsx start, compile, run) on a busy machine. */
const SPAWN_TIMEOUT = 90_000;
const CANVAS_EXAMPLES = ["bouncing_balls", "snake", "paint", "mandelbrot_zoom", "mic_meter"];
const AUDIO_EXAMPLES = ["synthesizer"];

function pith(args: string[], stdin = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      TSX,
      [PITH, ...args],
      { cwd: dir, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

/** The first differing pixel of two PNGs, or null when identical. */
function firstDifference(actual: Buffer, expected: Buffer): string | null {
  const a = PNG.sync.read(actual);
  const e = PNG.sync.read(expected);
  if (a.width !== e.width || a.height !== e.height)
    return `size ${a.width}x${a.height}, expected ${e.width}x${e.height}`;
  for (let i = 0; i < a.data.length; i += 4)
    for (let k = 0; k < 4; k++)
      if (a.data[i + k] !== e.data[i + k]) {
        const p = i / 4;
        const rgba = (d: Buffer) => [...d.subarray(i, i + 4)].join(",");
        return `pixel (${p % a.width}, ${Math.floor(p / a.width)}) is ${rgba(a.data)}, expected ${rgba(e.data)}`;
      }
  return null;
}

/** Builds an example with compiler.wasm, as `pith run` does. */
async function build(name: string): Promise<Uint8Array> {
  const file = `${name}.pith`;
  const r = await runWasiNode({
    module: await loadCompilerModule(),
    program: "pith",
    args: ["build", file, "-O2", "-o", "out.wasm"],
    files: { [file]: readFileSync(join(EXAMPLES, file)) },
  });
  const wasm = r.files.get("out.wasm");
  if (r.exitCode !== 0 || !wasm) throw new Error(`${file} did not build: ${new TextDecoder().decode(r.stderr)}`);
  return wasm;
}

/** Runs an example with the host options, its stdout discarded. */
async function runExample(name: string, host: NodeHostOptions): Promise<number> {
  const stdout = openSync("/dev/null", "w");
  try {
    return await runProgram({ wasm: await build(name), file: join(EXAMPLES, `${name}.pith`), host, stdio: { stdout } });
  } finally {
    closeSync(stdout);
  }
}

describe("canvas examples under pith run --frames", () => {
  for (const name of CANVAS_EXAMPLES) {
    it(`${name}: the first ${FRAMES} frames match the stored reference images exactly`, async () => {
      const frames = join(dir, name);
      expect(await runExample(name, { framesDir: frames, maxFrames: FRAMES })).toBe(0);
      // --max-frames ends the program's loop: exactly that many frames.
      expect(readdirSync(frames).sort()).toEqual(Array.from({ length: FRAMES }, (_, i) => `frame-000${i}.png`));
      for (let i = 0; i < FRAMES; i++) {
        const actual = readFileSync(join(frames, `frame-000${i}.png`));
        const ref = join(REFERENCE, `${name}-${i}.png`);
        if (UPDATE) writeFileSync(ref, actual);
        expect(existsSync(ref), `${ref} is missing: run with UPDATE_REFERENCES=1`).toBe(true);
        expect(firstDifference(actual, readFileSync(ref)), `${name} frame ${i}`).toBeNull();
      }
    });
  }

  it("an animation's consecutive frames differ (the frames are the program's, not one image)", () => {
    const a = readFileSync(join(REFERENCE, "bouncing_balls-0.png"));
    const b = readFileSync(join(REFERENCE, "bouncing_balls-1.png"));
    expect(firstDifference(a, b)).not.toBeNull();
  });
});

describe("audio examples under pith run --audio", () => {
  for (const name of AUDIO_EXAMPLES) {
    it(`${name}: the WAV file matches its stored checksum`, async () => {
      const wav = join(dir, `${name}.wav`);
      expect(await runExample(name, { audioFile: wav })).toBe(0);
      const bytes = readFileSync(wav);
      expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(bytes.length).toBeGreaterThan(44 + 44100); // more than half a second of 16-bit mono
      const sum = createHash("sha256").update(bytes).digest("hex");
      const ref = join(REFERENCE, `${name}.wav.sha256`);
      if (UPDATE) writeFileSync(ref, `${sum}\n`);
      expect(existsSync(ref), `${ref} is missing: run with UPDATE_REFERENCES=1`).toBe(true);
      expect(sum).toBe(readFileSync(ref, "utf8").trim());
    });
  }
});

describe("the http example under pith run", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/health") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: "ok", version: "9.9.9", compiler_available: true }));
      } else {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("no such thing");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it(
    "fetches a JSON document and reads its fields",
    async () => {
      const r = await pith(["run", join(EXAMPLES, "http_json.pith")], `${base}/health\n`);
      expect(r.stdout).toBe(
        `GET ${base}/health: 200, 59 bytes\ncontent-type: application/json\nstatus: ok\nversion: 9.9.9\ncompiler_available: true\n`,
      );
      expect(r.code).toBe(0);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "reports a non-2xx status and an unreachable server as Err with the reason",
    async () => {
      const missing = await pith(["run", join(EXAMPLES, "http_json.pith")], `${base}/missing\n`);
      expect(missing.stdout).toBe(`failed: HTTP 404 from ${base}/missing\n`);
      const closed = await pith(["run", join(EXAMPLES, "http_json.pith")], "http://127.0.0.1:9/x\n");
      expect(closed.stdout).toMatch(/^failed: request to http:\/\/127\.0\.0\.1:9\/x failed: /);
      expect(closed.code).toBe(1);
    },
    SPAWN_TIMEOUT,
  );
});

describe("pith run's host options", () => {
  it(
    "rejects a bad --max-frames and an unknown option with usage errors",
    async () => {
      const bad = await pith(["run", "--max-frames", "many", join(EXAMPLES, "snake.pith")]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("pith: --max-frames needs a whole number, got 'many'");
      const unknown = await pith(["run", "--fps", "30", join(EXAMPLES, "snake.pith")]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain("pith: unknown option '--fps' for run");
    },
    SPAWN_TIMEOUT,
  );

  it(
    "reports a host-module mistake as the program's error, exit status 101",
    async () => {
      writeFileSync(join(dir, "early.pith"), "import std.canvas\nfn main() {\n    canvas.clear(canvas.BLACK)\n}\n");
      const r = await pith(["run", "early.pith"]);
      expect(r.stderr).toBe("error: std.canvas: draw before canvas.open(width, height, scale)\n");
      expect(r.code).toBe(101);
    },
    SPAWN_TIMEOUT,
  );

  it(
    "without --frames runs the canvas program headless and writes nothing",
    async () => {
      const before = readdirSync(dir).sort();
      const r = await pith(["run", "--max-frames", "1", join(EXAMPLES, "paint.pith")]);
      expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
      expect(readdirSync(dir).sort()).toEqual(before);
    },
    SPAWN_TIMEOUT,
  );
});
