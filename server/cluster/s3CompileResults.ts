// The compile cache's shared tier in S3: one object per compiler run under
// `compile-cache/<sha256 of the run>`, so a program built on one instance is
// a cache hit on every other. The compiler is deterministic and the key
// covers everything it sees, so an entry never goes stale; the bucket's
// lifecycle rule for the prefix (shared.ts) bounds how long entries stay.
//
// An object is the run's result as: 4 bytes (big-endian) of JSON header
// length, the header {exitCode, parts: [[name, bytes], ...]}, then the parts'
// bytes in order ("stdout", "stderr", then "file:<name>" per output file).
import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import type { CompilerRunResult } from "../compiler/compilerRun";
import type { SharedCompileTier } from "../playground/compileCache";

export const COMPILE_CACHE_PREFIX = "compile-cache/";

interface Header {
  exitCode: number;
  parts: [string, number][];
}

export function encodeResult(result: CompilerRunResult): Uint8Array {
  const parts: [string, Uint8Array][] = [
    ["stdout", result.stdout],
    ["stderr", result.stderr],
    ...[...result.files].map(([name, bytes]): [string, Uint8Array] => [`file:${name}`, bytes]),
  ];
  const header: Header = { exitCode: result.exitCode, parts: parts.map(([name, bytes]) => [name, bytes.length]) };
  const head = Buffer.from(JSON.stringify(header));
  const size = Buffer.alloc(4);
  size.writeUInt32BE(head.length);
  return Buffer.concat([size, head, ...parts.map(([, bytes]) => bytes)]);
}

/** Null for an object that does not parse (written by another version, cut short): treated as a miss. */
export function decodeResult(bytes: Uint8Array): CompilerRunResult | null {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const headLength = buffer.readUInt32BE(0);
    const header = JSON.parse(buffer.subarray(4, 4 + headLength).toString()) as Header;
    let at = 4 + headLength;
    const part = new Map<string, Uint8Array>();
    for (const [name, length] of header.parts) {
      if (at + length > buffer.length) return null;
      part.set(name, new Uint8Array(buffer.subarray(at, at + length)));
      at += length;
    }
    const files = new Map<string, Uint8Array>();
    for (const [name, data] of part) if (name.startsWith("file:")) files.set(name.slice(5), data);
    const stdout = part.get("stdout");
    const stderr = part.get("stderr");
    if (stdout === undefined || stderr === undefined || typeof header.exitCode !== "number") return null;
    return { exitCode: header.exitCode, stdout, stderr, files };
  } catch {
    return null;
  }
}

export class S3CompileResults implements SharedCompileTier {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async get(key: string): Promise<CompilerRunResult | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: `${COMPILE_CACHE_PREFIX}${key}` }),
      );
      return out.Body ? decodeResult(await out.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async put(key: string, result: CompilerRunResult): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: `${COMPILE_CACHE_PREFIX}${key}`, Body: encodeResult(result) }),
    );
  }
}
