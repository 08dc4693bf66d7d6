// A source file as UTF-8 bytes plus a table of line starts, so positions
// can be stored as byte offsets and turned into line:col only when a
// diagnostic is printed.
export class Source {
  lineStarts: i32[] = [0];

  constructor(public name: string, public bytes: Uint8Array) {
    for (let i = 0; i < bytes.length; i++) {
      if (unchecked(bytes[i]) == 10) this.lineStarts.push(i + 1);
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

  /** 1-based column of a byte offset, counting characters (code points), as editors do. */
  col(offset: i32): i32 {
    let col = 1;
    const end = min(offset, this.bytes.length);
    for (let i = this.lineStarts[this.line(offset) - 1]; i < end; i++) {
      if ((this.bytes[i] & 0xc0) != 0x80) col++;
    }
    return col + max(0, offset - end);
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
