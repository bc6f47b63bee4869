// The workflow's literature-search indication: progression after lines, rare alterations, thin guidance; the query
// is built from the patient's facts, never a generic "cancer treatment".
import { describe, expect, it } from 'vitest';
import type { RecordFacts } from '../record/facts';
import type { TumourKind } from '../record/tumour';
import { searchIndication } from './search-indication';
import { searchTopic } from './search-topic';

function facts(kind: TumourKind, tumourType: string, over: Partial<RecordFacts> = {}): RecordFacts {
  return {
    patient: { id: 'p', name: 'P' },
    primary: {
      ref: 'Condition/c',
      condition: { resourceType: 'Condition', subject: {} },
      text: tumourType,
      kind,
      tumourType,
    },
    biomarkers: { variants: [], msi: [], mmr: [], tmb: [] },
    liver: {},
    imaging: [],
    histology: [],
    texts: [],
    therapyLines: [],
    references: new Set(),
    urls: new Set(),
    ...over,
  } as RecordFacts;
}
const line = (start: string) => ({ start, drugs: ['x'], refs: [`MedicationStatement/${start}`] });

describe('searchIndication', () => {
  it('is silent for a newly diagnosed colorectal cancer with a common alteration', () => {
    const f = facts('colorectal', 'colorectal cancer', {
      texts: [{ ref: 'Observation/o', text: 'KRAS G12D present' }],
    });
    expect(searchIndication(f)).toBeUndefined();
  });
  it('searches after two lines, naming the next line in the query', () => {
    const f = facts('colorectal', 'colorectal cancer', {
      therapyLines: [line('2024-01'), line('2025-02')],
      texts: [{ ref: 'DiagnosticReport/ct', text: 'CT: progressive disease in the liver.' }],
    });
    const ind = searchIndication(f)!;
    expect(ind.why).toMatch(/progression after 2 lines/);
    expect(searchTopic(f, ind)).toBe('colorectal cancer third-line treatment after progression');
  });
  it('is silent for progression before or on the first line, on second line without progression, and risk wording', () => {
    const untreated = facts('colorectal', 'colorectal cancer', {
      texts: [{ ref: 'DiagnosticReport/ct', text: 'CT: progression of the liver lesions since the outside scan.' }],
    });
    expect(searchIndication(untreated)).toBeUndefined();
    const second = facts('colorectal', 'colorectal cancer', { therapyLines: [line('2024-01'), line('2025-02')] });
    expect(searchIndication(second)).toBeUndefined();
    const firstLine = facts('colorectal', 'colorectal cancer', {
      therapyLines: [line('2024-01')],
      texts: [{ ref: 'DiagnosticReport/ct', text: 'CT: progressive disease on FOLFOX.' }],
    });
    expect(searchIndication(firstLine)).toBeUndefined();
    const risk = facts('colorectal', 'colorectal cancer', {
      therapyLines: [line('2024-01')],
      texts: [
        { ref: 'DiagnosticReport/p', text: 'High risk of recurrence; progression-free survival benefit expected.' },
      ],
    });
    expect(searchIndication(risk)).toBeUndefined();
  });
  it('does not read "no evidence of progression" as progression', () => {
    const f = facts('colorectal', 'colorectal cancer', {
      texts: [{ ref: 'DiagnosticReport/r', text: 'CT: no evidence of progression.' }],
    });
    expect(searchIndication(f)).toBeUndefined();
  });
  it('searches for a rare alteration and puts it in the query', () => {
    const f = facts('colorectal', 'colorectal cancer', {
      texts: [{ ref: 'Observation/o', text: 'ERBB2 amplified' }],
    });
    expect(searchTopic(f, searchIndication(f))).toBe('colorectal cancer ERBB2 amplification treatment');
  });
  it("does not search for an alteration the tumour's own guideline answers (HER2 in gastric, IDH1 in ICC)", () => {
    const her2 = facts('gastric', 'gastric adenocarcinoma', { texts: [{ ref: 'Observation/o', text: 'HER2 IHC 3+' }] });
    expect(searchIndication(her2)).toBeUndefined();
    const idh1 = facts('icc', 'intrahepatic cholangiocarcinoma', {
      texts: [{ ref: 'Observation/o', text: 'IDH1 R132C detected' }],
    });
    expect(searchIndication(idh1)).toBeUndefined();
  });
  it('searches for a tumour-agnostic biomarker where it is uncommon, not for TMB-H beside MSI-H in colorectal cancer', () => {
    const pdac = facts('pancreas', 'pancreatic adenocarcinoma', {
      texts: [{ ref: 'DiagnosticReport/ngs', text: 'MSI-high.' }],
    });
    expect(searchIndication(pdac)?.alterations).toEqual(['MSI-H']);
    const crc = facts('colorectal', 'colorectal cancer', {
      texts: [{ ref: 'DiagnosticReport/ngs', text: 'MSI-high; TMB 46 mutations/Mb.' }],
    });
    expect(searchIndication(crc)).toBeUndefined();
  });
  it('searches for a tumour without a guideline of its own, only when a treatment decision is asked', () => {
    const other = facts('other', 'small-bowel adenocarcinoma');
    expect(searchIndication(other, 'What are the treatment options?')?.why).toMatch(/little published guidance/);
    expect(searchIndication(other, 'What is the T category?')).toBeUndefined();
    expect(searchIndication(other, 'Summarise the history.')).toBeUndefined();
  });
  it('does not search for a rare tumour with its own guideline at first diagnosis (the guideline answers it)', () => {
    expect(searchIndication(facts('anal', 'anal cancer'), 'What are the treatment options?')).toBeUndefined();
    expect(searchIndication(facts('gist', 'GIST'), 'Next steps after resection?')).toBeUndefined();
    expect(searchIndication(facts('net', 'neuroendocrine tumour'), 'Adjuvant therapy?')).toBeUndefined();
  });
  it('does not search for a common tumour without a bundled guideline (lung): the guidelines answer it', () => {
    const lung = facts('lung', 'non-small cell lung cancer');
    expect(searchIndication(lung, 'What is the best treatment option?')).toBeUndefined();
  });
  it('does not search when the question asks only for a stage or a score, even with a rare alteration', () => {
    const f = facts('colorectal', 'colorectal cancer', { texts: [{ ref: 'Observation/o', text: 'ERBB2 amplified' }] });
    expect(searchIndication(f, 'What is the pathological stage?')).toBeUndefined();
    expect(searchIndication(f, 'Which treatment options exist?')?.alterations).toEqual(['ERBB2 amplification']);
  });
});
