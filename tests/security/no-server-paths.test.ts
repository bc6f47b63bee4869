// No server file path in what the tools, a workup, its Markdown report or its OperationOutcomes say, when models,
// files and the knowledge folder are missing or broken (fs errors and model loaders name absolute paths).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../common/contracts';
import { workupMarkdown } from '../../server/agent/markdown';
import { toOutcome } from '../../server/agent/outcome';
import { runWorkup } from '../../server/agent/run-workup';
import { createAnswerer, createRetrieve } from '../../server/answer';
import { createFhirClient } from '../../server/fhir/fhir-client';
import { encodePng } from '../../server/imaging/png';
import { loadCorpus } from '../../server/rag/ingest/load-corpus';
import { openKnowledgeIndex } from '../../server/rag/knowledge';
import { readToolConfig } from '../../server/tools/config';
import { findTool } from '../../server/tools/registry';
import { runTool } from '../../server/tools/run-tool';
import type { ToolContext } from '../../server/tools/types';
import { demoRecord } from './support/demo-record';
import { startFakeFhir } from './support/fake-fhir';

const REPO = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'no-paths-'));
/** The brief's definition of a server path, plus the repository root and the temporary folder in any form. */
function expectPathFree(text: string, what: string): void {
  expect(text, what).not.toMatch(/\/(work|home|usr|tmp|root)\//);
  expect(text, what).not.toContain(REPO);
  expect(text, what).not.toContain(tmp);
  expect(text, what).not.toContain('node_modules/');
}

let fakeFhir: string;
const missingModels = join(tmp, 'models');
beforeAll(async () => {
  fakeFhir = (await startFakeFhir()).baseUrl;
  mkdirSync(missingModels);
  writeFileSync(
    join(missingModels, 'manifest.json'),
    JSON.stringify({
      models: [
        {
          id: 'seg',
          kind: 'segmentation',
          version: '1',
          files: { encoder: 'seg/e.onnx', decoder: 'seg/d.onnx' },
          validation: 'research-use-only',
          card: 'c.md',
        },
        {
          id: 'mil',
          kind: 'biomarker-mil',
          version: '1',
          files: { model: 'mil/m.onnx' },
          validation: 'research-use-only',
          card: 'c.md',
          targets: ['MSI'],
          inputDim: 4,
          thresholds: { MSI: 0.5 },
          input: 'features',
          outputs: { probabilities: 'p', attention: 'a' },
        },
      ],
    })
  );
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('tool messages name files, never where they are', () => {
  const cli = (): ToolContext => ({
    config: { ...readToolConfig({ ONCOAGENT_OFFLINE: '1', ONCOAGENT_MODELS_DIR: missingModels }) },
  });
  const png = join(tmp, 'slice.png');

  it.each([
    ['segment_lesion', { image: join(REPO, 'no-such-dir', 'slice.dcm'), box: [1, 1, 9, 9] }],
    ['segment_lesion', { image: join(tmp, 'missing.png'), box: [1, 1, 9, 9], engine: 'medsam' }],
    ['segment_lesion', { image: png, box: [1, 1, 9, 9], engine: 'medsam' }],
    ['segment_lesion', { image: png, box: [1, 1, 9, 9], engine: 'auto' }],
    ['predict_biomarkers', { features: { shape: [1, 4], data: [0, 0, 0, 0] } }],
    ['predict_biomarkers', { features: join(REPO, 'nope.npy'), modelId: 'mil' }],
    ['radiology_report', { images: [{ image: join(tmp, 'nope.dcm') }] }],
  ])('%s with %j', async (name, args) => {
    writeFileSync(png, encodePng(new Uint8Array(16 * 16 * 4).fill(128), 16, 16));
    const run = await runTool(findTool(name)!, args, cli());
    expect(run.message ?? run.warnings?.join(' ')).toBeTruthy();
    expectPathFree(JSON.stringify({ message: run.message, warnings: run.warnings, output: run.output }), name);
  });

  it('the knowledge loaders say which folder, not where it is', async () => {
    const err = await loadCorpus(join(tmp, 'no-knowledge')).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/cannot read knowledge folder no-knowledge: ENOENT/);
    expectPathFree((err as Error).message, 'loadCorpus');
    const empty = join(tmp, 'empty-knowledge');
    mkdirSync(empty);
    const open = await openKnowledgeIndex({ dataDir: join(tmp, 'data'), knowledgeDir: empty }).catch((e: Error) => e);
    expect((open as Error).message).toMatch(/No knowledge documents in folder empty-knowledge/);
    expectPathFree((open as Error).message, 'openKnowledgeIndex');
  });

  it('an OperationOutcome made from an fs error keeps the file name only', () => {
    const outcome = toOutcome(new Error(`ENOENT: no such file or directory, open '${join(REPO, 'models', 'x.onnx')}'`));
    expect(outcome.issue?.[0]?.details?.text ?? outcome.issue?.[0]?.diagnostics).toMatch(/x\.onnx/);
    expectPathFree(JSON.stringify(outcome), 'toOutcome');
  });
});

describe('a workup with a broken knowledge folder and models folder', () => {
  it('writes no server path into its result, Markdown report, events or answer', async () => {
    const env = {
      ONCOAGENT_OFFLINE: '1',
      ONCOAGENT_KNOWLEDGE_DIR: join(tmp, 'gone'),
      ONCOAGENT_DATA_DIR: join(tmp, 'data2'),
    };
    const events: AgentEvent[] = [];
    const record = demoRecord(`${fakeFhir}/dicomweb`);
    const result = await runWorkup({
      fhir: createFhirClient({ baseUrl: fakeFhir, token: 'x' }),
      patientId: record.patient.id ?? '',
      question: 'Did the liver metastases grow?',
      answerer: createAnswerer(),
      retrieve: createRetrieve({ env }),
      toolConfig: { ...readToolConfig({ ...env, ONCOAGENT_MODELS_DIR: missingModels }), timeoutMs: 5000 },
      loadRecord: async () => record,
      emit: (e) => events.push(e),
    });
    // The failure is reported (so the test sees the broken folder), in words without its location.
    expect(result.answer.markdown).toMatch(/Guideline retrieval failed .*cannot read knowledge folder gone/);
    expectPathFree(JSON.stringify(result), 'result');
    expectPathFree(workupMarkdown(result), 'markdown');
    expectPathFree(JSON.stringify(events), 'events');
  });
});
