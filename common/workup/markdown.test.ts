// Checks the answer markdown reader: structure, inline marks, citations, and that markup never becomes HTML.
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseInline', () => {
  it('reads bold, code and citations, and keeps underscores and links as text', () => {
    expect(parseInline('**PD** by RECIST [2] via segment_lesion [Tool:c1] see [docs](http://x)')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'PD' }] },
      { type: 'text', text: ' by RECIST ' },
      { type: 'cite', refs: [{ kind: 'source', n: 2 }], raw: '[2]' },
      { type: 'text', text: ' via segment_lesion ' },
      { type: 'cite', refs: [{ kind: 'tool', id: 'c1' }], raw: '[Tool:c1]' },
      { type: 'text', text: ' see [docs](http://x)' },
    ]);
  });

  it('keeps a bracket that is no citation as text, with its marks parsed', () => {
    expect(parseInline('[not **a** cite]')).toEqual([
      { type: 'text', text: '[not ' },
      { type: 'strong', children: [{ type: 'text', text: 'a' }] },
      { type: 'text', text: ' cite]' },
    ]);
  });

  it('leaves HTML as literal text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('splits headings, paragraphs, lists and rules', () => {
    const blocks = parseMarkdown(
      '## Response\nThe lesion grew\nby 30 % [1].\n\n- KRAS G12C [Tool:c4]\n- MSS\n  (reported)\n\n1. FOLFIRI\n2. Trial\n---\nEnd'
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'rule', 'paragraph']);
    expect(blocks[0]).toMatchObject({ level: 2, inline: [{ type: 'text', text: 'Response' }] });
    expect(blocks[1]).toMatchObject({
      inline: [{ text: 'The lesion grew by 30 % ' }, { type: 'cite' }, { text: '.' }],
    });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{}, {}], [{ text: 'MSS (reported)' }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 1 });
  });

  it('keeps a loose list together across blank lines', () => {
    const blocks = parseMarkdown('- a\n\n- b\n\nafter');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({ type: 'list', items: [[{ text: 'a' }], [{ text: 'b' }]] });
  });
});
