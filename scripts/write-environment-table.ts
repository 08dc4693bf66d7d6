// `npx tsx scripts/write-environment-table.ts`: rewrites the README's table
// of environment variables from server/config/environment.ts, the one table
// the programs read (environment.test.ts fails while the two disagree).
import { readFileSync, writeFileSync } from "node:fs";
import { environmentTable } from "../server/config/environment";
import { replaceEnvironmentTable } from "../server/config/readme";

const readme = new URL("../README.md", import.meta.url);
writeFileSync(readme, replaceEnvironmentTable(readFileSync(readme, "utf8"), environmentTable()));
