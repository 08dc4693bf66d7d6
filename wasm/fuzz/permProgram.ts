// fannkuch-redux-idiomatic's Perm, for tests of the optimiser: a struct
// holding an array, and a `var self` method that writes it in a loop.
// permProgram puts a `flips` method of the test's own beside it.

const PERM = `struct Perm {
    items: [i64],
}

impl Perm {
    fn flip(var self, k: i64) {
        var lo = 0
        var hi = k
        while lo < hi {
            let t = self.items[lo]
            self.items[lo] = self.items[hi]
            self.items[hi] = t
            lo += 1
            hi -= 1
        }
    }
`;

/** A program with Perm, the given `flips` method (indented as a method) and `main`. */
export function permProgram(flips: string, main: string): string {
  return `${PERM}\n${flips}}\n\n${main}`;
}
