// Chunks stay inside one section with the overlap asked for, snap to sentence ends, never split a character, and
// carry exact text and ids, so a cited passage is always a real, whole piece of the guideline.
import { describe, expect, it } from 'vitest';
import { chunkDoc, chunkSearchText, planWindows, SNAP_ZONE, type TokenWindow } from './chunk';
import { decode, encodeWithOffsets } from './tokenizer';
import type { ChunkSize, KnowledgeDoc } from './types';

const WORDS = ['tumour', 'regression', 'adjuvant', 'oxaliplatin', 'margin', 'nodes', 'staging', 'biopsy', 'the', 'of'];

/** Deterministic prose: sentences of 8–15 words (so a sentence end lies in every 15 % zone), a line break now and then. */
function prose(sentences: number, seed = 7): string {
  let x = seed;
  const rnd = (n: number): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const words = Array.from({ length: 8 + rnd(8) }, () => WORDS[rnd(WORDS.length)]);
    out.push(`${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.${rnd(6) === 0 ? '\n' : ' '}`);
  }
  return out.join('').trim();
}

function doc(sections: { heading: string; text: string }[]): KnowledgeDoc {
  return {
    id: 'd1',
    title: 'Doc one',
    source: 'Test source (2024)',
    year: 2024,
    topics: [],
    format: 'md',
    path: 'd1.md',
    hash: 'h',
    sections: sections.map((s, i) => ({ id: `s${i}`, heading: s.heading, text: s.text })),
  };
}

/** Rebuilds the token sequence from the windows' non-overlapping parts. */
function stitch(tokens: number[], windows: TokenWindow[]): number[] {
  const out: number[] = [];
  let covered = 0;
  for (const w of windows) {
    expect(w.start).toBeLessThanOrEqual(covered);
    out.push(...tokens.slice(covered, w.end));
    covered = w.end;
  }
  return out;
}

describe('planWindows', () => {
  const text = prose(200);
  const enc = encodeWithOffsets(text);

  it.each([512, 256, 128])('without snapping: windows of exactly %i tokens advancing by size − 50', (size) => {
    const windows = planWindows(enc, text, size, 50, false);
    expect(windows.length).toBeGreaterThan(2);
    windows.slice(0, -1).forEach((w, i) => {
      expect(w.end - w.start).toBe(size);
      expect(w.start).toBe(i * (size - 50));
    });
    const last = windows.at(-1) as TokenWindow;
    expect(last.end).toBe(enc.tokens.length);
    expect(last.end - last.start).toBeLessThanOrEqual(size);
    expect(last.end - last.start).toBeGreaterThan(50);
    expect(stitch(enc.tokens, windows)).toEqual(enc.tokens);
  });

  it.each([512, 256, 128])(
    'with snapping at %i: ≤ size, cut at a sentence end in the final 15 percent, overlap exactly 50',
    (size) => {
      const windows = planWindows(enc, text, size, 50, true);
      const zone = Math.floor(size * SNAP_ZONE);
      let snapped = 0;
      windows.slice(0, -1).forEach((w, i) => {
        const len = w.end - w.start;
        expect(len).toBeLessThanOrEqual(size);
        expect(len).toBeGreaterThanOrEqual(size - zone);
        if (len < size) snapped++;
        expect(decode(enc.tokens.slice(w.start, w.end))).toMatch(/[.\n]$/);
        expect((windows[i + 1] as TokenWindow).start).toBe(w.end - 50);
      });
      expect(snapped).toBeGreaterThan(0);
      expect(stitch(enc.tokens, windows)).toEqual(enc.tokens);
    }
  );

  it('never cuts inside a character; overlap grows by at most 3 tokens there', () => {
    const text = Array.from({ length: 400 }, (_, i) => (i % 3 ? '≥5 mm' : '🧬 µg/m²')).join('');
    const e = encodeWithOffsets(text);
    expect(e.starts.includes(-1)).toBe(true);
    const windows = planWindows(e, text, 128, 50, false);
    for (const [i, w] of windows.entries()) {
      expect(e.starts[w.start]).toBeGreaterThanOrEqual(0);
      expect(e.starts[w.end]).toBeGreaterThanOrEqual(0);
      expect(w.end - w.start).toBeLessThanOrEqual(128);
      expect(decode(e.tokens.slice(w.start, w.end))).not.toContain('\ufffd');
      const next = windows[i + 1];
      if (next) expect(w.end - next.start).toBeGreaterThanOrEqual(50);
      if (next) expect(w.end - next.start).toBeLessThanOrEqual(53);
    }
    expect(stitch(e.tokens, windows)).toEqual(e.tokens);
  });

  it('rejects an overlap above half the size', () => {
    expect(() => planWindows(enc, text, 128, 65)).toThrow(RangeError);
  });
});

describe('chunkDoc', () => {
  const long = prose(120, 3);
  const d = doc([
    { heading: 'Short one', text: 'CEA every 3 to 6 months for 2 years.' },
    { heading: 'Long one', text: long },
    { heading: 'Another', text: prose(30, 11) },
  ]);

  it('keeps each chunk inside one section, with ids, metadata and exact window text', () => {
    const chunks = chunkDoc(d);
    const short = chunks.filter((c) => c.sectionId === 's0');
    expect(short.map((c) => [c.id, c.size, c.index, c.text])).toEqual([
      ['d1#s0@512:0', 512, 0, 'CEA every 3 to 6 months for 2 years.'],
      ['d1#s0@256:0', 256, 0, 'CEA every 3 to 6 months for 2 years.'],
      ['d1#s0@128:0', 128, 0, 'CEA every 3 to 6 months for 2 years.'],
    ]);
    expect(short[0]).toMatchObject({
      title: 'Doc one',
      section: 'Short one',
      source: 'Test source (2024)',
      year: 2024,
      docHash: 'h',
    });
    const enc = encodeWithOffsets(long);
    for (const size of [512, 256, 128] as ChunkSize[]) {
      const windows = planWindows(enc, long, size, 50);
      const chunks128 = chunks.filter((c) => c.sectionId === 's1' && c.size === size);
      expect(chunks128.map((c) => c.text)).toEqual(windows.map((w) => decode(enc.tokens.slice(w.start, w.end))));
      expect(chunks128.map((c) => c.tokens)).toEqual(windows.map((w) => w.end - w.start));
      expect(chunks128.map((c) => c.index)).toEqual(windows.map((_, i) => i));
    }
    for (const c of chunks) {
      expect(d.sections.find((s) => s.id === c.sectionId)?.text).toContain(c.text);
      expect(c.text).not.toContain(c.section);
    }
  });

  it('fixed windows without snapping: every full chunk is exactly size tokens', () => {
    const chunks = chunkDoc(d, [256], 50, { snap: false }).filter((c) => c.sectionId === 's1');
    expect(chunks.slice(0, -1).every((c) => c.tokens === 256)).toBe(true);
  });

  it('is deterministic and builds the search text from title and heading', () => {
    expect(chunkDoc(d)).toEqual(chunkDoc(d));
    const first = chunkDoc(d, [128])[0];
    expect(chunkSearchText(first as NonNullable<typeof first>)).toBe(
      'Doc one — Short one\nCEA every 3 to 6 months for 2 years.'
    );
  });
});
