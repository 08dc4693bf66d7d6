// The hand-written test programs in this folder and what every target must
// print for them, byte for byte.
import { readFileSync } from "node:fs";

export interface TestProgram {
  name: string;
  ll: string;
  args?: string[];
  stdin?: Uint8Array;
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (name: string) => readFileSync(new URL(`./${name}.ll`, import.meta.url), "utf8");

// CR LF, a NUL byte, UTF-8 and a length that is not a multiple of the 7-byte
// reads: any newline translation or short-read bug shows up as a diff.
const ECHO_INPUT = utf8("line one\r\nzwei: \u00fc\u00df\0end\nno newline at the end");

export const TEST_PROGRAMS: readonly TestProgram[] = [
  { name: "hello", ll: read("hello"), stdout: utf8("Hello, Pith!\n"), stderr: utf8(""), exitCode: 0 },
  { name: "echo", ll: read("echo"), stdin: ECHO_INPUT, stdout: ECHO_INPUT, stderr: utf8(""), exitCode: 0 },
  {
    name: "heap",
    ll: read("heap"),
    stdout: utf8("grow: 0 2 -1 5\nzeroed: yes\nprimes below 300000: 25997\n"),
    stderr: utf8(""),
    exitCode: 0,
  },
  {
    name: "exit101",
    ll: read("exit101"),
    stdout: utf8("before panic\n"),
    stderr: utf8("panic: index 7 out of bounds (3)\n"),
    exitCode: 101,
  },
  {
    name: "math",
    ll: read("math"),
    stdout: utf8(
      "fmod: 1000000 153218 999 1500000 -1500000 250000\nround: -3000000 -2000000 -2000000 3000000 -3000000 0\n",
    ),
    stderr: utf8(""),
    exitCode: 0,
  },
  {
    name: "args",
    ll: read("args"),
    args: ["hello world", "", "\u00fcn\u00ef", "--flag=1"],
    stdout: utf8("args: 4\n[hello world]\n[]\n[\u00fcn\u00ef]\n[--flag=1]\n"),
    stderr: utf8(""),
    exitCode: 4,
  },
];
