// Fuzzes every tool through runTool with arguments generated from its own schema (mostly valid, sometimes hostile),
// from the command line (no FHIR server) and inside a workup (a FHIR server that finds nothing), with a working and
// a broken models folder: a result every time, never a throw, and no server path in any message.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFhirClient } from '../../server/fhir/fhir-client';
import { readToolConfig } from '../../server/tools/config';
import { hasServerPath } from '../../server/tools/path-free';
import { TOOLS } from '../../server/tools/registry';
import { runTool, toolSpec } from '../../server/tools/run-tool';
import type { ToolContext } from '../../server/tools/types';
import { CaseCounter } from './support/case-counter';
import { type CrashWatch, watchCrashes } from './support/crash-watch';
import { startFakeFhir } from './support/fake-fhir';
import { fromSchema } from './support/from-schema';
import { Rng, randomJson } from './support/fuzz';
import { SERVER_PATH } from './support/target';

const SEED = 0x7001_5eed;
const PER_TOOL = 220;
const counter = new CaseCounter();
const broken = mkdtempSync(join(tmpdir(), 'fuzz-tools-'));
let crashes: CrashWatch;
let contexts: ToolContext[];

beforeAll(async () => {
  crashes = watchCrashes();
  // A models folder whose manifest names files that are not there, and one whose manifest is not JSON.
  mkdirSync(join(broken, 'missing'));
  writeFileSync(
    join(broken, 'missing', 'manifest.json'),
    JSON.stringify({
      models: [
        {
          id: 'seg',
          kind: 'segmentation',
          version: '1',
          files: { encoder: 'e.onnx', decoder: 'd.onnx' },
          validation: 'research-use-only',
          card: 'c.md',
        },
        {
          id: 'mil',
          kind: 'biomarker-mil',
          version: '1',
          files: { model: 'm.onnx' },
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
  mkdirSync(join(broken, 'corrupt'));
  writeFileSync(join(broken, 'corrupt', 'manifest.json'), '{ not json');
  const fake = await startFakeFhir();
  const fhir = createFhirClient({ baseUrl: fake.baseUrl, token: 'fuzz' });
  const config = (modelsDir?: string) => ({
    ...readToolConfig({ ONCOAGENT_OFFLINE: '1', ...(modelsDir ? { ONCOAGENT_MODELS_DIR: modelsDir } : {}) }),
    timeoutMs: 5000,
  });
  contexts = [
    { config: config() },
    { config: config(join(broken, 'missing')), fhir },
    { config: config(join(broken, 'corrupt')) },
    { config: config(), fhir },
  ];
});
afterAll(() => {
  rmSync(broken, { recursive: true, force: true });
  counter.print('tools');
});

describe('tool argument fuzz (runTool)', () => {
  it.each(TOOLS.map((t) => [t.name, t] as const))(
    '%s: a result for every argument, no path in any message',
    async (name, tool) => {
      const rng = new Rng(SEED + name.length * 7919 + name.charCodeAt(0));
      const schema = toolSpec(tool).parameters;
      const problems: string[] = [];
      for (let i = 0; i < PER_TOOL; i++) {
        const args = rng.bool(0.15) ? randomJson(rng, 3) : fromSchema(schema, rng);
        const ctx = contexts[i % contexts.length]!;
        let run: Awaited<ReturnType<typeof runTool>>;
        try {
          run = await runTool(tool, args, ctx);
        } catch (err) {
          problems.push(`case ${i}: runTool threw ${(err as Error).name}: ${(err as Error).message}`);
          continue;
        }
        const where = `case ${i} args=${JSON.stringify(args).slice(0, 300)}`;
        if (!['ok', 'error', 'unavailable'].includes(run.status)) problems.push(`${where}: status ${run.status}`);
        if (run.status !== 'ok' && !run.message) problems.push(`${where}: ${run.status} without a message`);
        const said = JSON.stringify({ message: run.message, warnings: run.warnings });
        if (hasServerPath(said)) problems.push(`${where}: a server path in ${said.slice(0, 300)}`);
        let output = '';
        try {
          output = JSON.stringify(run.output ?? null);
        } catch (err) {
          problems.push(`${where}: output is not JSON (${(err as Error).message})`);
        }
        if (SERVER_PATH.test(output) && !SERVER_PATH.test(JSON.stringify(args)))
          problems.push(`${where}: a server path in the output`);
        counter.add(`tool:${name}`);
      }
      expect(problems.slice(0, 5)).toEqual([]);
    }
  );

  it('nothing crashed', () => {
    expect(crashes.seen(), crashes.describe()).toBe(0);
  });
});
