// Loading a knowledge folder ingests every good file, names every bad one, skips eval/ and dotfiles, applies cleaning
// and sidecar metadata, and the bundled corpus loads without problems and chunks exactly.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkDoc, planWindows } from '../chunk';
import { countTokens, decode, encodeWithOffsets } from '../tokenizer';
import type { ChunkSize } from '../types';
import { loadCorpus } from './load-corpus';
import { GUIDELINE_PDF } from './testdata/make-pdf';

const KNOWLEDGE = resolve(import.meta.dirname, '../../../knowledge');
const TESTDATA = resolve(import.meta.dirname, 'testdata');

describe('loadCorpus on a mixed folder', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'oncoagent-ingest-'));
    const put = (rel: string, content: string | Uint8Array): void => {
      mkdirSync(join(dir, rel, '..'), { recursive: true });
      writeFileSync(join(dir, rel), content);
    };
    put(
      'a-guide.md',
      '---\nid: guide-a\ntitle: Guide A\nsource: ESMO (2023)\n---\n# Guide A\n\n## Dosing\nSee [label](https://x.org/y) â€“ 5Â\u00a0mg.\n'
    );
    put('no-title.md', 'Just text, no heading and no front-matter.\n');
    put(
      'dumps/records.jsonl',
      [
        JSON.stringify({ id: 'rec-1', title: 'Record 1', source: 'WHO', text: '## Part\nText one.' }),
        'not json at all',
        JSON.stringify({ id: 'guide-a', title: 'Clash', source: 'S', text: 'Same id as the markdown file.' }),
      ].join('\n')
    );
    put('pdf/follow-up.pdf', GUIDELINE_PDF);
    put(
      'pdf/follow-up.pdf.meta.json',
      JSON.stringify({ id: 'follow-up-2024', source: 'Test society (2024)', year: 2024 })
    );
    put('pdf/broken.pdf', new TextEncoder().encode('%PDF-1.7\n1 0 obj << garbage'));
    put('pdf/bad-sidecar.pdf', GUIDELINE_PDF);
    put('pdf/bad-sidecar.meta.json', JSON.stringify({ year: 'recent' }));
    put('papers/paper.tei.xml', readFileSync(join(TESTDATA, 'grobid-paper.tei.xml'), 'utf8'));
    put('papers/feed.xml', readFileSync(join(TESTDATA, 'not-tei.xml'), 'utf8'));
    put('eval/questions.jsonl', JSON.stringify({ id: 'q1', title: 'Q', source: 'S', text: 'Should not be ingested.' }));
    put('.hidden.md', '---\ntitle: Hidden\n---\n## S\ntext\n');
    put('notes.txt', 'ignored');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ingests every good file, lists every bad one with a clear message, and skips eval/ and dotfiles', async () => {
    const { docs, problems } = await loadCorpus(dir);
    expect(docs.map((d) => [d.id, d.format, d.path])).toEqual([
      ['guide-a', 'md', 'a-guide.md'],
      ['rec-1', 'jsonl', 'dumps/records.jsonl'],
      ['paper', 'tei', 'papers/paper.tei.xml'],
      ['follow-up-2024', 'pdf', 'pdf/follow-up.pdf'],
    ]);
    expect(problems).toEqual([
      { path: 'dumps/records.jsonl', message: expect.stringMatching(/^line 2: not valid JSON .* — skipped$/) },
      {
        path: 'dumps/records.jsonl',
        message: 'duplicate document id "guide-a" (already loaded from a-guide.md) — skipped',
      },
      { path: 'no-title.md', message: 'no title (front-matter "title" or a "# " heading) — file skipped' },
      {
        path: 'papers/feed.xml',
        message: 'not a GROBID TEI document (root element <rss>, expected <TEI>) — file skipped',
      },
      {
        path: 'pdf/bad-sidecar.pdf',
        message: expect.stringMatching(/^sidecar bad-sidecar\.meta\.json is invalid \(year: .*\) — file skipped$/),
      },
      { path: 'pdf/broken.pdf', message: expect.stringMatching(/^not a readable PDF \(.+\) — file skipped$/) },
    ]);
  });

  it('cleans section text and applies sidecar metadata', async () => {
    const { docs } = await loadCorpus(dir);
    expect(docs[0]?.sections[0]?.text).toBe('See label – 5 mg.');
    expect(docs.find((d) => d.format === 'pdf')).toMatchObject({
      source: 'Test society (2024)',
      year: 2024,
      title: 'Colon cancer follow-up',
    });
    expect(docs.find((d) => d.format === 'pdf')?.sections[1]?.text).toContain('usual treatment plan');
  });

  it('names a missing folder', async () => {
    await expect(loadCorpus(join(dir, 'nope'))).rejects.toThrow(/cannot read knowledge folder/);
  });
});

describe('the bundled knowledge corpus', () => {
  it('loads with zero problems and chunks exactly', async () => {
    const { docs, problems } = await loadCorpus(KNOWLEDGE);
    expect(problems).toEqual([]);
    expect(docs.length).toBeGreaterThanOrEqual(10);
    expect(docs.every((d) => d.format === 'md' && !d.path.startsWith('eval/'))).toBe(true);
    docs.flatMap((d) => chunkDoc(d)); // warm the tokenizer and its piece cache
    const t0 = performance.now();
    const chunks = docs.flatMap((d) => chunkDoc(d));
    const seconds = (performance.now() - t0) / 1000;
    const bySize = { 512: 0, 256: 0, 128: 0 };
    for (const c of chunks) bySize[c.size]++;
    console.log(
      `knowledge/: ${docs.length} docs, ${docs.reduce((n, d) => n + d.sections.length, 0)} sections, chunks ${JSON.stringify(bySize)}, ${Math.round(chunks.length / seconds)} chunks/s`
    );
    // The rate is reported, not asserted: a loaded machine is slower, and a wall-clock bound would fail there.
    expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
    for (const c of chunks) {
      expect(c.tokens).toBeLessThanOrEqual(c.size);
      expect(countTokens(c.text)).toBe(c.tokens);
      expect(c.text).not.toContain('\ufffd');
    }
    // Every section is covered: chunks are its windows, and the windows' non-overlapping parts rebuild its tokens.
    let overlaps = 0;
    let exact = 0;
    for (const d of docs) {
      for (const s of d.sections) {
        const enc = encodeWithOffsets(s.text);
        for (const size of [512, 256, 128] as ChunkSize[]) {
          const windows = planWindows(enc, s.text, size, 50);
          const parts = chunks.filter((c) => c.docId === d.id && c.sectionId === s.id && c.size === size);
          expect(parts.map((c) => c.text)).toEqual(windows.map((w) => decode(enc.tokens.slice(w.start, w.end))));
          const rebuilt: number[] = [];
          windows.forEach((w, i) => {
            const prevEnd = windows[i - 1]?.end ?? 0;
            if (i > 0) {
              overlaps++;
              if (prevEnd - w.start === 50) exact++;
              expect(prevEnd - w.start).toBeGreaterThanOrEqual(50);
              expect(prevEnd - w.start).toBeLessThanOrEqual(53);
            }
            rebuilt.push(...enc.tokens.slice(prevEnd, w.end));
          });
          expect(rebuilt).toEqual(enc.tokens);
        }
      }
    }
    // Only a cut that would split a multi-byte character (e.g. "≤" as two byte tokens) lengthens an overlap.
    expect(overlaps - exact).toBeLessThanOrEqual(overlaps / 100);
  });
});
