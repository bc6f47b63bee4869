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
    const f = facts('colorectal', 'colorectal cancer', { therapyLines: [line('2024-01'), line('2025-02')] });
    const ind = searchIndication(f)!;
    expect(ind.why).toMatch(/progression after 2 lines/);
    expect(searchTopic(f, ind)).toBe('colorectal cancer third-line treatment after progression');
  });
  it('does not read "no evidence of progression" as progression', () => {
    const f = facts('colorectal', 'colorectal cancer', {
      texts: [{ ref: 'DiagnosticReport/r', text: 'CT: no evidence of progression.' }],
    });
    expect(searchIndication(f)).toBeUndefined();
  });
  it('searches for a rare alteration and puts it in the query', () => {
    const f = facts('gastric', 'gastric adenocarcinoma', {
      texts: [{ ref: 'Observation/o', text: 'ERBB2 amplified' }],
    });
    expect(searchTopic(f, searchIndication(f))).toBe('gastric adenocarcinoma ERBB2 amplification treatment');
  });
  it('searches for a tumour the bundled guidance does not cover', () => {
    expect(searchIndication(facts('other', 'anal squamous cell carcinoma'))?.why).toMatch(/little bundled guidance/);
  });
});
