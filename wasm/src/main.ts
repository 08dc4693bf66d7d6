import { args, exit, readFile, writeString, STDERR, STDOUT } from "./host/wasi";
import { COMPILER_VERSION } from "./version";

const USAGE = "usage: pith <command> [args]\n\ncommands:\n  version            print the compiler version\n  check <file>       report diagnostics for a file\n";

function run(argv: string[]): i32 {
  if (argv.length < 2) {
    writeString(STDERR, USAGE);
    return 2;
  }
  const command = argv[1];
  if (command == "version" || command == "--version") {
    writeString(STDOUT, "pith " + COMPILER_VERSION + "\n");
    return 0;
  }
  if (command == "check") {
    if (argv.length < 3) {
      writeString(STDERR, "error: check needs a file\n" + USAGE);
      return 2;
    }
    const path = argv[2];
    const data = readFile(path);
    if (data === null) {
      writeString(STDERR, "error: cannot read " + path + "\n");
      return 1;
    }
    writeString(STDOUT, path + ": " + data.length.toString() + " bytes\n");
    return 0;
  }
  writeString(STDERR, "error: unknown command '" + command + "'\n" + USAGE);
  return 2;
}

exit(run(args()));
