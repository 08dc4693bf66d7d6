import { Diagnostic, Diagnostics, renderHuman, renderJson } from "./diagnostics";
import { analyze } from "./frontend";
import { args, exit, readFile, writeBytes, writeFile, writeString, STDERR, STDOUT } from "./host/wasi";
import { buildModule } from "./build";
import { Source } from "./source";
import { formatSource } from "./syntax/format";
import { COMPILER_VERSION } from "./version";
import { answerQuery, QUERY_KINDS } from "./query/query";

const USAGE = "usage: pith <command> [args]\n\ncommands:\n" +
  "  version                                   print the compiler version\n" +
  "  check <file> [--json]                     report diagnostics for a file\n" +
  "  build <file> [-O0..-O3|-Os] [--emit wasm|ir|ll] [--leak-check] [-g] [--debug] -o <out>\n" +
  "                                            compile a file to a wasm32-wasi module\n" +
  "  (check and build also take --budget-stats: print the compile budget spent as JSON on stderr;\n" +
  "   and --no-budget: lift the compile budget, for benchmarks only)\n" +
  "  fmt <file> [--check] [--json]             print the file in canonical layout (--check: exit 1 if it would change)\n" +
  "  query <file> <what> [--at LINE:COL] [--name NEW]\n" +
  "                                            answer an editor question as JSON; what: " + QUERY_KINDS.join(", ") + "\n";

function usage(message: string): i32 {
  writeString(STDERR, "error: " + message + "\n" + USAGE);
  return 2;
}

/** Diagnostics in source order (parse errors and type errors interleave by position). */
function sorted(diags: Diagnostics): Diagnostic[] {
  const list = diags.list.slice();
  // Insertion sort: lists are short, and it is stable.
  for (let i = 1; i < list.length; i++) {
    const d = list[i];
    let j = i - 1;
    while (j >= 0 && list[j].source == d.source && list[j].start > d.start) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = d;
  }
  return list;
}

function report(diags: Diagnostics, json: bool): void {
  diags.list = sorted(diags);
  if (json) {
    writeString(STDOUT, renderJson(diags.list));
    return;
  }
  let text = "";
  for (let i = 0; i < diags.list.length; i++) text += renderHuman(diags.list[i]);
  if (diags.errorCount > 0) text += diags.errorCount.toString() + " error" + (diags.errorCount == 1 ? "" : "s") + "\n";
  writeString(STDERR, text);
}

/** `fmt <file> [--check] [--json]`: the formatted text on stdout, or with --check only the exit status (1: would change). */
function fmt(argv: string[]): i32 {
  let file = "";
  let check = false;
  let json = false;
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i];
    if (a == "--check") check = true;
    else if (a == "--json") json = true;
    else if (a.startsWith("-")) return usage("unknown option '" + a + "'");
    else if (file == "") file = a;
    else return usage("more than one input file");
  }
  if (file == "") return usage("fmt needs a file");
  const data = readFile(file);
  if (data === null) {
    writeString(STDERR, "error: cannot read " + file + "\n");
    return 1;
  }
  const diags = new Diagnostics();
  const src = new Source(file, data);
  const text = formatSource(src, diags);
  if (text === null) {
    report(diags, json);
    return 1;
  }
  if (check) {
    if (sameBytes(text!, data)) return 0;
    writeString(STDERR, file + ": not formatted (run 'pith fmt " + file + "')\n");
    return 1;
  }
  writeBytes(STDOUT, text!);
  return 0;
}

