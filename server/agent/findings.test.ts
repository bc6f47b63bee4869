// Findings: record biomarkers and alterations, tool results with citations, and conflicts (reported MSI-H against
// pMMR and low TMB, predictions against reported results), labelled honestly.
import { describe, expect, it } from 'vitest';
import type { WorkupToolCall } from '../../common/contracts';
import { demoData } from '../sandbox/demo';
import { demoId } from '../sandbox/demo/portable';
import { buildFindings } from './findings';
import { readFacts } from './record/facts';
import { recordFromBundle } from './record/from-bundle';

const bundles = demoData({ dicomWebBase: 'http://127.0.0.1:1/sandbox/dicomweb' }).bundles;
const facts = (id: string) => readFacts(recordFromBundle(bundles.find((b) => b.entry?.[0]?.resource?.id === id)!));

describe('buildFindings', () => {
  it('flags the outside MSI-H result against proficient MMR and low TMB in the cholangiocarcinoma patient', () => {
    const conflicts = buildFindings(facts(demoId('demo-icc')), []).filter((f) => f.kind === 'conflict');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.text).toMatch(
      /MSI-H .* disagrees with proficient mismatch repair .* low tumour mutational burden of 2\.1/
    );
    expect(conflicts[0]!.sources).toEqual([
      `record:Observation/${demoId('demo-icc-msi-outside-2025-08-28')}`,
      `record:Observation/${demoId('demo-icc-mmr-ihc-2026-10-06')}`,
      `record:Observation/${demoId('demo-icc-tmb')}`,
    ]);
  });

  it('reports no conflict when MSI, MMR and RAS results agree', () => {
    expect(buildFindings(facts(demoId('demo-crc-met')), []).filter((f) => f.kind === 'conflict')).toEqual([]);
  });

  it('labels demo-model predictions and flags a prediction that contradicts a reported result', () => {
    const call: WorkupToolCall = {
      id: 'c9',
      tool: 'predict_biomarkers',
      args: {},
      status: 'ok',
      ms: 3,
      output: {
        predictions: [{ target: 'KRAS', label: 'KRAS wild-type', probability: 0.2, threshold: 0.5 }],
        model: { id: 'demo-mil-crc', version: '0.1.0', validation: 'demo-not-clinically-validated' },
        disclaimer: 'Demo model.',
        topTiles: [0],
        bag: { n: 10, d: 64 },
        source: 'inline',
      },
    };
    const all = buildFindings(facts(demoId('demo-crc-met')), [call]);
    expect(all.find((f) => f.sources.includes('tool:c9') && f.kind === 'biomarker')?.text).toMatch(
      /KRAS wild-type .*demo model, not clinically validated/
    );
    const conflict = all.find((f) => f.kind === 'conflict');
    expect(conflict?.text).toMatch(/prediction \(KRAS wild-type\) disagrees with the reported KRAS p\.Gly12Asp/);
    expect(conflict?.sources).toEqual(['tool:c9', `record:Observation/${demoId('demo-crc-met-kras')}`]);
  });

  it('turns a RECIST result and an unverified record alteration into cited findings; failed calls give none', () => {
    // A complete assess_response output: the findings read outputs through the tool's contract.
    const calls: WorkupToolCall[] = [
      {
        id: 'c7',
        tool: 'assess_response',
        args: {},
        status: 'ok',
        ms: 1,
        output: {
          category: 'PD',
          baselineSumMm: 44.8,
          followUpSumMm: 58.6,
          changeFromBaselinePct: 30.8,
          nadirSumMm: 44.8,
          changeFromNadirPct: 30.8,
          absoluteChangeFromNadirMm: 13.8,
          rule: 'PD: +20 %.',
          perLesion: [],
        },
      },
      { id: 'c8', tool: 'segment_lesion', args: {}, status: 'error', message: 'no pixels', ms: 1 },
    ];
    const all = buildFindings(facts(demoId('demo-crc-met')), calls);
    expect(all[0]).toEqual({
      kind: 'response',
      text: expect.stringMatching(
        /^RECIST 1\.1: PD \(progressive disease\); sum of target diameters 44\.8 mm → 58\.6 mm \(\+30\.8 %/
      ),
      sources: ['tool:c7'],
    });
    expect(all.some((f) => f.sources.includes('tool:c8'))).toBe(false);
    expect(all.find((f) => f.kind === 'alteration')?.sources).toEqual([
      `record:Observation/${demoId('demo-crc-met-kras')}`,
    ]);
  });
});
