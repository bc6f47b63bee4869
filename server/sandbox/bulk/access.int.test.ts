// Who may export and how exports end: system/ scopes per exported type, refusals for bad requests (lenient clients get
// warnings instead), a running job's 202 + X-Progress, the per-client limit (429), and DELETE, which cancels a job or
// releases its files, after which its status and files are 404.
import { existsSync } from 'node:fs';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendToken } from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { demoId } from '../demo';
import { download, downloadAll, exportManifest, KICKOFF_HEADERS, kickOff, pollToEnd } from './testing/bulk-client';

const GROUP = demoId('demo-group-colorectal');
const OWNER = 'client:oncoagent-cli';

let server: TestServer;
let token: string;
/** Jobs wait for this before they start; tests that need a job still queued replace it. */
let gate: Promise<unknown> = Promise.resolve();

beforeAll(async () => {
  server = await startTestServer({ bulk: { maxActivePerOwner: 1, startGate: () => gate } });
  token = (await backendToken(server.url, 'test-secret', 'system/*.rs')).body.access_token ?? '';
});
afterAll(async () => {
  server?.sandbox.bulk.jobs.close();
  await server?.close();
});

async function refusal(res: Response): Promise<{ status: number; text: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
  const outcome = (await res.json()) as OperationOutcome;
  return { status: res.status, text: outcome.issue?.[0]?.details?.text ?? '' };
}

describe('authorization', () => {
  it('refuses tokens without system/ scopes: a patient launch and a user/ token', async () => {
    for (const scope of ['launch patient/*.rs', 'user/*.rs']) {
      const t = server.token(demoId('demo-crc-met'), { scope });
      expect(await refusal(await kickOff(server.fhirBase, `Group/${GROUP}/$export`, t))).toEqual({
        status: 403,
        text: expect.stringMatching(/needs system\/ scopes/),
      });
    }
    expect((await kickOff(server.fhirBase, `Group/${GROUP}/$export`, undefined)).status).toBe(401);
  });

  it('names the system/ scopes _type needs, and without _type exports only the types the token covers', async () => {
    const narrow = (await backendToken(server.url, 'test-secret', 'system/Patient.rs system/Group.rs')).body
      .access_token;
    const refused = await refusal(
      await kickOff(server.fhirBase, `Group/${GROUP}/$export?_type=Patient,Observation`, narrow)
    );
    expect(refused).toEqual({ status: 403, text: expect.stringContaining('system/Observation.rs') });
    expect(refused.text).not.toContain('system/Patient.rs');

    const { manifest } = await exportManifest(server.fhirBase, `Group/${GROUP}/$export`, narrow);
    expect(manifest.output.map((o) => o.type)).toEqual(['Patient']);
    const noGroup = (await backendToken(server.url, 'test-secret', 'system/Patient.rs')).body.access_token;
    expect((await kickOff(server.fhirBase, `Group/${GROUP}/$export`, noGroup)).status).toBe(403);
  });
});

