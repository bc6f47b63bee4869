// The measurement a clinician signs after adjusting a box in the viewer: the re-measured sizes, marked as adjusted by
// the clinician (method and note), still preliminary, and still named after the lesion the response assessment used.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult, WorkupToolCall } from '../../../common/contracts';
import type { ClinicianAdjustment } from '../../../common/contracts/remeasure';
import { CRC_FOLLOW_UP } from '../../sandbox/demo/crc-metastatic-imaging';
import { generatePhantomSlice } from '../../sandbox/dicom/phantom';
import { lesionBoxPx, lesionKeySlice } from '../../sandbox/dicom/phantom-spec';
import { buildPlan } from '../../writeback/plan';
import { offlineWorkup } from '../../writeback/testing/offline-workup';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { segmentLesionTool } from '.';

const IMAGE = 'ImagingStudy/ct2/series/1.2.3/instances/1.2.3.4';
const lesion = CRC_FOLLOW_UP.lesions[0]!;
const box = lesionBoxPx(CRC_FOLLOW_UP, lesion);
const cut: [number, number, number, number] = [box[0], box[1], Math.round((box[0] + box[2]) / 2), box[3]];
let dir: string;
let workup: WorkupResult;
let automated: Record<string, unknown>;
let adjusted: Record<string, unknown>;

async function measure(path: string, b: number[]): Promise<Record<string, unknown>> {
  const run = await runTool(
    segmentLesionTool,
    { image: path, box: b, overlay: 'none' },
    { config: readToolConfig({}) }
  );
  expect(run.status).toBe('ok');
  return run.output as Record<string, unknown>;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'remeasure-'));
  const path = join(dir, 'slice.dcm');
  writeFileSync(path, generatePhantomSlice(CRC_FOLLOW_UP, lesionKeySlice(CRC_FOLLOW_UP, lesion)).bytes);
  workup = await offlineWorkup();
  automated = await measure(path, box);
  adjusted = await measure(path, cut);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const call = (output: unknown, b: number[]): WorkupToolCall => ({
  id: 's1',
  tool: 'segment_lesion',
  args: { image: IMAGE, box: b },
  status: 'ok',
  output,
  ms: 5,
});

function measurementOf(c: WorkupToolCall) {
  const plan = buildPlan({ workup: { ...workup, toolCalls: [...workup.toolCalls, c] } });
  const item = plan.summary.find((s) => s.key === 'measurement:s1')!;
  const obs = plan.bundle.entry!.find((e) => e.fullUrl === item.fullUrl)!.resource as Observation;
  const size = (code: string) => obs.component!.find((x) => x.code.coding?.[0]?.code === code)?.valueQuantity?.value;
  return { text: item.text, obs, longest: size('lesion-longest-diameter') };
}

describe('an adjusted measurement in the write-back plan', () => {
  it('writes the automated measurement as such', () => {
    const m = measurementOf(call(automated, box));
    expect(m.text).toMatch(/^Lesion liver-seg7 \(liver\): .* classical outline$/);
    expect(m.obs.method?.text).not.toMatch(/clinician/);
    expect(m.longest).toBeCloseTo(automated.longestDiameterMm as number, 1);
  });

  it('writes the re-measured sizes, marked as adjusted by the clinician, preliminary until signed', () => {
    const adjustment: ClinicianAdjustment = {
      by: 'clinician',
      original: {
        box: box,
        longestDiameterMm: automated.longestDiameterMm as number,
        shortAxisMm: automated.shortAxisMm as number,
      },
    };
    const m = measurementOf(call({ ...adjusted, adjustment }, cut));
    expect(m.longest).toBeCloseTo(adjusted.longestDiameterMm as number, 1);
    expect(m.longest).toBeLessThan((automated.longestDiameterMm as number) - 3);
    expect(m.text).toMatch(/^Lesion liver-seg7 \(liver\): .* box adjusted by the clinician$/);
    expect(m.obs.method?.text).toContain('adjusted by the clinician');
    expect(m.obs.note?.map((n) => n.text).join(' ')).toContain(`from [${box.join(', ')}] to [${cut.join(', ')}]`);
    expect(m.obs.status).toBe('preliminary');
  });

  it('ignores a malformed adjustment field', () => {
    const m = measurementOf(call({ ...automated, adjustment: { by: 'someone' } }, box));
    expect(m.obs.method?.text).not.toMatch(/clinician/);
  });
});
