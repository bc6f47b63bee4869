// JSONL corpus import: headings become sections, unheaded text is split into ~300-word parts, and bad lines are
// reported by number while the good records are kept.
import { describe, expect, it } from 'vitest';
import { PART_WORDS, parseJsonl } from './jsonl';

const line = (o: unknown): string => JSON.stringify(o);

describe('parseJsonl', () => {
  it('reads MEDITRON-style records with markdown headings as sections', () => {
    const docs = parseJsonl(
      line({
        id: 'who-crc-1',
        title: 'Colorectal screening',
        source: 'WHO',
        year: '2021',
        url: 'https://example.org/crc',
        topics: ['colorectal'],
        clean_text:
          '# Colorectal screening\n\nIntro text.\n\n## Who to screen\nAdults 45 to 75.\n\n## Tests\nFIT yearly.\n## Tests\nColonoscopy.',
      }),
      'dumps/who.jsonl'
    );
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      id: 'who-crc-1',
      title: 'Colorectal screening',
      source: 'WHO',
      year: 2021,
      format: 'jsonl',
      path: 'dumps/who.jsonl',
    });
    expect(docs[0]?.sections.map((s) => [s.id, s.heading, s.text])).toEqual([
      ['overview', 'Overview', 'Intro text.'],
      ['who-to-screen', 'Who to screen', 'Adults 45 to 75.'],
      ['tests', 'Tests', 'FIT yearly.'],
      ['tests-2', 'Tests', 'Colonoscopy.'],
    ]);
  });

  it('groups paragraphs into ~300-word parts when the text has no headings', () => {
    const para = (n: number): string => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    const text = [para(120), para(120), para(120), para(50), para(400), para(10)].join('\n\n');
    const [doc] = parseJsonl(line({ id: 7, title: 'Parts', source: 'S', text }), 'p.jsonl');
    expect(doc?.id).toBe('7');
    expect(doc?.sections.map((s) => s.heading)).toEqual(['Part 1', 'Part 2', 'Part 3', 'Part 4']);
    const words = doc?.sections.map((s) => s.text.split(/\s+/).length);
    expect(words).toEqual([240, 170, 400, 10]);
    expect(words?.slice(0, 2).every((w) => w <= PART_WORDS)).toBe(true);
  });

  it('reports bad lines by number and keeps the rest', () => {
    const problems: string[] = [];
    const content = [
      line({ id: 'a', title: 'A', source: 'S', text: 'Alpha.' }),
      '{"id": "b", "title": "B", ',
      '',
      line({ id: 'c', title: 'C', source: 'S' }),
      line(['not', 'an', 'object']),
      line({ title: 'no id', text: 'x' }),
      line({ id: 'bad id#1', raw_text: 'Raw text only.' }),
    ].join('\n');
    const docs = parseJsonl(content, 'g.jsonl', (m) => problems.push(m));
    expect(docs.map((d) => d.id)).toEqual(['a', 'bad-id-1']);
    expect(docs[1]?.title).toBe('bad id#1');
    expect(docs[1]?.source).toBe('JSONL: g.jsonl');
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^line 2: not valid JSON/);
    expect(problems[1]).toMatch(/^line 4: record "c": missing "text"/);
    expect(problems[2]).toMatch(/^line 5: not a JSON object/);
    expect(problems[3]).toMatch(/^line 6: missing "id"/);
  });

  it('rejects a file without records', () => {
    expect(() => parseJsonl('\n  \n', 'empty.jsonl')).toThrow(/no records/);
  });
});
