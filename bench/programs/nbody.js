// The n-body simulation of the Jovian planets (Computer Language Benchmarks
// Game algorithm). Energies print as integers of nano-units so every
// language formats them identically.
const SOLAR_MASS = 39.47841760435743;
const DAYS_PER_YEAR = 365.24;

function body(x, y, z, vx, vy, vz, mass) {
  return { x, y, z, vx: vx * DAYS_PER_YEAR, vy: vy * DAYS_PER_YEAR, vz: vz * DAYS_PER_YEAR, mass: mass * SOLAR_MASS };
}

const bodies = [
  { x: 0, y: 0, z: 0, vx: 0, vy: 0, vz: 0, mass: SOLAR_MASS },
  body(4.8414314424647209, -1.16032004402742839, -1.03622044471123109e-1, 1.66007664274403694e-3, 7.69901118419740425e-3, -6.90460016972063023e-5, 9.54791938424326609e-4),
  body(8.34336671824457987, 4.12479856412430479, -4.03523417114321381e-1, -2.76742510726862411e-3, 4.99852801234917238e-3, 2.30417297573763929e-5, 2.85885980666130812e-4),
  body(1.2894369562139131e1, -1.51111514016986312e1, -2.23307578892655734e-1, 2.96460137564761618e-3, 2.3784717395948095e-3, -2.96589568540237556e-5, 4.36624404335156298e-5),
  body(1.53796971148509165e1, -2.59193146099879641e1, 1.79258772950371181e-1, 2.68067772490389322e-3, 1.62824170038242295e-3, -9.5159225451971587e-5, 5.15138902046611451e-5),
];

function offsetMomentum() {
  let px = 0, py = 0, pz = 0;
  for (const b of bodies) {
    px += b.vx * b.mass;
    py += b.vy * b.mass;
    pz += b.vz * b.mass;
  }
  bodies[0].vx = -px / SOLAR_MASS;
  bodies[0].vy = -py / SOLAR_MASS;
  bodies[0].vz = -pz / SOLAR_MASS;
}

function energy() {
  let e = 0;
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i];
    e += 0.5 * b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
    for (let j = i + 1; j < bodies.length; j++) {
      const dx = b.x - bodies[j].x, dy = b.y - bodies[j].y, dz = b.z - bodies[j].z;
      e -= b.mass * bodies[j].mass / Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
  return e;
}

function advance(dt, steps) {
  const n = bodies.length;
  for (let s = 0; s < steps; s++) {
    for (let i = 0; i < n; i++) {
      const bi = bodies[i];
      for (let j = i + 1; j < n; j++) {
        const bj = bodies[j];
        const dx = bi.x - bj.x, dy = bi.y - bj.y, dz = bi.z - bj.z;
        const d2 = dx * dx + dy * dy + dz * dz;
        const mag = dt / (d2 * Math.sqrt(d2));
        const mj = bj.mass * mag;
        bi.vx -= dx * mj;
        bi.vy -= dy * mj;
        bi.vz -= dz * mj;
        const mi = bi.mass * mag;
        bj.vx += dx * mi;
        bj.vy += dy * mi;
        bj.vz += dz * mi;
      }
    }
    for (const b of bodies) {
      b.x += dt * b.vx;
      b.y += dt * b.vy;
      b.z += dt * b.vz;
    }
  }
}

offsetMomentum();
console.log(String(Math.trunc(energy() * 1e9)));
advance(0.01, 5000000);
console.log(String(Math.trunc(energy() * 1e9)));
