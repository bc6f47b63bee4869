// Bulk Data export end to end against the real sandbox: Group kick-off → poll → NDJSON downloads that need the
// kicking-off client's token; counts match the manifest; `_type` and `_since` filter; Patient and system level.
import type { CapabilityStatement, Observation, Patient, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendToken } from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { DEMO_PATIENT_IDS, demoId } from '../demo';
import { download, downloadAll, exportManifest, kickOff, pollToEnd } from './testing/bulk-client';

const COLORECTAL = ['demo-crc-met', 'demo-rectal-pmab', 'demo-colon-new'].map(demoId);
const GROUP = demoId('demo-group-colorectal');

let server: TestServer;
let token: string;
let otherClient: string;

beforeAll(async () => {
  server = await startTestServer({ bulk: { maxLinesPerFile: 5 } });
  token = (await backendToken(server.url, 'test-secret', 'system/*.cruds')).body.access_token ?? '';
  otherClient = server.sandbox.signer.sign({
    aud: server.fhirBase,
    sub: 'another-backend',
    client_id: 'another-backend',
    scope: 'system/*.rs',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
});
afterAll(async () => {
  server?.sandbox.bulk.jobs.close();
  await server?.close();
});

/** The patient ids a resource's JSON mentions. */
const patientsIn = (r: Resource): string[] =>
  DEMO_PATIENT_IDS.filter((id) => JSON.stringify(r).includes(`Patient/${id}`));

describe('Group/$export', () => {
  it('exports the Group members and their compartments, in files only the kicking-off client can download', async () => {
    const path = `Group/${GROUP}/$export`;
    const started = await kickOff(server.fhirBase, path, token);
    expect(started.status).toBe(202);
    const statusUrl = started.headers.get('content-location') ?? '';
    expect(statusUrl.startsWith(`${server.fhirBase}/bulk/`)).toBe(true);

    expect((await fetch(statusUrl, { headers: { Authorization: `Bearer ${otherClient}` } })).status).toBe(404);
    const done = await pollToEnd(statusUrl, token);
    expect(done.status).toBe(200);
    expect(done.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Date.parse(done.headers.get('expires') ?? '')).toBeGreaterThan(Date.now());
    const manifest = (await done.json()) as Awaited<ReturnType<typeof exportManifest>>['manifest'];
    expect(manifest).toMatchObject({ request: `${server.fhirBase}/${path}`, requiresAccessToken: true, error: [] });
    expect(Date.parse(manifest.transactionTime)).not.toBeNaN();

    const types = new Set(manifest.output.map((o) => o.type));
    for (const t of ['Patient', 'Condition', 'Observation', 'DiagnosticReport', 'MedicationRequest']) {
      expect(types, t).toContain(t);
    }
    expect(types).not.toContain('Group');
    expect(types).not.toContain('Practitioner');
    // 5 lines per file in this server: the larger types are split.
    expect(manifest.output.filter((o) => o.type === 'Observation').length).toBeGreaterThan(1);

    const patients: string[] = [];
    for (const item of manifest.output) {
      expect(item.count).toBeGreaterThan(0);
      expect(item.count).toBeLessThanOrEqual(5);
      const file = await download(item.url, token);
      expect(file.status).toBe(200);
      expect(file.type).toBe('application/fhir+ndjson');
      expect(file.resources).toHaveLength(item.count);
      for (const r of file.resources) {
        expect(r.resourceType).toBe(item.type);
        if (r.resourceType === 'Patient') patients.push(r.id ?? '');
        else
          expect(
            patientsIn(r).every((id) => COLORECTAL.includes(id)),
            `${r.resourceType}/${r.id}`
          ).toBe(true);
      }
      expect((await download(item.url, undefined)).status).toBe(401);
      expect((await download(item.url, otherClient)).status).toBe(404);
    }
    expect(patients.sort()).toEqual([...COLORECTAL].sort());

    // Every Observation of the three patients that a search finds is in the export.
    const exported = (await downloadAll(manifest, token)).get('Observation')?.length;
    const searched = await Promise.all(
      COLORECTAL.map(async (id) => {
        const res = await fetch(`${server.fhirBase}/Observation?subject=Patient/${id}&_summary=count`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { total: number }).total;
      })
    );
    expect(exported).toBe(searched.reduce((a, b) => a + b, 0));
  });

  it('filters by _type', async () => {
    const { manifest } = await exportManifest(server.fhirBase, `Group/${GROUP}/$export?_type=Patient,Condition`, token);
    expect(new Set(manifest.output.map((o) => o.type))).toEqual(new Set(['Patient', 'Condition']));
    const all = await downloadAll(manifest, token);
    expect(all.get('Patient')).toHaveLength(3);
  });

  it('with _since, exports only what changed after it (strictly), up to the transaction time', async () => {
    const created = await fetch(`${server.fhirBase}/Observation`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
      body: JSON.stringify({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'Bulk export _since probe' },
        subject: { reference: `Patient/${COLORECTAL[0]}` },
      } satisfies Observation),
    });
    expect(created.status).toBe(201);
    const probe = (await created.json()) as Observation;
    const at = Date.parse(probe.meta?.lastUpdated ?? '');
    const since = (ms: number) => encodeURIComponent(new Date(ms).toISOString());

    const after = await exportManifest(server.fhirBase, `Group/${GROUP}/$export?_since=${since(at - 1)}`, token);
    expect(after.manifest.output.map((o) => [o.type, o.count])).toEqual([['Observation', 1]]);
    expect((await downloadAll(after.manifest, token)).get('Observation')?.[0]?.id).toBe(probe.id);

    const same = await exportManifest(server.fhirBase, `Group/${GROUP}/$export?_since=${since(at)}`, token);
    expect(same.manifest.output).toEqual([]);
  });
});

