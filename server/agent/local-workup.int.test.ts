// A whole workup with ONCOAGENT_LLM=local on the real llama.cpp runtime and a tiny random GGUF whose context is too
// small for the planner's and answer's prompts: every model step fails cleanly, the rules planner takes over, and the
// clinician still gets the deterministic workup with its tools and an extractive cited report.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle } from '@medplum/fhirtypes';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../common/contracts';
import { writeTinyGguf } from '../../tests/support/tiny-gguf';
import { createAnswerer } from '../answer/answerer';
import { createFhirClient } from '../fhir/fhir-client';
import { createLocalModel } from '../llm/local';
import { demoData } from '../sandbox/demo';
import { demoId } from '../sandbox/demo/portable';
import { readToolConfig } from '../tools/config';
import { recordFromBundle } from './record/from-bundle';
import { runWorkup } from './run-workup';

const gguf = join(mkdtempSync(join(tmpdir(), 'oncoagent-gguf-')), 'tiny-workup.gguf');
writeTinyGguf(gguf);
const model = createLocalModel({ ggufPath: gguf, gpu: false, threads: 1, contextSize: 1024, maxTokens: 32 });
const bundles = demoData({ dicomWebBase: 'http://127.0.0.1:1/sandbox/dicomweb' }).bundles;

afterAll(async () => {
  await model.dispose();
});

describe('workup with a local GGUF model', () => {
  it('reports the model failures, runs the rules-planned tools and answers extractively', async () => {
    const bundle = structuredClone(
      bundles.find((b) => b.entry?.[0]?.resource?.id === demoId('demo-pdac-g12c'))
    ) as Bundle;
    const record = recordFromBundle(bundle);
    const events: AgentEvent[] = [];
    const result = await runWorkup({
      fhir: createFhirClient({ baseUrl: 'http://127.0.0.1:9/fhir' }),
      patientId: demoId('demo-pdac-g12c'),
      question: 'Which targeted options exist?',
      model,
      answerer: createAnswerer(),
      retrieve: async () => [],
      toolConfig: readToolConfig({ ONCOAGENT_OFFLINE: '1' }),
      loadRecord: async () => record,
      emit: (e) => events.push(e),
    });
    expect(result.problems).toEqual([
      { code: 'planner-failed', message: expect.stringMatching(/does not fit the local model's context window/) },
    ]);
    expect(result.toolCalls.map((c) => c.tool)).toContain('variant_actionability');
    expect(result.answer.markdown).toMatch(/extractive report/);
    expect(result.answer.statements.length).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'status' && /rules planner chooses the tools/.test(e.text))).toBe(true);
  });
});
