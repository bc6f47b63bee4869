// `oncoagent sandbox export`: the demo patients as portable transaction Bundles that load without errors into an empty
// sandbox, spec-conformant and emulating Medplum (UUID ids, transactions as batches or atomic), with every reference
// resolved to the new ids.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, ImagingStudy, Observation } from '@medplum/fhirtypes';
import { afterAll, describe, expect, it } from 'vitest';
import { backendToken } from '../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { Emulation } from '../sandbox/emulation';
import { sandboxExportCommand } from './sandbox-export';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-export-'));
let printed = '';
const files = sandboxExportCommand({ out: dir }, { stdout: { write: (t: string) => (printed += t) } });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the exported files', () => {
  it('are one transaction of POSTs with urn:uuid references per demo patient', () => {
    expect(files).toHaveLength(6);
    expect(printed).toMatch(/^Wrote 6 transaction Bundles/);
    for (const file of files) {
      const bundle = JSON.parse(readFileSync(file, 'utf8')) as Bundle;
      expect(bundle.type).toBe('transaction');
      for (const e of bundle.entry ?? []) {
        expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
        expect(e.request).toEqual({ method: 'POST', url: e.resource?.resourceType });
        expect(e.resource?.id).toBeUndefined();
      }
      const refs = JSON.stringify(bundle).match(/"reference":"[^"]+"/g) ?? [];
      expect(refs.every((r) => r.includes('urn:uuid:'))).toBe(true);
    }
  });
});

const MODES: [string, Emulation | undefined][] = [
  ['the spec-conformant sandbox', undefined],
  ['a Medplum-like sandbox (transactions as batches)', { server: 'medplum', atomicTransactions: false }],
  ['a Medplum-like sandbox (atomic transactions)', { server: 'medplum', atomicTransactions: true }],
];

describe.each(MODES)('loading into %s', (_name, emulate) => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('writes every entry and resolves every reference', async () => {
    server = await startTestServer({ demo: false, ...(emulate ? { emulate } : {}) });
    const token = (await backendToken(server.url, 'test-secret')).body.access_token;
    const post = async (body: unknown, path = '') => {
      const res = await fetch(`${server.fhirBase}/${path}`, {
        method: path ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
        ...(path ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as Bundle };
    };
    for (const file of files) {
      const { status, body } = await post(JSON.parse(readFileSync(file, 'utf8')));
      expect(status, file).toBe(200);
      const statuses = (body.entry ?? []).map((e) => e.response?.status?.split(' ')[0]);
      expect(new Set(statuses), file).toEqual(new Set(['201']));
    }
    const studies = (await post(undefined, 'ImagingStudy?_count=100')).body.entry?.map(
      (e) => e.resource as ImagingStudy
    );
    expect(studies?.length).toBeGreaterThan(0);
    for (const s of studies ?? []) {
      expect((await post(undefined, s.subject.reference!)).status).toBe(200);
      expect((await post(undefined, s.endpoint![0]!.reference!)).status).toBe(200);
    }
    const observations = (await post(undefined, 'Observation?_count=1000')).body.entry ?? [];
    const subjects = new Set(observations.map((e) => (e.resource as Observation).subject?.reference));
    expect(subjects.size).toBe(6);
  });
});
