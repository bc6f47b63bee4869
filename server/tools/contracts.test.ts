// Checks that what each tool really returns parses under its declared contract (common/contracts/tools): a contract
// that drifted from its tool would make every reader of the output see nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ToolOutputs, type TypedToolName, toolOutput } from '../../common/contracts/tools';
import { generatePhantomSlice } from '../sandbox/dicom/phantom';
import { lesionBoxPx, lesionKeySlice, type PhantomLesion } from '../sandbox/dicom/phantom-spec';
import { readToolConfig } from './config';
import { makeSyntheticBag } from './predict_biomarkers/synthetic-bag';
import { findTool } from './registry';
import { runTool } from './run-tool';
import { benchSpec } from './segment_lesion/bench';

const dir = mkdtempSync(join(tmpdir(), 'tool-contracts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ctx = { config: readToolConfig({}) };

async function parsed<N extends TypedToolName>(name: N, args: unknown): Promise<ToolOutputs[N] | null> {
  const run = await runTool(findTool(name)!, args, ctx);
  expect(run.status, run.message).toBe('ok');
  // Outputs travel as JSON (events, the result, the write-back request).
  const output: unknown = JSON.parse(JSON.stringify(run.output));
  return toolOutput({ tool: name, status: run.status, output }, name);
}

describe('tool contracts', () => {
  it('parse the real output of every offline tool', async () => {
    const lesion: PhantomLesion = { id: 'l1', centerMm: [120.5, 170.3, 10], radiiMm: [15, 10, 10], hu: 35 };
    const spec = benchSpec(lesion, 11);
    const image = join(dir, 'slice.dcm');
    writeFileSync(image, generatePhantomSlice(spec, lesionKeySlice(spec, lesion)).bytes);
    expect(
      (await parsed('segment_lesion', { image, box: lesionBoxPx(spec, lesion) }))?.longestDiameterMm
    ).toBeGreaterThan(20);
    const lesions = (mm: number) => [{ id: 'a', site: 'liver', diameterMm: mm }];
    expect(await parsed('assess_response', { baseline: lesions(40), followUp: lesions(60) })).toMatchObject({
      category: 'PD',
    });
    const bag = makeSyntheticBag({ seed: 3, n: 64, d: 64, positive: { MSI: true } });
    const features = { shape: bag.shape, data: Array.from(bag.data) };
    expect((await parsed('predict_biomarkers', { features }))?.predictions.length).toBe(3);
    expect(
      await parsed('variant_actionability', { gene: 'BRAF', alteration: 'V600E', tumorType: 'colorectal' })
    ).toMatchObject({ source: 'offline' });
    expect(await parsed('tnm_stage', { site: 'colorectal', t: 'T3', n: 'N1', m: 'M0' })).toMatchObject({
      stageGroup: 'IIIB',
    });
    const lab = (value: number, unit: string) => ({ value, unit });
    const childPugh = await parsed('clinical_score', {
      score: 'child_pugh',
      bilirubin: lab(1.5, 'mg/dL'),
      albumin: lab(3.2, 'g/dL'),
      inr: 1.3,
      ascites: 'none',
      encephalopathy: 'none',
    });
    expect(childPugh?.class).toBe('A');
    expect(await parsed('calculator', { expression: '2 * (3 + 4)' })).toEqual({ expression: '2 * (3 + 4)', value: 14 });
  });

  it('give nothing for another tool, a failed call or an output that does not match', () => {
    const output = { category: 'PD', rule: 'r' };
    expect(toolOutput({ tool: 'assess_response', status: 'ok', output }, 'assess_response')).toBeNull();
    expect(toolOutput({ tool: 'tnm_stage', status: 'ok', output }, 'assess_response')).toBeNull();
    expect(toolOutput(undefined, 'assess_response')).toBeNull();
  });
});
