// The knowledge index re-embeds only changed documents, rebuilds on a new embedding model, keeps its old state when
// embedding fails, sees syncs from another process, and finds rare terms by BM25.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Embedder } from '../llm/types';
import { parseMarkdown } from './ingest/markdown';
import { defaultChunker } from './knowledge';
import { KnowledgeIndex } from './store';
import { parseChunkId } from './store-rows';

function doc(id: string, sections: Record<string, string>) {
  const body = Object.entries(sections)
    .map(([heading, text]) => `## ${heading}\n${text}\n`)
    .join('\n');
  return parseMarkdown(
    `---\nid: ${id}\ntitle: ${id} guideline\nsource: Test (2024)\nyear: 2024\n---\n${body}`,
    `${id}.md`
  );
}

/** Counts every text it embeds; vectors are a cheap deterministic function of the text. */
function countingEmbedder(id = 'test-embed'): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    id,
    texts,
    async embed(batch) {
      texts.push(...batch);
      return batch.map((t) => [t.length % 7, t.length % 11, 1, (t.charCodeAt(0) ?? 0) % 5]);
    },
  };
}

let dir: string;
let index: KnowledgeIndex;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-store-'));
  index = await KnowledgeIndex.open(dir);
});
afterEach(() => {
  index.close();
  rmSync(dir, { recursive: true, force: true });
});

const a = doc('alpha', {
  Dosing: 'Capecitabine 1000 mg/m2 twice daily on days 1 to 14.',
  Toxicity: 'Hand-foot syndrome.',
});
const b = doc('beta', { Staging: 'Stage IIIB lung cancer with ipsilateral mediastinal nodes.' });
const c = doc('gamma', { Surveillance: 'Ultrasound every six months in cirrhosis.' });

describe('KnowledgeIndex.sync', () => {
  it('re-embeds only changed and new documents, removes deleted ones, and persists across reopen', async () => {
    const embedder = countingEmbedder();
    const first = await index.sync([a, b, c], defaultChunker, embedder);
    const chunksOf = (d: typeof a) => defaultChunker.chunk(d).length;
    expect(first).toMatchObject({ added: 3, changed: 0, removed: 0, unchanged: 0, rebuilt: 'new index' });
    expect(first.embedded).toBe(chunksOf(a) + chunksOf(b) + chunksOf(c));
    expect(embedder.texts).toHaveLength(first.embedded);

    embedder.texts.length = 0;
    const b2 = doc('beta', { Staging: 'Stage IIIC lung cancer with contralateral supraclavicular nodes.' });
    const d = doc('delta', { Nutrition: 'Pancreatic enzyme replacement with meals.' });
    const second = await index.sync([a, b2, d], defaultChunker, embedder);
    expect(second).toMatchObject({
      added: 1,
      changed: 1,
      removed: 1,
      unchanged: 1,
      embedded: chunksOf(b2) + chunksOf(d),
    });
    expect(second.rebuilt).toBeUndefined();
    expect(embedder.texts.every((t) => /contralateral|enzyme/.test(t))).toBe(true);
    expect(await index.searchText({ text: 'ultrasound cirrhosis', limit: 5 })).toEqual([]);
    expect(await index.searchText({ text: 'ipsilateral', limit: 5 })).toEqual([]);
    expect((await index.searchText({ text: 'contralateral', limit: 5 }))[0]?.chunk.docId).toBe('beta');

    index.close();
    index = await KnowledgeIndex.open(dir);
    embedder.texts.length = 0;
    const third = await index.sync([a, b2, d], defaultChunker, embedder);
    expect(third).toMatchObject({ added: 0, changed: 0, removed: 0, unchanged: 3, chunks: 0, embedded: 0 });
    expect(embedder.texts).toHaveLength(0);
    expect(third.totalChunks).toBe(chunksOf(a) + chunksOf(b2) + chunksOf(d));
  });

  it('rebuilds everything when the embedding model changes, and leaves the index as it was when embedding fails', async () => {
    await index.sync([a, b], defaultChunker);
    expect(index.embedding).toBeNull();
    const failing: Embedder = {
      id: 'down',
      embed: async () => {
        throw new Error('endpoint down');
      },
    };
    await expect(index.sync([a, b, c], defaultChunker, failing)).rejects.toThrow('endpoint down');
    expect(Object.keys(index.docs).sort()).toEqual(['alpha', 'beta']);
    expect((await index.searchText({ text: 'capecitabine', limit: 3 }))[0]?.chunk.docId).toBe('alpha');

    const embedder = countingEmbedder('model-2');
    const rebuilt = await index.sync([a, b], defaultChunker, embedder);
    expect(rebuilt.rebuilt).toMatch(/embedding model changed \(none → model-2\)/);
    expect(rebuilt.embedded).toBe(rebuilt.totalChunks);
    expect(index.embedding).toEqual({ model: 'model-2', dims: 4 });
  });

  it('sees a sync made through another handle (another process) instead of rebuilding', async () => {
    const other = await KnowledgeIndex.open(dir);
    try {
      await index.sync([a, b], defaultChunker);
      const again = await other.sync([a, b], defaultChunker);
      expect(again).toMatchObject({ added: 0, unchanged: 2, chunks: 0 });
      expect(again.rebuilt).toBeUndefined();
      expect((await other.searchText({ text: 'mediastinal', limit: 3 }))[0]?.chunk.docId).toBe('beta');
    } finally {
      other.close();
    }
  });

  it('rejects two documents with one id', async () => {
    await expect(index.sync([a, { ...b, id: 'alpha' }], defaultChunker)).rejects.toThrow(
      /Two documents have the id "alpha"/
    );
  });
});

describe('KnowledgeIndex.searchText', () => {
  it('finds an exact rare term by BM25 and filters by chunk size', async () => {
    const filler = Array.from({ length: 30 }, (_, i) =>
      doc(`filler-${i}`, { Therapy: `Oxaliplatin and fluorouracil regimen number ${i} for colorectal cancer.` })
    );
    const rare = doc('rare', { Agents: 'Zanidatamab is a bispecific HER2 antibody studied in biliary tract cancer.' });
    await index.sync([...filler, rare], defaultChunker);
    const hits = await index.searchText({ text: 'zanidatamab', limit: 10 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.chunk.docId === 'rare' && h.method === 'bm25' && h.score > 0)).toBe(true);
    expect(hits[0]?.chunk).toMatchObject({
      sectionId: 'agents',
      section: 'Agents',
      title: 'rare guideline',
      year: 2024,
    });
    const small = await index.searchText({ text: 'oxaliplatin', limit: 100, sizes: [128] });
    expect(small.length).toBe(30);
    expect(small.every((h) => h.chunk.size === 128)).toBe(true);
  });

  it('reads doc, section, size and index back from chunk ids, even when the doc id holds "#" or "@"', () => {
    expect(parseChunkId('who#2024@v2#dosing-and-schedule@512:3')).toEqual({
      docId: 'who#2024@v2',
      sectionId: 'dosing-and-schedule',
      size: 512,
      index: 3,
    });
    expect(parseChunkId('not-a-chunk-id')).toBeUndefined();
  });

  it('returns nothing from an empty index', async () => {
    expect(index.isEmpty).toBe(true);
    expect(await index.searchText({ text: 'anything', limit: 5 })).toEqual([]);
    expect(await index.searchVector([1, 0, 0, 0], { limit: 5 })).toEqual([]);
  });
});
