// The deterministic sub-queries and the record facts they rest on: 10–14 distinct queries, the question first, one
// per conflict, alteration, line of therapy, response and supportive-care item.
import { describe, expect, it } from 'vitest';
import { shortProtein } from '../../common/protein';
import { supportiveTopics, therapyLine } from './query-parts';
import { deterministicSubQueries, distinctQueries } from './sub-queries';
import { parseSummary } from './summary';
import { CRC_INPUT, ICC_INPUT } from './testing/inputs';

describe('parseSummary', () => {
  it('reads tumour, stage, conditions and therapy items with nested parentheses and reasons', () => {
    const f = parseSummary(
      ICC_INPUT.patientSummary.replace(
        /^Therapy: .*$/m,
        'Therapy: gemcitabine (stopped, 2025-10-27 to 2026-05-11); nab-paclitaxel (paclitaxel protein-bound) (stopped, 2025-10-27 to 2026-05-11; Progressive disease on CT 2026-05-11)'
      )
    );
    expect(f.therapies).toHaveLength(2);
    expect(f).toMatchObject({
      tumourType: 'intrahepatic cholangiocarcinoma',
      primaryRef: 'Condition/icc',
      metastatic: true,
    });
    expect(f.therapies.at(-1)).toEqual({
      drug: 'nab-paclitaxel (paclitaxel protein-bound)',
      status: 'stopped',
      start: '2025-10-27',
      end: '2026-05-11',
      note: 'Progressive disease on CT 2026-05-11',
    });
    expect(parseSummary(CRC_INPUT.patientSummary).imaging.map((i) => i.ref)).toEqual([
      'ImagingStudy/ct1',
      'ImagingStudy/ct2',
    ]);
  });
});

describe('query parts', () => {
  it('shortens protein changes and counts lines of therapy', () => {
    expect(['p.Gly12Asp', 'p.Val600Glu', 'G12C', 'p.Arg273His'].map(shortProtein)).toEqual([
      'G12D',
      'V600E',
      'G12C',
      'R273H',
    ]);
    const crc = parseSummary(CRC_INPUT.patientSummary);
    expect(therapyLine(crc.therapies, true)?.line).toBe(2);
    expect(therapyLine(crc.therapies, false)).toMatchObject({ line: 1, ongoing: true });
    expect(therapyLine(parseSummary(ICC_INPUT.patientSummary).therapies, false)?.label).toBe('second');
    expect(supportiveTopics(crc)).toEqual([
      'hypertension and proteinuria on bevacizumab: monitoring and when to hold',
      expect.stringMatching(/oxaliplatin/),
    ]);
  });
});

describe('deterministicSubQueries', () => {
  it('starts with the question and covers alteration, next line, response and supportive care', () => {
    const q = deterministicSubQueries(CRC_INPUT);
    expect(q.length).toBeGreaterThanOrEqual(10);
    expect(q.length).toBeLessThanOrEqual(14);
    expect(q[0]).toBe(CRC_INPUT.question);
    expect(q).toContain('KRAS G12D mutation metastatic colorectal cancer targeted therapy');
    expect(q).toContain('second-line therapy for metastatic colorectal cancer after oxaliplatin, bevacizumab');
    expect(q).toContain('RECIST 1.1 progressive disease criteria for target lesions in metastatic colorectal cancer');
    expect(q).toContain('hypertension and proteinuria on bevacizumab: monitoring and when to hold');
  });

  it('asks how to reconcile a conflict, and stays within 10–14 for a sparse record', () => {
    const q = deterministicSubQueries(ICC_INPUT);
    expect(q[0]).toBe('metastatic intrahepatic cholangiocarcinoma treatment options for the tumour board');
    expect(q[1]).toBe(
      'how to reconcile discordant MSI-H by PCR fragment analysis and proficient MMR immunohistochemistry'
    );
    const sparse = deterministicSubQueries({
      question: '',
      patientSummary: 'Patient: unknown',
      findings: [],
      toolCalls: [],
    });
    expect(sparse.length).toBeGreaterThanOrEqual(10);
    expect(new Set(sparse).size).toBe(sparse.length);
  });

  it('drops near-duplicates and caps the count', () => {
    const many = Array.from({ length: 20 }, (_, i) => `topic ${i} therapy`);
    expect(distinctQueries(['KRAS G12D therapy', 'therapy KRAS G12D', ...many])).toHaveLength(14);
    expect(distinctQueries(['KRAS G12D therapy', 'therapy KRAS G12D'])).toEqual(['KRAS G12D therapy']);
  });
});
