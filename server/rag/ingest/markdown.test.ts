import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, slugify } from './markdown';

const KNOWLEDGE = resolve(import.meta.dirname, '../../../knowledge');

describe('parseMarkdown', () => {
  it('reads front-matter and ## sections', () => {
    const doc = parseMarkdown(
      '---\nid: x\ntitle: X doc\nsource: ESMO (2023)\nyear: 2023\ntopics: [a, b]\n---\n# X doc\n\nIntro.\n\n## First: part\nOne.\n\n## First: part\nTwo.\n',
      'x.md'
    );
    expect(doc).toMatchObject({ id: 'x', title: 'X doc', source: 'ESMO (2023)', year: 2023, topics: ['a', 'b'] });
    expect(doc.sections.map((s) => s.id)).toEqual(['overview', 'first-part', 'first-part-2']);
    expect(slugify('BRAF V600E — encorafenib + cetuximab')).toBe('braf-v600e-encorafenib-cetuximab');
  });

  it('parses every document of the bundled corpus with sections', () => {
    const files = readdirSync(KNOWLEDGE).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const f of files) {
      const doc = parseMarkdown(readFileSync(resolve(KNOWLEDGE, f), 'utf8'), f);
      expect(doc.id).toBe(f.replace(/\.md$/, ''));
      expect(doc.sections.length).toBeGreaterThan(3);
      expect(doc.year).toBeGreaterThan(2000);
    }
  });
});
