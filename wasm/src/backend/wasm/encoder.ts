// A growable byte buffer with the LEB128 and IEEE encodings the wasm binary format uses.
export class Bytes {
  buf: Uint8Array = new Uint8Array(256);
  length: i32 = 0;

  byte(b: i32): void {
    if (this.length == this.buf.length) {
      const grown = new Uint8Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    this.buf[this.length++] = <u8>b;
  }

  u32(v: u32): void {
    do {
      let b = v & 0x7f;
      v >>= 7;
      if (v != 0) b |= 0x80;
      this.byte(<i32>b);
    } while (v != 0);
  }

  s64(v: i64): void {
    while (true) {
      const b = <i32>(v & 0x7f);
      v >>= 7;
      if ((v == 0 && (b & 0x40) == 0) || (v == -1 && (b & 0x40) != 0)) {
        this.byte(b);
        return;
      }
      this.byte(b | 0x80);
    }
  }

  f64(v: f64): void {
    const bits = reinterpret<u64>(v);
    for (let i = 0; i < 8; i++) this.byte(<i32>((bits >> (<u64>i * 8)) & 0xff));
  }

  str(s: string): void {
    const b = Uint8Array.wrap(String.UTF8.encode(s));
    this.u32(<u32>b.length);
    this.raw(b, b.length);
  }

  raw(b: Uint8Array, n: i32): void {
    for (let i = 0; i < n; i++) this.byte(b[i]);
  }

  append(other: Bytes): void {
    for (let i = 0; i < other.length; i++) this.byte(other.buf[i]);
  }

  section(id: i32, content: Bytes): void {
    this.byte(id);
    this.u32(<u32>content.length);
    this.append(content);
  }

  toArray(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}
