// The whole offline workup against the sandbox EHR over HTTP: record in one round trip, segmentations → RECIST,
// cited findings, ordered events, traces without secrets, and the failures that still end in a result.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../common/contracts';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { createFhirClient, type FhirClient } from '../fhir/fhir-client';
import { demoId } from '../sandbox/demo/portable';
import { readToolConfig } from '../tools/config';
import { runWorkup } from './run-workup';

let server: TestServer;
let fhir: FhirClient;
let token: string;
const traces = mkdtempSync(join(tmpdir(), 'workup-traces-'));
const toolConfig = readToolConfig({ ONCOAGENT_OFFLINE: '1' });

beforeAll(async () => {
  server = await startTestServer();
  token = server.sandbox.signer.sign({
    aud: server.fhirBase,
    scope: 'system/*.rs',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  fhir = createFhirClient({ baseUrl: server.fhirBase, token });
});
afterAll(async () => {
  await server?.close();
  rmSync(traces, { recursive: true, force: true });
});

const base = () => ({ answerer: createTestAnswerer(), retrieve: async () => [], toolConfig });

describe('runWorkup (offline, sandbox)', () => {
  it('measures both liver lesions at two time points and reports RECIST progression with cited findings', async () => {
    const events: AgentEvent[] = [];
    server.fhirRequests.length = 0;
    const result = await runWorkup({
      ...base(),
      fhir,
      patientId: demoId('demo-crc-met'),
      question: 'Did the liver metastases grow?',
      emit: (e) => events.push(e),
      traceDir: traces,
    });
    expect(result.mode).toBe('none');
    expect(result.patient).toEqual({ id: demoId('demo-crc-met'), name: 'Thomas Brenner' });
    const tools = result.toolCalls.map((c) => `${c.tool}:${c.status}`);
    expect(tools.filter((t) => t === 'segment_lesion:ok')).toHaveLength(4);
    const assess = result.toolCalls.find((c) => c.tool === 'assess_response');
    expect(assess?.status).toBe('ok');
    expect((assess?.output as { category?: string } | undefined)?.category).toBe('PD');
    expect(result.findings.find((f) => f.text.startsWith('RECIST 1.1: PD'))?.sources).toEqual([`tool:${assess!.id}`]);
    // Every citation resolves to a call or a resource of the record.
    const ids = new Set(result.toolCalls.map((c) => `tool:${c.id}`));
    for (const f of result.findings) {
      for (const s of f.sources)
        expect(ids.has(s) || /^record:(Observation|Condition|DiagnosticReport)\//.test(s)).toBe(true);
    }
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['status', 'record']);
    expect(types.at(-1)).toBe('done');
    expect(types.filter((t) => t === 'plan')).toHaveLength(2);
    expect(types.indexOf('answer')).toBeGreaterThan(types.lastIndexOf('finding'));
    // Record in one batch request; tools read studies by id.
    expect(server.fhirRequests.filter((r) => /^POST \/sandbox\/fhir\/R4\/?$/.test(r))).toHaveLength(1);
    expect(server.fhirRequests.filter((r) => r.startsWith('GET') && !/\/(ImagingStudy|Endpoint)\//.test(r))).toEqual(
      []
    );
    const [file] = readdirSync(traces);
    const trace = readFileSync(join(traces, file!), 'utf8');
    expect(file).toBe(`${result.id}.jsonl`);
    expect(trace).not.toContain(token);
    expect(trace).not.toContain(demoId('demo-crc-met'));
    expect(trace).not.toMatch(/Brenner/);
    expect(trace).toMatch(/"name":"tool segment_lesion"/);
  });

  it('stops after the configured rounds and says so, keeping what ran', async () => {
    const result = await runWorkup({ ...base(), fhir, patientId: demoId('demo-crc-met'), maxRounds: 1 });
    expect(result.toolCalls.map((c) => c.tool)).not.toContain('assess_response');
    expect(result.problems).toContainEqual({ code: 'max-rounds', message: expect.stringMatching(/1 rounds/) });
  });

  it('still answers from the findings when the answer pipeline fails', async () => {
    const result = await runWorkup({
      ...base(),
      answerer: createTestAnswerer({ fail: 'index missing' }),
      fhir,
      patientId: demoId('demo-icc'),
    });
    expect(result.problems).toContainEqual({ code: 'answer-failed', message: expect.stringMatching(/index missing/) });
    expect(result.answer.markdown).toMatch(/### Conflicts to resolve/);
    expect(result.answer.statements.length).toBe(result.findings.length);
  });

  it('fails with a login outcome when the FHIR server rejects the missing token', async () => {
    const events: AgentEvent[] = [];
    const noToken = createFhirClient({ baseUrl: server.fhirBase, retries: 0 });
    await expect(
      runWorkup({ ...base(), fhir: noToken, patientId: demoId('demo-icc'), emit: (e) => events.push(e) })
    ).rejects.toThrow(/rejected the access token/);
    const last = events.at(-1);
    expect(last?.type === 'error' && last.outcome.issue?.[0]?.code).toBe('login');
  });

  it('stops when cancelled and reports a cancellation', async () => {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const run = runWorkup({
      ...base(),
      fhir,
      patientId: demoId('demo-crc-met'),
      signal: controller.signal,
      emit: (e) => {
        events.push(e);
        if (e.type === 'tool-start') controller.abort();
      },
    });
    await expect(run).rejects.toThrow();
    const last = events.at(-1);
    expect(last?.type === 'error' && last.outcome.issue?.[0]?.details?.text).toBe('The workup was cancelled');
    expect(events.some((e) => e.type === 'done')).toBe(false);
  });
});
