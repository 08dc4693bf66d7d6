// `npm run dev`: the Hono server (restarting on change) plus Vite's dev
// server with the API proxied to it. Ctrl-C stops both.
import { type ChildProcess, spawn } from "node:child_process";
import { checkEnvironment, integerVariable } from "../server/config/environment";

try {
  checkEnvironment(["npm run dev"]);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const apiPort = String(integerVariable(process.env, "API_PORT"));
const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

const children: ChildProcess[] = [
  spawn(bin("tsx"), ["watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1" },
  }),
  spawn(bin("vite"), process.argv.slice(2), {
    stdio: "inherit",
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
