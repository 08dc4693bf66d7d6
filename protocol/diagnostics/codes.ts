// The diagnostic-code table, whole, and lookups into it. compiler.wasm writes
// these codes as literals at its emission sites (rustc's way); the test
// wasm/tests/diagnostic_codes.test.ts holds the two sides together: every
// emission site carries a code of this table, every code is emitted
// somewhere, and every example produces exactly its code.
import type { DiagnosticCodeEntry } from "./entry";
import { FLOW_CODES } from "./flowCodes";
import { MEMBER_CODES } from "./memberCodes";
import { NAME_CODES } from "./nameCodes";
import { SYNTAX_CODES } from "./syntaxCodes";
import { TYPE_CODES } from "./typeCodes";

export type { DiagnosticCodeEntry, ExampleCommand } from "./entry";

/** Every code in use, in code order. */
export const DIAGNOSTIC_CODES: readonly DiagnosticCodeEntry[] = [
  ...SYNTAX_CODES,
  ...NAME_CODES,
  ...TYPE_CODES,
  ...MEMBER_CODES,
  ...FLOW_CODES,
];

/**
 * Codes no longer emitted. A code names one diagnostic forever: when a
 * diagnostic goes away its code moves here, and is never given to another.
 */
export const RETIRED_CODES: readonly string[] = [];

export const CODE_PATTERN = /^E\d{4}$/;

const BY_CODE = new Map(DIAGNOSTIC_CODES.map((entry) => [entry.code, entry]));

/** The table's entry for `code` ("E0200", case and spacing forgiven), or undefined. */
export function diagnosticCode(code: string): DiagnosticCodeEntry | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

/** The path of a code's page on the server (the index is ERRORS_PATH itself). */
export const ERRORS_PATH = "/errors";

export function helpPath(code: string): string {
  return `${ERRORS_PATH}/${code}`;
}
