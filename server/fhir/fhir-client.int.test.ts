// A cancelled caller stops hitting the EHR at once: no retry after the abort, the request in flight dropped, the call
// rejected as cancelled; a write is never repeated. Against a local server that answers 503 or never answers.

import type { ServerResponse } from 'node:http';
import { OperationOutcomeError } from '@medplum/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedServer, sendJson, startScriptedServer } from '../net/scripted-server';
import { readAttachment } from './dicom';
import { createFhirClient, withRetries, withSignal } from './fhir-client';
import { loadPatientRecord } from './load-record';
import { fhirTransport } from './transport';

let ehr: ScriptedServer;
/** Resolves once the server has received that many requests. */
let arrived: (count: number) => Promise<void>;
let hanging: ServerResponse[] = [];

function script(answer: 'unavailable' | 'hang'): void {
  const waiters: { count: number; resolve: () => void }[] = [];
  arrived = (count) =>
    ehr.requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }));
  ehr.setScript((_req, res) => {
    if (answer === 'hang') hanging.push(res);
    else sendJson(res, 503, { resourceType: 'OperationOutcome', issue: [] });
    for (const w of waiters.filter((w) => ehr.requests.length >= w.count)) w.resolve();
  });
}

beforeAll(async () => {
  ehr = await startScriptedServer(() => undefined);
});
beforeEach(() => {
  ehr.requests.length = 0;
  for (const res of hanging) res.destroy();
  hanging = [];
});
afterAll(() => ehr?.close());

// A timeout far beyond the test's own: only the caller's signal can end these calls in time.
const client = () =>
  createFhirClient({ baseUrl: `${ehr.url}/fhir`, token: 'user-token', retries: 5, timeoutMs: 120_000 });

/** Long enough for any retry the client had scheduled before the abort to have gone out. */
const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 800));

async function expectCancelled(pending: Promise<unknown>, reason: unknown): Promise<void> {
  const err = await pending.then(
    () => undefined,
    (e: unknown) => e
  );
  expect(err).toBeInstanceOf(OperationOutcomeError);
  expect((err as OperationOutcomeError).outcome.issue?.[0]?.details?.text).toMatch(/cancelled/);
  expect((err as OperationOutcomeError).cause).toBe(reason);
}

describe('FHIR client cancellation', () => {
  it('stops retrying a failing read when the caller cancels', async () => {
    script('unavailable');
    const fhir = client();
    const controller = new AbortController();
    const pending = withRetries(
      fhir,
      (signal) => fhir.client.read({ resourceType: 'Patient', id: 'p1', options: { signal } }),
      { signal: controller.signal }
    );
    await arrived(2);
    const reason = new Error('the clinician cancelled');
    controller.abort(reason);
    await expectCancelled(pending, reason);
    const sent = ehr.requests.length;
    await quietPeriod();
    expect(ehr.requests.length).toBe(sent);
    expect(sent).toBeLessThan(6);
  });

  it('drops a request the server never answers', async () => {
    script('hang');
    const controller = new AbortController();
    const pending = loadPatientRecord(client(), 'p1', controller.signal);
    await arrived(1);
    const reason = new Error('stop');
    controller.abort(reason);
    await expectCancelled(pending, reason);
    await quietPeriod();
    expect(ehr.requests).toHaveLength(1);
  });

  it('sends nothing for a caller that has already cancelled', async () => {
    script('unavailable');
    const reason = new Error('gone');
    await expectCancelled(loadPatientRecord(client(), 'p1', AbortSignal.abort(reason)), reason);
    expect(ehr.requests).toHaveLength(0);
  });

  it('cancels every request of a client bound to a signal: reads, attachments, the write-back transport', async () => {
    script('hang');
    const controller = new AbortController();
    const fhir = withSignal(client(), controller.signal);
    const read = withRetries(fhir, (signal) =>
      fhir.client.read({ resourceType: 'DocumentReference', id: 'd1', options: { signal } })
    );
    const download = readAttachment(fhir, { url: 'Binary/b1' });
    const viaTransport = fhirTransport(fhir)({ method: 'GET', path: 'Patient/p1', idempotent: true });
    await arrived(3);
    const reason = new Error('tool deadline');
    controller.abort(reason);
    await expectCancelled(read, reason);
    await expectCancelled(download, reason);
    await expect(viaTransport).rejects.toThrow(/cancelled/);
    await quietPeriod();
    expect(ehr.requests).toHaveLength(3);
  });

  it('never repeats a write, even after a 503', async () => {
    script('unavailable');
    const fhir = client();
    const pending = withRetries(
      fhir,
      (signal) =>
        fhir.client.transaction({ body: { resourceType: 'Bundle', type: 'transaction' }, options: { signal } }),
      { idempotent: false }
    );
    await expect(pending).rejects.toMatchObject({ outcome: { issue: [{ code: 'transient' }] } });
    expect(ehr.requests).toHaveLength(1);
  });
});
