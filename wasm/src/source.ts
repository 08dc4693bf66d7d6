// A source file as UTF-8 bytes plus a table of line starts, so positions
// can be stored as byte offsets and turned into line:col only when a
// diagnostic is printed.
export class Source {
  lineStarts: i32[] = [0];

  constructor(public name: string, public bytes: Uint8Array) {
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i] == 10) this.lineStarts.push(i + 1);
    }
  }

  /** 1-based line of a byte offset. */
  line(offset: i32): i32 {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** 1-based column (in bytes) of a byte offset. */
  col(offset: i32): i32 {
    return offset - this.lineStarts[this.line(offset) - 1] + 1;
  }

  lineText(line: i32): string {
    const start = this.lineStarts[line - 1];
    let end = start;
    while (end < this.bytes.length && this.bytes[end] != 10 && this.bytes[end] != 13) end++;
    return String.UTF8.decodeUnsafe(this.bytes.dataStart + <usize>start, <usize>(end - start));
  }

  text(start: i32, end: i32): string {
    return String.UTF8.decodeUnsafe(this.bytes.dataStart + <usize>start, <usize>(end - start));
  }
}