describe('bad requests', () => {
  it('refuses a missing Prefer, unsupported parameters, unknown Groups and other methods', async () => {
    const path = `Group/${GROUP}/$export`;
    const noPrefer = await kickOff(server.fhirBase, path, token, { Accept: 'application/fhir+json' });
    expect(await refusal(noPrefer)).toEqual({ status: 400, text: expect.stringMatching(/Prefer: respond-async/) });
    const filter = await kickOff(server.fhirBase, `${path}?_typeFilter=Observation%3Fstatus%3Dfinal`, token);
    expect(await refusal(filter)).toEqual({ status: 400, text: expect.stringMatching(/_typeFilter is not supported/) });
    const badSince = await kickOff(server.fhirBase, `${path}?_since=yesterday`, token);
    expect((await refusal(badSince)).status).toBe(400);
    expect((await kickOff(server.fhirBase, `Group/${demoId('no-such-group')}/$export`, token)).status).toBe(404);
    const put = await fetch(`${server.fhirBase}/${path}`, {
      method: 'PUT',
      headers: { ...KICKOFF_HEADERS, Authorization: `Bearer ${token}` },
    });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    const post = (body: string, query = '') =>
      fetch(`${server.fhirBase}/${path}${query}`, {
        method: 'POST',
        headers: { ...KICKOFF_HEADERS, 'Content-Type': 'application/fhir+json', Authorization: `Bearer ${token}` },
        body,
      });
    expect(await refusal(await post('{not json'))).toEqual({ status: 400, text: expect.stringMatching(/not JSON/) });
    expect(await refusal(await post('{"resourceType":"Patient"}'))).toEqual({
      status: 400,
      text: expect.stringMatching(/must be a Parameters resource/),
    });
    const both = await post('{"resourceType":"Parameters"}', '?_type=Patient');
    expect(await refusal(both)).toEqual({ status: 400, text: expect.stringMatching(/in the body, not the URL/) });
    const empty = await post('{"resourceType":"Parameters","parameter":[{"name":"_type"}]}');
    expect(await refusal(empty)).toEqual({ status: 400, text: expect.stringMatching(/_type has no value/) });
  });

  it('takes a POST kick-off with its parameters in a Parameters body, checked like a GET', async () => {
    const started = await fetch(`${server.fhirBase}/Group/${GROUP}/$export`, {
      method: 'POST',
      headers: { ...KICKOFF_HEADERS, 'Content-Type': 'application/fhir+json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        resourceType: 'Parameters',
        parameter: [
          { name: '_type', valueString: 'Patient' },
          { name: '_outputFormat', valueString: 'application/fhir+ndjson' },
        ],
      }),
    });
    expect(started.status).toBe(202);
    const manifest = await (await pollToEnd(started.headers.get('content-location') ?? '', token)).json();
    expect(manifest.output.map((o: { type: string }) => o.type)).toEqual(['Patient']);
    expect(manifest.request).toMatch(/\$export\?_type=Patient/);
    const filtered = await fetch(`${server.fhirBase}/Group/${GROUP}/$export`, {
      method: 'POST',
      headers: { ...KICKOFF_HEADERS, 'Content-Type': 'application/fhir+json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ resourceType: 'Parameters', parameter: [{ name: '_typeFilter', valueString: 'x' }] }),
    });
    expect(await refusal(filtered)).toEqual({
      status: 400,
      text: expect.stringMatching(/_typeFilter is not supported/),
    });
  });

  it('with Prefer: handling=lenient, ignores what it cannot do and says so in the error files', async () => {
    const started = await kickOff(server.fhirBase, `Group/${GROUP}/$export?_type=Patient&_typeFilter=x`, token, {
      ...KICKOFF_HEADERS,
      Prefer: 'respond-async, handling=lenient',
    });
    expect(started.status).toBe(202);
    const manifest = await (await pollToEnd(started.headers.get('content-location') ?? '', token)).json();
    expect(manifest.output.map((o: { type: string }) => o.type)).toEqual(['Patient']);
    expect(manifest.error).toHaveLength(1);
    const [warning] = (await download(manifest.error[0].url, token)).resources as OperationOutcome[];
    expect(warning?.issue?.[0]).toMatchObject({
      severity: 'warning',
      details: { text: expect.stringContaining('_typeFilter') },
    });
  });
});

describe('running, limits and cancel', () => {
  it('answers 202 with X-Progress while queued, 429 beyond the per-client limit, and cancels on DELETE', async () => {
    let release: (value?: unknown) => void = () => undefined;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const started = await kickOff(server.fhirBase, `Group/${GROUP}/$export`, token);
      expect(started.status).toBe(202);
      const statusUrl = started.headers.get('content-location') ?? '';
      const poll = await fetch(statusUrl, { headers: { Authorization: `Bearer ${token}` } });
      expect(poll.status).toBe(202);
      expect(poll.headers.get('x-progress')).toBe('queued');
      expect(poll.headers.get('retry-after')).toBe('1');

      const second = await kickOff(server.fhirBase, `Group/${GROUP}/$export`, token);
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('1');

      const id = statusUrl.split('/').pop() ?? '';
      const dir = server.sandbox.bulk.jobs.get(id, OWNER)?.dir ?? '';
      expect(existsSync(dir)).toBe(true);
      const cancelled = await fetch(statusUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
      expect(cancelled.status).toBe(202);
      expect(existsSync(dir)).toBe(false);
      expect((await fetch(statusUrl, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
      expect((await fetch(statusUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
        404
      );
    } finally {
      release();
      gate = Promise.resolve();
    }
  });

  it('DELETE after completion deletes the files: the status and every file URL are then 404', async () => {
    const { manifest, statusUrl } = await exportManifest(
      server.fhirBase,
      `Group/${GROUP}/$export?_type=Patient`,
      token
    );
    const url = manifest.output[0]?.url ?? '';
    expect((await download(url, token)).status).toBe(200);
    expect((await downloadAll(manifest, token)).get('Patient')).toHaveLength(3);
    expect((await fetch(statusUrl, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      202
    );
    expect((await download(url, token)).status).toBe(404);
    expect((await fetch(statusUrl, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
    expect((await download(`${url.replace(/[^/]+$/, '')}..%2F..%2Fetc%2Fpasswd`, token)).status).toBeGreaterThanOrEqual(
      400
    );
  });
});
