/**
 * Bulk scoring on worker threads. Forest arrays and rows live in
 * SharedArrayBuffers, so a job is only a message with views; each thread
 * runs the very same kernel as the CPU backend (forestWalkWorker.ts) on a
 * contiguous range of rows. Per-row sums are added in tree order by one
 * thread, so the result is bit-identical to single-threaded scoring.
 */
import { availableParallelism } from "node:os";
import { ThreadPool } from "../../threads/pool";
import type { RestartJob, RestartResult } from "../autoencoder/restart";
import type { ForestJob, ScoringBackend, TrainedForests } from "../backends/backend";
import type { Forest, RowMatrix } from "../forest/forest";
import { adoptEncoded } from "../forest/forestFile";
import { adoptCompiled, type CompiledForest, compileForest, walkForest } from "../forest/walk";
import { EngineThread } from "./engineThread";
import type { ForestWalkHandlers } from "./forestWalkWorker";
import { RestartPool } from "./restartPool";

/** CSV batches yield the CPU to request handling on a busy machine (see engineThread.ts). */
const BATCH_NICE = 10;

/**
 * Scheduled trainings yield some of it too, less than batches: a training
 * runs beside ingest, which waits for it only where it takes effect (10 s
 * of the stream later, model/trainingLag.ts). On a machine short of cores
 * the event loop then gets the CPU first when both want it, while the
 * training still gets about 2/3 of an equal share (nice 2: weight 655 of
 * 1024 under Linux's scheduler), enough to finish a training of a few
 * seconds' CPU within those 10 s at a load of several busy processes per
 * core. Nicer than that it could fall behind and ingest would wait.
 */
const TRAINING_NICE = 2;

/** Below this many rows, thread start-up and copying cost more than they save. */
const DEFAULT_MIN_ROWS = 8192;

function shared<T extends Int32Array | Float64Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const Ctor = a.constructor as { new (b: SharedArrayBuffer): T };
  const copy = new Ctor(new SharedArrayBuffer(a.byteLength));
  copy.set(a as never);
  return copy;
}

export interface WorkerBackendOptions {
  threads?: number;
  minRows?: number;
  /**
   * Train autoencoder restarts on worker threads. Off by default: on our
   * shared 2-core machine the workers' start-up (tsx compiling the MLP code
   * in each) costs more than the overlap saves (bench: 4.7 s vs 3.1 s).
   */
  parallelRestarts?: boolean;
}

export class WorkerBackend implements ScoringBackend {
  readonly name = "cpu-workers";
  private readonly threads: number;
  private readonly minRows: number;
  private walkers: ThreadPool<ForestWalkHandlers> | null = null;
  private readonly sharedForests = new WeakMap<Forest, CompiledForest>();
  private restarts: RestartPool | null = null;
  /** CSV batches, one at a time (engineThread.ts). */
  private batches: EngineThread | null = null;
  /** Retrains, on a thread of their own so a long batch never delays one. */
  private training: EngineThread | null = null;
  /** Autoencoder restarts in parallel (same models as on one thread); undefined unless enabled. */
  readonly trainRestarts?: (jobs: RestartJob[]) => Promise<RestartResult[]>;

  constructor(options: WorkerBackendOptions = {}) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
    this.minRows = options.minRows ?? DEFAULT_MIN_ROWS;
    if (options.parallelRestarts === true) {
      this.trainRestarts = (jobs) => {
        this.restarts ??= new RestartPool(this.threads);
        return this.restarts.train(jobs);
      };
    }
  }

  private share(forest: Forest): CompiledForest {
    let s = this.sharedForests.get(forest);
    if (s === undefined) {
      const c = compileForest(forest);
      s = {
        nTrees: c.nTrees,
        depth: c.depth,
        feature: shared(c.feature),
        split: shared(c.split),
        value: shared(c.value),
        roots: shared(c.roots),
        left: shared(c.left),
        right: shared(c.right),
      };
      this.sharedForests.set(forest, s);
    }
    return s;
  }

  async pathSums(forest: Forest, rows: RowMatrix): Promise<Float64Array> {
    const n = rows.nRows;
    const out = new Float64Array(n);
    if (n < this.minRows || this.threads < 2) {
      walkForest(compileForest(forest), rows.data, rows.rowStride, 0, n, out);
      return out;
    }
    const f = this.share(forest);
    // Only the rows' extent is copied (a window view may sit in a larger matrix).
    const extent = Math.min(rows.data.length, (n - 1) * rows.rowStride + forest.nCols);
    const data = shared(rows.data.subarray(0, extent));
    const outShared = new Float64Array(new SharedArrayBuffer(n * 8));
    this.walkers ??= new ThreadPool({
      entry: new URL("./forestWalkWorker.ts", import.meta.url),
      label: "forest scoring",
      threads: this.threads,
    });
    const walkers = this.walkers;
    const per = Math.ceil(n / this.threads);
    const jobs: Promise<void>[] = [];
    for (let i = 0; i < this.threads; i++) {
      const from = i * per;
      const to = Math.min(n, from + per);
      if (from >= to) break;
      const view = new Float64Array(outShared.buffer, from * 8, to - from);
      jobs.push(walkers.run("walk", { forest: f, data, rowStride: rows.rowStride, from, to, out: view }));
    }
    await Promise.all(jobs);
    out.set(outShared);
    return out;
  }

  /**
   * A whole CSV batch on its own thread: parse, train, score and encode the
   * answer. The bytes move there without a copy (`csv` is left detached).
   */
  batchCsv(csv: Uint8Array, hasHeader: boolean) {
    this.batches ??= new EngineThread({ nice: BATCH_NICE });
    // A standalone buffer moves as it is; a view into a larger one is copied first.
    const own =
      csv.byteOffset === 0 && csv.byteLength === csv.buffer.byteLength && csv.buffer instanceof ArrayBuffer
        ? csv
        : csv.slice();
    return this.batches.run("batch", { csv: own, hasHeader }, [own.buffer as ArrayBuffer]);
  }

  /**
   * A retrain's scaler and forests on the training thread (the job is
   * copied there, not moved). The forests' compiled layouts and encoded
   * files come back with them and are adopted here, so scoring and saving
   * them cost this thread nothing more.
   */
  async trainForests(job: ForestJob): Promise<TrainedForests> {
    this.training ??= new EngineThread({ nice: TRAINING_NICE });
    const { ready, ...trained } = await this.training.run("forests", job);
    for (const { vname, compiled, file } of ready ?? []) {
      const forest = trained.forests.get(vname);
      if (forest == null) continue;
      adoptCompiled(forest, compiled);
      adoptEncoded(forest, vname, file);
    }
    return trained;
  }

  async close(): Promise<void> {
    await this.batches?.close();
    this.batches = null;
    await this.training?.close();
    this.training = null;
    await this.restarts?.close();
    this.restarts = null;
    await this.walkers?.close();
    this.walkers = null;
  }
}
