// A minimal protobuf wire-format writer: enough to serialise ONNX messages without a protobuf dependency.

/** Wire types of the protobuf encoding. */
const VARINT = 0;
const FIXED32 = 5;
const LENGTH_DELIMITED = 2;

const utf8 = new TextEncoder();

/**
 * Builds one protobuf message field by field. Fields are written in call order; the bytes are deterministic
 * for the same calls, which keeps generated model files byte-identical.
 */
export class ProtoWriter {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private varint(value: number | bigint): void {
    // Negative int64 values are written as their 64-bit two's complement (10 bytes), as protobuf requires.
    let v = BigInt.asUintN(64, BigInt(value));
    const out: number[] = [];
    while (v >= 0x80n) {
      out.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    out.push(Number(v));
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType);
  }

  /** An int32/int64/enum/bool field. */
  int(field: number, value: number | bigint): this {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
    this.tag(field, VARINT);
    this.varint(value);
    return this;
  }

  /** A repeated integer field, written unpacked (one tag per value; every parser accepts this). */
  ints(field: number, values: readonly (number | bigint)[]): this {
    for (const v of values) this.int(field, v);
    return this;
  }

  /** A `float` field (32-bit little-endian). */
  float(field: number, value: number): this {
    this.tag(field, FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  /** A `bytes` field. */
  bytes(field: number, value: Uint8Array): this {
    this.tag(field, LENGTH_DELIMITED);
    this.varint(value.length);
    this.push(value);
    return this;
  }

  /** A `string` field (UTF-8). */
  string(field: number, value: string): this {
    return this.bytes(field, utf8.encode(value));
  }

  /** An embedded message field. */
  message(field: number, value: ProtoWriter): this {
    return this.bytes(field, value.finish());
  }

  /** The encoded message. */
  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  }
}