/** `query <file> <what> [--at LINE:COL] [--name NEW]`: the answer as one line of JSON on stdout. */
function query(argv: string[]): i32 {
  let file = "";
  let what = "";
  let line = 1;
  let col = 1;
  let name = "";
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i];
    if (a == "--at" || a == "--name") {
      if (i + 1 >= argv.length) return usage(a + " needs a value");
      const v = argv[++i];
      if (a == "--name") name = v;
      else {
        const colon = v.indexOf(":");
        line = colon > 0 ? I32.parseInt(v.substring(0, colon)) : 0;
        col = colon > 0 ? I32.parseInt(v.substring(colon + 1)) : 0;
        if (line < 1 || col < 1) return usage("--at needs LINE:COL, both from 1");
      }
    } else if (a.startsWith("-")) return usage("unknown option '" + a + "'");
    else if (file == "") file = a;
    else if (what == "") what = a;
    else return usage("query takes one file and one question");
  }
  if (file == "" || what == "") return usage("query needs a file and one of: " + QUERY_KINDS.join(", "));
  if (!QUERY_KINDS.includes(what)) return usage("unknown query '" + what + "'; one of: " + QUERY_KINDS.join(", "));
  if (what == "rename" && name == "") return usage("rename needs --name NEW");
  const data = readFile(file);
  if (data === null) {
    writeString(STDERR, "error: cannot read " + file + "\n");
    return 1;
  }
  const program = analyze(file, data, new Diagnostics());
  writeString(STDOUT, answerQuery(program, what, line, col, name)! + "\n");
  return 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): bool {
  if (a.length != b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] != b[i]) return false;
  return true;
}

function run(argv: string[]): i32 {
  if (argv.length < 2) return usage("no command");
  const command = argv[1];
  if (command == "version" || command == "--version") {
    writeString(STDOUT, "pith " + COMPILER_VERSION + "\n");
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    writeString(STDOUT, USAGE);
    return 0;
  }
  if (command == "fmt") return fmt(argv);
  if (command == "query") return query(argv);
  if (command != "check" && command != "build") return usage("unknown command '" + command + "'");
  let file = "";
  let out = "";
  let json = false;
  let emit = "wasm";
  let opt = 2;
  let leakCheck = false;
  let lineTables = false;
  let debugHooks = false;
  let budgetStats = false;
  let unlimited = false;
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i];
    if (a == "--json") json = true;
    else if (a == "--leak-check") leakCheck = true;
    else if (a == "-g") lineTables = true;
    else if (a == "--debug") debugHooks = true;
    else if (a == "--budget-stats") budgetStats = true;
    else if (a == "--no-budget") unlimited = true;
    else if (a == "-o") {
      if (i + 1 >= argv.length) return usage("-o needs a file name");
      out = argv[++i];
    } else if (a == "--emit") {
      if (i + 1 >= argv.length) return usage("--emit needs wasm, ir or ll");
      emit = argv[++i];
      if (emit != "wasm" && emit != "ir" && emit != "ll") return usage("--emit must be wasm, ir or ll");
    } else if (a == "-O0" || a == "-O1" || a == "-O2" || a == "-O3") opt = <i32>a.charCodeAt(2) - 48;
    else if (a == "-Os") opt = 4;
    else if (a.startsWith("-")) return usage("unknown option '" + a + "'");
    else if (file == "") file = a;
    else return usage("more than one input file");
  }
  if (file == "") return usage(command + " needs a file");
  const data = readFile(file);
  if (data === null) {
    writeString(STDERR, "error: cannot read " + file + "\n");
    return 1;
  }
  const diags = new Diagnostics();
  const program = analyze(file, data, diags, unlimited);
  if (command == "check" || diags.errorCount > 0) {
    if (budgetStats) writeString(STDERR, program.budget.statsJson() + "\n");
    report(diags, json);
    return diags.errorCount > 0 ? 1 : 0;
  }
  if (out == "") return usage("build needs -o <out>");
  // A debug build is unoptimised: every statement keeps its place and every local its value.
  if (debugHooks && emit != "wasm") return usage("--debug builds wasm only");
  const bytes = buildModule(program, debugHooks ? 0 : opt, emit, leakCheck, diags, lineTables, debugHooks);
  if (budgetStats) writeString(STDERR, program.budget.statsJson() + "\n");
  if (diags.errorCount > 0) {
    report(diags, json);
    return 1;
  }
  if (!writeFile(out, bytes)) {
    writeString(STDERR, "error: cannot write " + out + "\n");
    return 1;
  }
  return 0;
}

// Returning from _start is exit status 0; proc_exit is only needed for others.
const status = run(args());
if (status != 0) exit(status);