describe('Patient/$export and $export', () => {
  it('exports every patient at Patient level and every Group at system level', async () => {
    const patients = await exportManifest(server.fhirBase, 'Patient/$export?_type=Patient', token);
    const ids = ((await downloadAll(patients.manifest, token)).get('Patient') ?? []).map((p) => (p as Patient).id);
    expect(ids.sort()).toEqual([...DEMO_PATIENT_IDS].sort());

    const system = await exportManifest(server.fhirBase, '$export?_type=Group,Practitioner', token);
    const byType = await downloadAll(system.manifest, token);
    expect((byType.get('Group') ?? []).map((g) => g.id).sort()).toEqual(
      ['demo-group-all', 'demo-group-colorectal', 'demo-group-hpb'].map(demoId).sort()
    );
    expect(byType.get('Practitioner')?.length).toBeGreaterThan(0);
  });

  it('is declared in the CapabilityStatement', async () => {
    const cs = (await (await fetch(`${server.fhirBase}/metadata`)).json()) as CapabilityStatement;
    expect(cs.instantiates).toContain('http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data');
    const rest = cs.rest?.[0];
    expect(rest?.operation?.map((o) => o.definition)).toEqual([
      'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export',
    ]);
    const op = (type: string) => rest?.resource?.find((r) => r.type === type)?.operation?.[0]?.definition;
    expect(op('Patient')).toBe('http://hl7.org/fhir/uv/bulkdata/OperationDefinition/patient-export');
    expect(op('Group')).toBe('http://hl7.org/fhir/uv/bulkdata/OperationDefinition/group-export');
  });
});

describe('--emulate medplum', () => {
  it('serves the same Group export', async () => {
    const medplum = await startTestServer({ emulate: { server: 'medplum', atomicTransactions: false } });
    try {
      const t = (await backendToken(medplum.url, 'test-secret', 'system/*.rs')).body.access_token ?? '';
      const { manifest } = await exportManifest(medplum.fhirBase, `Group/${GROUP}/$export?_type=Patient`, t);
      const ids = ((await downloadAll(manifest, t)).get('Patient') ?? []).map((p) => p.id);
      expect(ids.sort()).toEqual([...COLORECTAL].sort());
    } finally {
      medplum.sandbox.bulk.jobs.close();
      await medplum.close();
    }
  });
});
