// `--seed DIR` loads extra transaction Bundles; `--sandbox-open` serves FHIR without tokens.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server';

let server: TestServer;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'oncoagent-seed-'));
  const bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      {
        resource: { resourceType: 'Patient', id: 'seeded-1', name: [{ family: 'Seeded' }] },
        request: { method: 'PUT', url: 'Patient/seeded-1' },
      },
    ],
  };
  writeFileSync(join(dir, 'a.json'), JSON.stringify(bundle));
  writeFileSync(join(dir, 'notes.txt'), 'ignored: not a .json file');
  server = await startTestServer({ demo: false, open: true, seedDirs: [dir] });
});
afterAll(() => server.close());

describe('sandbox seeding and open mode', () => {
  it('loads seed Bundles and answers without a token in open mode', async () => {
    const res = await fetch(`${server.fhirBase}/Patient/seeded-1`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: { family: string }[] }).name[0]?.family).toBe('Seeded');
  });

  it('fails the load when a batch entry is refused, naming the entry and why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oncoagent-seed-entry-'));
    const batch = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [
        { resource: { resourceType: 'Patient', id: 'fine' }, request: { method: 'PUT', url: 'Patient/fine' } },
        {
          resource: { resourceType: 'Observation', status: 'final', code: { text: 'x' }, bogus: 1 },
          request: { method: 'POST', url: 'Observation' },
        },
      ],
    };
    writeFileSync(join(dir, 'partial.json'), JSON.stringify(batch));
    await expect(startTestServer({ demo: false, seedDirs: [dir] })).rejects.toThrow(
      /partial\.json: Bundle\.entry\[1\] was refused \(400\): .*bogus/
    );
  });

  it('loads the demo and large seed transactions into a Medplum emulation whatever its transaction limits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oncoagent-seed-medplum-'));
    const ids = Array.from({ length: 60 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: ids.map((id) => ({
        resource: { resourceType: 'Patient', id },
        request: { method: 'PUT', url: `Patient/${id}` },
      })),
    };
    writeFileSync(join(dir, 'many.json'), JSON.stringify(bundle));
    for (const atomicTransactions of [true, false]) {
      const medplum = await startTestServer({
        open: true,
        seedDirs: [dir],
        emulate: { server: 'medplum', atomicTransactions },
      });
      try {
        const res = await fetch(`${medplum.fhirBase}/Patient/${ids[59]}`);
        expect(res.status).toBe(200);
        const demo = await fetch(`${medplum.fhirBase}/Patient?_summary=count`);
        expect(((await demo.json()) as { total: number }).total).toBeGreaterThan(60);
      } finally {
        await medplum.close();
      }
    }
  });

  it('names the file when a seed Bundle is broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oncoagent-seed-bad-'));
    writeFileSync(join(dir, 'broken.json'), '{"resourceType": "Bundle", ');
    await expect(startTestServer({ demo: false, seedDirs: [dir] })).rejects.toThrow(/broken\.json: not valid JSON/);
  });
});
