// The project's token counter (cl100k_base BPE via js-tiktoken): chunk sizes, overlaps and budgets are measured with it.
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

/** Name of the BPE encoding every token count in the project refers to (recorded with indexes and chunk sets). */
export const TOKENIZER_ENCODING = 'cl100k_base';

/** Tokens of a text plus, for each token, the UTF-16 offset in the text where it starts. */
export interface EncodedText {
  tokens: number[];
  /**
   * `starts[i]` is where token i starts in the text, or -1 when it starts inside a multi-byte character
   * (BPE can split one character over several tokens); `starts[tokens.length]` is the text's length.
   */
  starts: number[];
}

interface Piece {
  tokens: number[];
  starts: number[];
}

interface State {
  enc: Tiktoken;
  pattern: RegExp;
  /** UTF-8 length of each ordinary token, indexed by rank. */
  byteLength: Uint8Array;
  /** Pre-tokenizer pieces (words, numbers, punctuation runs) already encoded: natural text repeats them a lot. */
  memo: Map<string, Piece>;
}

const MEMO_LIMIT = 200_000;
let state: State | undefined;

function byteLengths(ranks: string): Uint8Array {
  const out = new Uint8Array(100_300);
  // Format of TiktokenBPE.bpe_ranks: lines "<name> <first rank> <base64 token> <base64 token> …".
  for (const line of ranks.split('\n')) {
    const fields = line.split(' ');
    const first = Number.parseInt(fields[1] ?? '', 10);
    for (let i = 2; i < fields.length; i++) {
      const b64 = fields[i] as string;
      const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
      out[first + i - 2] = (b64.length / 4) * 3 - pad;
    }
  }
  return out;
}

function tokenizer(): State {
  state ??= {
    enc: new Tiktoken(cl100k),
    pattern: new RegExp(cl100k.pat_str, 'gu'),
    byteLength: byteLengths(cl100k.bpe_ranks),
    memo: new Map(),
  };
  return state;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

function encodePiece(s: State, text: string): Piece {
  // Special-token text (e.g. "<|endoftext|>") is encoded as plain text: documents are data, not control input.
  const tokens = s.enc.encode(text, [], []);
  const starts: number[] = [];
  if (isAscii(text)) {
    let at = 0;
    for (const t of tokens) {
      starts.push(at);
      at += s.byteLength[t] ?? 0;
    }
    return { tokens, starts };
  }
  // Map UTF-8 byte offsets of character starts to UTF-16 offsets; other byte offsets are inside a character.
  const charAt = new Map<number, number>();
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    charAt.set(bytes, i);
    const cp = text.codePointAt(i) as number;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    i += cp >= 0x10000 ? 2 : 1;
  }
  let at = 0;
  for (const t of tokens) {
    starts.push(charAt.get(at) ?? -1);
    at += s.byteLength[t] ?? 0;
  }
  return { tokens, starts };
}

/**
 * Encodes a text and reports where each token starts; same tokens as `encode`.
 * @param text - Any text; special-token markers are treated as ordinary text.
 */
export function encodeWithOffsets(text: string): EncodedText {
  const s = tokenizer();
  const tokens: number[] = [];
  const starts: number[] = [];
  for (const m of text.matchAll(s.pattern)) {
    let piece = s.memo.get(m[0]);
    if (!piece) {
      if (s.memo.size >= MEMO_LIMIT) s.memo.clear();
      piece = encodePiece(s, m[0]);
      s.memo.set(m[0], piece);
    }
    for (let i = 0; i < piece.tokens.length; i++) {
      tokens.push(piece.tokens[i] as number);
      const at = piece.starts[i] as number;
      starts.push(at < 0 ? -1 : m.index + at);
    }
  }
  starts.push(text.length);
  return { tokens, starts };
}

/** Token ids of a text under cl100k_base. */
export function encode(text: string): number[] {
  return encodeWithOffsets(text).tokens;
}

/** Text of a token sequence; a sequence that cuts a character in two decodes that character as U+FFFD. */
export function decode(tokens: number[]): string {
  return tokenizer().enc.decode(tokens);
}

/** Number of cl100k_base tokens in a text. */
export function countTokens(text: string): number {
  return encodeWithOffsets(text).tokens.length;
}
