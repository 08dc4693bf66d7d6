/**
 * Forest work done on this thread, counted: forest files encoded and forests
 * compiled for scoring, both time and memory in proportion to the forest.
 * A scheduled training hands its forests back encoded and compiled
 * (node/threadJobs.ts), so on the thread that serves requests these counts
 * do not move while models retrain; a test and the schedule bench check
 * that. Each thread has its own module state, so its own counts.
 */
export const forestWork = {
  /** Bytes of forest files encoded here. */
  encodedBytes: 0,
  /** Forests compiled to their scoring layout here (cache misses). */
  compiled: 0,
};
