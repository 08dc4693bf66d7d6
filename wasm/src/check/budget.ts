// The compile budget: how much work one compile may do before it stops with
// a diagnostic instead of running on. A program of a kilobyte can ask for an
// exponential amount of work (generic functions that each call the next at
// several types instantiate 4^8 copies without any one chain being deep), so
// the size of the source says nothing about the time its compile takes. The
// budget is counted in units the compiler can see (copies made, expressions
// checked, bytes of declarations parsed again for a copy), never in time, so a program fails
// or compiles the same way in the browser, the `pith` CLI and the build
// server, on any machine. These constants are the one home of the limits;
// lang/docs/limits.md states them for programmers.

/**
 * Generic instances (copies of a generic function or of a generic type's
 * method, one per distinct list of type arguments) one compile may create.
 * The most any example or test program needs is 47 (a stdlib test of maps); a program
 * past this is almost always a combinatorial fan-out, not a design.
 */
export const MAX_GENERIC_INSTANCES: i32 = 1000;

/**
 * Units of checking work one compile may spend: one per expression checked
 * (each generic instance checks its body again) and one per 8 bytes of a
 * generic declaration parsed again to copy it. The lowering, the
 * optimiser and the backends do work in proportion to what was checked, so
 * this bounds them too. The most any example or test program spends is
 * about 5,000, the 20,000-line program of the compile benchmark about
 * 80,000, and a megabyte of ordinary code about 200,000: the limit leaves
 * room for every program the 1 MiB source limit of the server admits that
 * does not multiply its work.
 */
export const MAX_CHECK_FUEL: i32 = 250_000;

// Bytes parsed again per unit of fuel: copying a declaration of about ten
// bytes per expression costs about as much as checking one expression.
const PARSE_BYTES_PER_FUEL: i32 = 8;

/** What one compile has spent, and whether it has run out. */
export class CompileBudget {
  instances: i32 = 0;
  fuel: i32 = 0;
  // Set by `--no-budget` (benchmarks measure what the budget saves); never by the playground or the server.
  unlimited: bool = false;
  // Once the budget runs out the checker stops doing work, and says so once.
  exhausted: bool = false;

  /** Spends `units` of fuel; false once the budget is over (the caller reports it the first time). */
  spend(units: i32): bool {
    this.fuel += units;
    return this.unlimited || this.fuel <= MAX_CHECK_FUEL;
  }

  /** Counts a copy of a generic declaration of `declBytes` bytes, parsed again. */
  countInstance(declBytes: i32): void {
    this.instances++;
    this.fuel += declBytes / PARSE_BYTES_PER_FUEL;
  }

  /** Whether one more generic instance fits. */
  instanceFits(): bool {
    return this.unlimited || this.instances < MAX_GENERIC_INSTANCES;
  }

  /** `{"fuel":N,"instances":M}`: what `--budget-stats` prints, for tests and benchmarks. */
  statsJson(): string {
    return "{\"fuel\":" + this.fuel.toString() + ",\"instances\":" + this.instances.toString() +
      ",\"maxFuel\":" + MAX_CHECK_FUEL.toString() + ",\"maxInstances\":" + MAX_GENERIC_INSTANCES.toString() + "}";
  }
}
