// Cancelling a workup stops its EHR traffic at once: the record request in flight or a tool's FHIR read is dropped,
// nothing is retried afterwards, and the run ends with a cancellation. Against a local EHR that never answers.

import type { ServerResponse } from 'node:http';
import type { Bundle } from '@medplum/fhirtypes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../common/contracts';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { createFhirClient } from '../fhir/fhir-client';
import { type ScriptedServer, startScriptedServer } from '../net/scripted-server';
import { demoData } from '../sandbox/demo';
import { demoId } from '../sandbox/demo/portable';
import { readToolConfig } from '../tools/config';
import { recordFromBundle } from './record/from-bundle';
import { type RunWorkupOptions, runWorkup } from './run-workup';

let ehr: ScriptedServer;
let open: ServerResponse[] = [];
let closed = 0;
let onRequest: () => void = () => undefined;

beforeAll(async () => {
  // Never answers; counts the requests whose connection the client has dropped.
  ehr = await startScriptedServer((_req, res) => {
    open.push(res);
    res.on('close', () => {
      closed += 1;
    });
    onRequest();
  });
});
beforeEach(() => {
  ehr.requests.length = 0;
  for (const res of open) res.destroy();
  open = [];
  closed = 0;
});
afterAll(() => ehr?.close());

/** Resolves once every request the EHR received has been dropped by the client. */
async function allDropped(): Promise<void> {
  while (closed < ehr.requests.length) await new Promise((resolve) => setTimeout(resolve, 20));
}

const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 800));

function options(controller: AbortController, events: AgentEvent[]): RunWorkupOptions {
  return {
    // Timeouts far beyond the test's own: only the workup's signal can end these requests in time.
    fhir: createFhirClient({ baseUrl: `${ehr.url}/fhir`, token: 'user-token', retries: 3, timeoutMs: 120_000 }),
    patientId: demoId('demo-crc-met'),
    answerer: createTestAnswerer(),
    retrieve: async () => [],
    toolConfig: { ...readToolConfig({ ONCOAGENT_OFFLINE: '1' }), timeoutMs: 120_000 },
    signal: controller.signal,
    emit: (e) => events.push(e),
  };
}

async function expectCancelled(run: Promise<unknown>, events: AgentEvent[]): Promise<void> {
  await expect(run).rejects.toThrow();
  const last = events.at(-1);
  expect(last?.type === 'error' && last.outcome.issue?.[0]?.details?.text).toBe('The workup was cancelled');
}

describe('cancelling a workup', () => {
  it('drops the record request in flight and sends nothing more', async () => {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    onRequest = () => controller.abort();
    await expectCancelled(runWorkup(options(controller, events)), events);
    await allDropped();
    await quietPeriod();
    expect(ehr.requests).toHaveLength(1);
  });

  it("drops a tool's FHIR read in flight", async () => {
    const bundle = demoData({ dicomWebBase: `${ehr.url}/dicomweb` }).bundles.find(
      (b) => b.entry?.[0]?.resource?.id === demoId('demo-crc-met')
    ) as Bundle;
    const record = recordFromBundle(structuredClone(bundle));
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    onRequest = () => controller.abort();
    await expectCancelled(runWorkup({ ...options(controller, events), loadRecord: async () => record }), events);
    expect(events.some((e) => e.type === 'tool-start')).toBe(true);
    await allDropped();
    const sent = ehr.requests.length;
    await quietPeriod();
    expect(ehr.requests.length).toBe(sent);
    expect(ehr.requests.every((r) => r.method === 'GET')).toBe(true);
  });
});
