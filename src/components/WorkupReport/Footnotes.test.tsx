// @vitest-environment happy-dom
// The sources list names each document once with its passages under it, numbered as the answer cites them.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../../../common/contracts';
import { Footnotes } from './Footnotes';

afterEach(cleanup);

const SOURCE = 'ESMO Clinical Practice Guideline: metastatic colorectal cancer (2023); NCCN Colon Cancer (2025)';
const item = (n: number, title: string, section: string, source?: string): EvidenceItem => ({
  n,
  sourceId: `${title}#${section}`,
  title,
  section,
  text: '…',
  source,
  year: 2025,
});

describe('Footnotes', () => {
  it('lists each document once, its passages numbered as cited', () => {
    render(
      <Footnotes
        evidence={[
          item(3, 'mCRC systemic therapy', 'BRAF V600E', SOURCE),
          item(1, 'mCRC systemic therapy', 'Second line', SOURCE),
          item(2, 'RECIST 1.1', 'Target lesions'),
        ]}
      />
    );
    const groups = screen.getAllByTestId('footnote-group');
    expect(groups.map((g) => g.querySelector('.footnote-document')?.textContent)).toEqual([
      `mCRC systemic therapy — ${SOURCE}`,
      'RECIST 1.1',
    ]);
    const notes = screen.getAllByTestId('footnote');
    expect(notes.map((n) => [n.getAttribute('value'), n.textContent])).toEqual([
      ['1', 'Second line (2025)'],
      ['3', 'BRAF V600E (2025)'],
      ['2', 'Target lesions (2025)'],
    ]);
    expect(screen.getByTestId('report-footnotes').textContent?.split(SOURCE).length).toBe(2);
  });
});
