// Writes a tiny, randomly initialised llama-architecture GGUF file (about 0.5 MB), so the local-model adapter can be
// tested against the real llama.cpp runtime without model weights from a hub. Its output is noise; only grammar-
// constrained output (JSON schema, function-call syntax) has a shape a test can check.
import { writeFileSync } from 'node:fs';
import { mulberry32 } from '../../common/random';

const ALIGNMENT = 32;
const GGML_F32 = 0;
/** GGUF metadata value types. */
const T = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
/** llama.cpp token types. */
const TOKEN = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

type Meta =
  | { type: 'u32' | 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'f32s' | 'i32s'; value: number[] };

/** Appends little-endian GGUF primitives to a growing list of chunks. */
class Writer {
  readonly chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  u64(v: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
}

function writeMeta(w: Writer, key: string, m: Meta): void {
  w.str(key);
  switch (m.type) {
    case 'u32':
      w.u32(T.u32);
      w.u32(m.value);
      return;
    case 'f32':
      w.u32(T.f32);
      w.f32(m.value);
      return;
    case 'bool':
      w.u32(T.bool);
      w.push(Buffer.from([m.value ? 1 : 0]));
      return;
    case 'string':
      w.u32(T.string);
      w.str(m.value);
      return;
    case 'strings':
      w.u32(T.array);
      w.u32(T.string);
      w.u64(m.value.length);
      for (const s of m.value) w.str(s);
      return;
    case 'f32s':
    case 'i32s':
      w.u32(T.array);
      w.u32(m.type === 'f32s' ? T.f32 : T.i32);
      w.u64(m.value.length);
      for (const v of m.value) {
        const b = Buffer.alloc(4);
        if (m.type === 'f32s') b.writeFloatLE(v);
        else b.writeInt32LE(v);
        w.push(b);
      }
  }
}

/** A SentencePiece-style vocabulary: specials, the 256 byte-fallback tokens, then printable ASCII and "▁". */
function vocabulary(): { tokens: string[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types: number[] = [TOKEN.unknown, TOKEN.control, TOKEN.control];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN.byte);
  }
  for (const ch of ['▁', ...Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i))]) {
    tokens.push(ch);
    types.push(TOKEN.normal);
  }
  return { tokens, types };
}

export interface TinyGgufOptions {
  /** Trained context length written to the header (default 4096). */
  contextLength?: number;
  /** Seed of the random weights (default 7). */
  seed?: number;
  /** A Jinja chat template (`tokenizer.chat_template`); its special tokens are added to the vocabulary as control tokens. */
  chatTemplate?: { template: string; specialTokens: string[]; eos?: string };
}

/**
 * Writes the tiny model.
 * @param path - Where the .gguf file goes.
 * @param options - Context length and seed.
 * @returns The file size in bytes.
 */
export function writeTinyGguf(path: string, options: TinyGgufOptions = {}): number {
  const nEmbd = 64;
  const nHead = 4;
  const nFf = 128;
  const nLayer = 2;
  const { tokens, types } = vocabulary();
  const chat = options.chatTemplate;
  for (const special of chat?.specialTokens ?? []) {
    tokens.push(special);
    types.push(TOKEN.control);
  }
  const eos = chat?.eos ? tokens.indexOf(chat.eos) : 2;
  const nVocab = tokens.length;
  const random = mulberry32(options.seed ?? 7);

  const meta: [string, Meta][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'oncoagent-tiny-test' }],
    ['general.alignment', { type: 'u32', value: ALIGNMENT }],
    ['general.file_type', { type: 'u32', value: 0 }],
    ['llama.context_length', { type: 'u32', value: options.contextLength ?? 4096 }],
    ['llama.embedding_length', { type: 'u32', value: nEmbd }],
    ['llama.block_count', { type: 'u32', value: nLayer }],
    ['llama.feed_forward_length', { type: 'u32', value: nFf }],
    ['llama.attention.head_count', { type: 'u32', value: nHead }],
    ['llama.attention.head_count_kv', { type: 'u32', value: nHead }],
    ['llama.rope.dimension_count', { type: 'u32', value: nEmbd / nHead }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: tokens }],
    ['tokenizer.ggml.scores', { type: 'f32s', value: tokens.map((_, i) => -i) }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'u32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: eos }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: true }],
  ];
  if (chat) meta.push(['tokenizer.chat_template', { type: 'string', value: chat.template }]);

  const tensors: { name: string; dims: number[]; fill: 'one' | number }[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], fill: 1 },
    { name: 'output_norm.weight', dims: [nEmbd], fill: 'one' },
    { name: 'output.weight', dims: [nEmbd, nVocab], fill: 1 },
  ];
  for (let l = 0; l < nLayer; l++) {
    const b = `blk.${l}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [nEmbd], fill: 'one' },
      { name: `${b}.attn_q.weight`, dims: [nEmbd, nEmbd], fill: 0.1 },
      { name: `${b}.attn_k.weight`, dims: [nEmbd, nEmbd], fill: 0.1 },
      { name: `${b}.attn_v.weight`, dims: [nEmbd, nEmbd], fill: 0.1 },
      { name: `${b}.attn_output.weight`, dims: [nEmbd, nEmbd], fill: 0.1 },
      { name: `${b}.ffn_norm.weight`, dims: [nEmbd], fill: 'one' },
      { name: `${b}.ffn_gate.weight`, dims: [nEmbd, nFf], fill: 0.1 },
      { name: `${b}.ffn_up.weight`, dims: [nEmbd, nFf], fill: 0.1 },
      { name: `${b}.ffn_down.weight`, dims: [nFf, nEmbd], fill: 0.1 }
    );
  }

  const w = new Writer();
  w.push(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(meta.length);
  for (const [key, m] of meta) writeMeta(w, key, m);
  let offset = 0;
  const data: Buffer[] = [];
  for (const t of tensors) {
    const count = t.dims.reduce((a, b) => a * b, 1);
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(GGML_F32);
    w.u64(offset);
    const values = new Float32Array(count);
    for (let i = 0; i < count; i++) values[i] = t.fill === 'one' ? 1 : (random() * 2 - 1) * t.fill;
    const bytes = Buffer.from(values.buffer);
    const padded = Math.ceil(bytes.length / ALIGNMENT) * ALIGNMENT;
    data.push(bytes, Buffer.alloc(padded - bytes.length));
    offset += padded;
  }
  w.pad();
  for (const d of data) w.push(d);
  const file = Buffer.concat(w.chunks);
  writeFileSync(path, file);
  return file.length;
}
