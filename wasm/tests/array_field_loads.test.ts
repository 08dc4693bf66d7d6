// Idiomatic access to fields of array elements through `self`
// (`self.bodies[i].x - self.bodies[j].x`): at -O2 a run of statements loads
// the array pointer and each element pointer at most once (passes/loads.ts,
// lower/invariant_elems.ts), element
// addresses tell LLVM that they cannot wrap (so it widens them and sees
// neighbouring fields as adjacent), and the program still prints what -O0
// prints and frees everything.
import { describe, expect, it } from "vitest";
import { run } from "./compiler";
import { emitLl } from "./llvm_support";

const SOURCE = `struct Body {
    x: f64,
    y: f64,
    v: f64,
}

struct System {
    bodies: [Body],
}

impl System {
    fn pull(var self) -> f64 {
        var e = 0.0
        let n = len(self.bodies)
        for i in 0..n {
            for j in i + 1..n {
                let dx = self.bodies[i].x - self.bodies[j].x
                let dy = self.bodies[i].y - self.bodies[j].y
                e += dx * dx + dy * dy
                self.bodies[i].v -= dx
                self.bodies[j].v += dy
            }
        }
        e
    }
}

fn main() {
    var s = System { bodies: [Body { x: 1.0, y: 2.0, v: 0.0 }, Body { x: 4.0, y: 6.0, v: 0.0 }, Body { x: -1.0, y: 0.5, v: 0.0 }] }
    let before = s
    println(s.pull())
    println(s.bodies[0].v)
    println(s.bodies[2].v)
    println(before.bodies[0].v)
}
`;

/**
 * Loads of pointers out of fields and elements in the code of source lines
 * [from, to): i32 loads with a TBAA tag other than the header's.
 */
function pointerLoads(ll: string, from: number, to: number): number {
  const header = /^!(\d+) = !\{!1, !1, i64 0\}$/m.exec(ll)?.[1];
  if (header === undefined) throw new Error("the IR has no TBAA tag for headers");
  const start = ll.indexOf(`; loads.pith:${from}:`);
  const body = ll.slice(start, ll.indexOf(`; loads.pith:${to}:`, start));
  return body
    .split("\n")
    .filter((line) => / = load i32, .*!tbaa !\d+$/.test(line) && !line.endsWith(`!tbaa !${header}`)).length;
}

describe("fields of array elements through self", () => {
  it("loads the array and element pointers once per run of statements at -O2", async () => {
    const o1 = (await emitLl(SOURCE, "loads.pith", "-O1")).ll as string;
    const o2 = (await emitLl(SOURCE, "loads.pith", "-O2")).ll as string;
    // Lines 17-18 (dx, dy) read four fields: -O1 loads self.bodies and the
    // element pointer for each. The loop nest keeps self.bodies and all its
    // elements unshared (lower/unique_nests.ts), so for LLVM, which moves
    // invariant loads out of loops itself, self.bodies[i]'s pointer is not
    // kept in a local before the loop over j (the wasm build keeps it).
    expect(pointerLoads(o1, 17, 19)).toBe(8);
    // -O2: pull() is inlined into main, where s never is shared, so
    // self.bodies is a local (passes/unbox.ts), and each element pointer is
    // loaded once (passes/loads.ts).
    expect(pointerLoads(o2, 17, 19)).toBe(2);
  });

  it("marks element and field addresses as not wrapping", async () => {
    const { ll } = await emitLl(SOURCE, "loads.pith", "-O2");
    expect(ll).toMatch(/= mul nuw i32 %[\w.]+, 4\n/);
    expect(ll).toMatch(/= add nuw i32 %[\w.]+, 16\n/);
  });

  it("prints at -O2 what it prints at -O0, copies keep their values, and nothing leaks", async () => {
    const o0 = await run(SOURCE, "", "-O0");
    const o2 = await run(SOURCE, "", "-O2");
    expect(o0.stdout).toBe("86.5\n1\n7\n0\n");
    expect(o2).toEqual(o0);
    expect(o2.live).toBe(0);
  });
});
