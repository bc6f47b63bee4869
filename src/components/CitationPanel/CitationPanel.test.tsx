// The guideline passage in the citation panel: markdown rendered as text nodes, never shown raw; a chunk that starts
// inside a sentence is marked with an ellipsis.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ResolvedCitation } from '../../../common/workup/citations';
import { CitationPanel, passageMarkdown } from './CitationPanel';

describe('CitationPanel passage', () => {
  it('marks a passage that starts mid-sentence and leaves a whole one alone', () => {
    expect(passageMarkdown('and the minimum is twice the slice thickness.')).toBe(
      '…and the minimum is twice the slice thickness.'
    );
    expect(passageMarkdown('  **Measurable lymph nodes** need 15 mm.')).toBe('**Measurable lymph nodes** need 15 mm.');
    expect(passageMarkdown('RECIST 1.1 classifies every lesion.')).toBe('RECIST 1.1 classifies every lesion.');
  });

  it('renders bold and list items instead of raw markdown', () => {
    const cite = {
      kind: 'source',
      ref: { kind: 'source', id: 'recist-1-1#0' },
      evidence: {
        title: 'RECIST 1.1',
        section: 'Measurable disease',
        source: 'Eisenhauer et al.',
        year: 2009,
        text: '**Measurable lymph nodes** need a short axis of at least 15 mm.\n\n- small lesions under 10 mm;\n- ascites.',
      },
    } as unknown as ResolvedCitation;
    const html = renderToStaticMarkup(<CitationPanel cite={cite} onClose={() => {}} />);
    expect(html).toContain('<strong>Measurable lymph nodes</strong>');
    expect(html).toMatch(/<li>[^<]*small lesions under 10 mm;/);
    expect(html).not.toContain('**');
  });
});
