// Markdown guideline parsing: front-matter and ## sections with stable slugs, section provenance (source, review
// date) kept in the cited text, and every bundled document parses with its sections.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, parseProvenance, slugify } from './markdown';

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

  it('reads document and section provenance, keeping the source line in the cited text', () => {
    const text =
      '---\nid: p\ntitle: P\nsource: Guideline X (2024)\nyear: 2024\nreviewed: 2026-01-15\n---\n# P\n\n' +
      '## Drug approval\nApproved in 2026.\n\nSource: FDA notice, 24 Feb 2026. Reviewed: 2026-11-30.\n\n' +
      '## Trial\nA trial.\nSource: Smith J, Lancet 2024;404:1-10\nReviewed: 2025-02-01\n\n' +
      '## Plain\nNo line of its own.\n';
    expect(parseProvenance(text, 'p.md')).toEqual({
      id: 'p',
      path: 'p.md',
      source: 'Guideline X (2024)',
      reviewed: '2026-01-15',
      sections: [
        { id: 'drug-approval', heading: 'Drug approval', source: 'FDA notice, 24 Feb 2026', reviewed: '2026-11-30' },
        { id: 'trial', heading: 'Trial', source: 'Smith J, Lancet 2024;404:1-10', reviewed: '2025-02-01' },
        { id: 'plain', heading: 'Plain' },
      ],
    });
    const doc = parseMarkdown(text, 'p.md');
    expect(doc.sections[0]?.text).toBe('Approved in 2026.\n\nSource: FDA notice, 24 Feb 2026. Reviewed: 2026-11-30.');
    expect(doc.source).toBe('Guideline X (2024)');
  });
});
