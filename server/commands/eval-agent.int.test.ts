// `oncoagent eval` on a generated case folder (a demo patient's Bundle with its expected tools): the case is loaded
// into an in-process sandbox, planned, optionally run, and scored.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { demoData } from '../sandbox/demo';
import { CliError } from './cli-error';
import { evalAgentCommand } from './eval-agent';

const dir = mkdtempSync(join(tmpdir(), 'eval-cases-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('evalAgentCommand', () => {
  it('plans each case, scores the tool choice and runs the workup', async () => {
    const bundle = demoData({ dicomWebBase: 'http://127.0.0.1:1/dicomweb' }).bundles[0]!;
    writeFileSync(join(dir, 'X.json'), JSON.stringify(bundle));
    const expectedTools = {
      segment_lesion: 4,
      radiology_report: 1,
      assess_response: 1,
      variant_actionability: 1,
      tnm_stage: 1,
    };
    writeFileSync(
      join(dir, 'cases.json'),
      JSON.stringify([
        { id: 'X', question: 'Did it grow?', expectedTools, completenessStatements: [{ text: 'KRAS G12D mutation' }] },
      ])
    );
    let text = '';
    const report = await evalAgentCommand(
      { cases: dir, workup: true },
      { answerer: createTestAnswerer(), stdout: { write: (t: string) => (text += t) } }
    );
    const [x] = report.cases;
    expect(x).toMatchObject({
      id: 'X',
      matched: 7,
      expectedTotal: 8,
      // The record states its stage group (nothing to stage); progression on the first line is answered by the
      // guidelines' second line (no literature search).
      missing: ['tnm_stage×1'],
      extra: [],
    });
    // The follow-up CT's report compares with the baseline, so it is read beside the segmentations.
    expect(x?.planned).toEqual({
      segment_lesion: 4,
      radiology_report: 1,
      assess_response: 1,
      variant_actionability: 1,
    });
    // Two lesions on two slices at two time points: four images. The phantoms are not served here, so the
    // segmentations fail and no response assessment follows.
    expect(x?.ran).toMatchObject({ segment_lesion: 4, variant_actionability: 1 });
    expect(x?.statuses?.error).toBe(4);
    expect(x?.completeness).toBe(1);
    expect(report.overall).toMatchObject({ recall: 7 / 8, superfluousPerCase: 0, maxSuperfluous: 0 });
    expect(text).toMatch(/Overall recall 7\/8 = 87\.5 %/);
    // Per-tool totals (no case ids), so blind corpora can be diagnosed by tool.
    expect(text).toMatch(/Per tool \(matched\/expected \+superfluous\): .*segment_lesion 4\/4; tnm_stage 0\/1;/);
  });

  it('refuses a folder without cases.json', async () => {
    await expect(evalAgentCommand({ cases: join(dir, 'missing') })).rejects.toBeInstanceOf(CliError);
  });
});
