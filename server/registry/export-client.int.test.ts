// Checks the Bulk Data client against a scripted server speaking the async pattern: kick-off with Prefer:
// respond-async, polling that honours Retry-After and reports X-Progress, files downloaded with the token only on the
// FHIR origin, records spooled per patient; and the failures a registry must tell apart.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedServer, sendJson, startScriptedServer } from '../net/scripted-server';
import { isUnavailable } from './errors';
import { kickOff, pollManifest } from './export-client';
import { spoolExport } from './spool';
import { staticToken } from './token-source';

const TOKEN = 'secret-token';
let server: ScriptedServer;
let polls = 0;
let flakyPolls = 0;
const ndjson = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const PATIENTS = ndjson([
  { resourceType: 'Patient', id: 'p1' },
  { resourceType: 'Patient', id: 'p2' },
]);
const OBSERVATIONS = `${ndjson([
  { resourceType: 'Observation', id: 'o1', subject: { reference: 'Patient/p2' } },
  { resourceType: 'Observation', id: 'o2', subject: { reference: 'Patient/p1' } },
  { resourceType: 'Observation', id: 'o3', subject: { reference: 'Patient/stranger' } },
])}\nnot json\n`;

beforeAll(async () => {
  server = await startScriptedServer((req, res) => {
    const authorized = req.headers.authorization === `Bearer ${TOKEN}`;
    if (!authorized) return sendJson(res, 401, { resourceType: 'OperationOutcome', issue: [] });
    if (req.path === '/fhir/Group/g1/$export') {
      res.writeHead(202, { 'Content-Location': `${server.url}/fhir/bulk/job1` });
      return res.end();
    }
    if (req.path === '/fhir/Group/nope/$export') {
      return sendJson(res, 404, { resourceType: 'OperationOutcome', issue: [{ details: { text: 'no such group' } }] });
    }
    if (req.path === '/fhir/bulk/job1') {
      polls++;
      if (polls < 3) {
        res.writeHead(202, { 'X-Progress': `step ${polls}`, 'Retry-After': '0' });
        return res.end();
      }
      return sendJson(res, 200, {
        transactionTime: '2026-01-01T00:00:00Z',
        request: `${server.url}/fhir/Group/g1/$export`,
        requiresAccessToken: true,
        // Observations listed first: the client still reads the Patient file first.
        output: [
          { type: 'Observation', url: 'bulk/job1/Observation.ndjson' },
          { type: 'Patient', url: `${server.url}/fhir/bulk/job1/Patient.ndjson` },
        ],
        error: [],
      });
    }
    if (req.path === '/fhir/bulk/job1/Patient.ndjson') return res.end(PATIENTS);
    if (req.path === '/fhir/bulk/job1/Observation.ndjson') return res.end(OBSERVATIONS);
    // A connection dropped before any answer: once for the status poll, always for this group's kick-off.
    if (req.path === '/fhir/Group/flaky/$export') return res.socket?.destroy();
    if (req.path === '/fhir/bulk/flaky') {
      if (++flakyPolls === 1) return res.socket?.destroy();
      return sendJson(res, 200, {
        transactionTime: '2026-01-01T00:00:00Z',
        requiresAccessToken: true,
        output: [],
        error: [],
      });
    }
    if (req.path === '/fhir/bulk/slow') {
      res.writeHead(202, { 'Retry-After': '5' });
      return res.end();
    }
    return sendJson(res, 404, {});
  });
});
afterAll(() => server.close());

describe('Bulk Data client', () => {
  it('kicks off, polls until the manifest, and spools one record Bundle per patient', async () => {
    const tokens = staticToken(TOKEN);
    const fhirBase = `${server.url}/fhir`;
    const statusUrl = await kickOff({ fhirBase, groupId: 'g1', types: ['Patient', 'Observation'], tokens });
    const kick = server.requests.find((r) => r.path.endsWith('$export'))!;
    expect(kick.headers.prefer).toBe('respond-async');
    expect(kick.query.get('_type')).toBe('Patient,Observation');
    const progress: string[] = [];
    const manifest = await pollManifest(statusUrl, { fhirBase, tokens, onProgress: (p) => progress.push(p) });
    expect(progress).toEqual(['step 1', 'step 2']);
    const dir = mkdtempSync(join(tmpdir(), 'spool-'));
    try {
      const spooled = await spoolExport({ manifest, dir, fhirBase, tokens });
      expect(spooled.patients).toEqual(['p1', 'p2']);
      // The stranger's Observation and the broken line are dropped, not filed under anyone.
      expect(spooled.skipped).toBe(2);
      expect(readdirSync(dir).sort()).toEqual(['p1.json', 'p2.json']);
      const p2 = JSON.parse(readFileSync(join(dir, 'p2.json'), 'utf8')) as Bundle;
      expect(p2.entry?.map((e) => `${e.resource?.resourceType}/${e.resource?.id}`)).toEqual([
        'Patient/p2',
        'Observation/o1',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a missing group as bad input, and an unreachable server as unavailable', async () => {
    const tokens = staticToken(TOKEN);
    await expect(kickOff({ fhirBase: `${server.url}/fhir`, groupId: 'nope', tokens })).rejects.toThrow(
      /No Group "nope"/
    );
    const down = await kickOff({ fhirBase: 'http://127.0.0.1:9/fhir', groupId: 'g1', tokens }).catch((e) => e);
    expect(isUnavailable(down)).toBe(true);
  });

  it('tries a status poll again when its connection drops, but never repeats a kick-off', async () => {
    const tokens = staticToken(TOKEN);
    const fhirBase = `${server.url}/fhir`;
    const manifest = await pollManifest(`${fhirBase}/bulk/flaky`, { fhirBase, tokens });
    expect(manifest.output).toEqual([]);
    expect(server.requests.filter((r) => r.path === '/fhir/bulk/flaky')).toHaveLength(2);
    const failed = await kickOff({ fhirBase, groupId: 'flaky', tokens }).catch((e) => e);
    expect(isUnavailable(failed)).toBe(true);
    expect(server.requests.filter((r) => r.path === '/fhir/Group/flaky/$export')).toHaveLength(1);
  });

  it('gives up within the total wait instead of polling forever', async () => {
    const fhirBase = `${server.url}/fhir`;
    const t0 = Date.now();
    await expect(
      pollManifest(`${fhirBase}/bulk/slow`, { fhirBase, tokens: staticToken(TOKEN), maxWaitMs: 2000 })
    ).rejects.toThrow(/not ready within 2 s/);
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('never sends the token to a status or file URL on another origin', async () => {
    const before = server.requests.length;
    await expect(
      pollManifest('http://127.0.0.2:1/elsewhere', { fhirBase: `${server.url}/fhir`, tokens: staticToken(TOKEN) })
    ).rejects.toThrow(/another server/);
    expect(server.requests.length).toBe(before);
  });
});
