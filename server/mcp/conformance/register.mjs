// `node --import ./register.mjs .../conformance/dist/index.js ...` on Node 20.
import { register } from "node:module";

register("./globSyncHook.mjs", import.meta.url);
