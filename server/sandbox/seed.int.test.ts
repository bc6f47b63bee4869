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

  it('names the file when a seed Bundle is broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oncoagent-seed-bad-'));
    writeFileSync(join(dir, 'broken.json'), '{"resourceType": "Bundle", ');
    await expect(startTestServer({ demo: false, seedDirs: [dir] })).rejects.toThrow(/broken\.json: not valid JSON/);
  });
});
