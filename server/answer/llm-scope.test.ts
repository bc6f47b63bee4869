// The citation rule of the model answer, without a server: a passage for another tumour or another line is never a
// citation; a passage for a group the patient is not in backs only a statement that says the option is not for them.
import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../../common/contracts';
import { scopeCitations, scopeEvidence } from './llm-scope';
import { patientFacts } from './patient-facts';
import { CRC_INPUT } from './testing/inputs';

const item = (n: number, title: string, section: string): EvidenceItem => ({
  n,
  sourceId: `doc#${n}`,
  title,
  section,
  text: `${section}.`,
});
const MCRC = 'Metastatic colorectal cancer';
const evidence = [
  item(1, MCRC, 'Second-line systemic therapy for mCRC'),
  item(2, MCRC, 'Second-line therapy for RAS wild-type mCRC'),
  item(3, 'Biliary tract cancer', 'HER2-positive biliary tract cancer'),
  item(4, MCRC, 'First-line systemic therapy for RAS-mutant or right-sided mCRC'),
];

describe('scopeEvidence', () => {
  // KRAS G12D, MSS, progressing on first line: the decision is about second line.
  const scope = scopeEvidence(evidence, patientFacts(CRC_INPUT), 'What next?');

  it('shows applicable passages and marks the one against with the excluding result', () => {
    expect(scope.applicable.map((e) => e.n)).toEqual([1]);
    expect(scope.against.map((a) => [a.e.n, a.because])).toEqual([[2, 'KRAS G12D']]);
  });

  it('removes citations the offline rules would not use, and keeps a passage against only for "not for"', () => {
    expect(scopeCitations('FOLFIRI with bevacizumab.', [1, 3, 4, 'tool:c2'], scope)).toEqual({
      kept: [1, 'tool:c2'],
      removed: [
        'source 3 does not apply to this patient (another tumour)',
        'source 4 does not apply to this patient (first-line text, decision about line 2)',
      ],
    });
    expect(scopeCitations('Add cetuximab to FOLFIRI.', [2], scope).kept).toEqual([]);
    expect(scopeCitations('Cetuximab is not for this patient (KRAS G12D).', [2], scope).kept).toEqual([2]);
  });

  it('keeps the section that states a shown option citable whatever its heading', () => {
    expect(scopeEvidence(evidence, patientFacts(CRC_INPUT), '', new Set([4])).applicable.map((e) => e.n)).toEqual([
      1, 4,
    ]);
  });
});
