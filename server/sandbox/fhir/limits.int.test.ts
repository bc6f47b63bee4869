// Bounded work: Bundles over HTTP are capped (413 naming the limit, advertised in the CapabilityStatement); large
// trusted loads still commit, and a failing large transaction undoes only the keys it wrote.
import type { Bundle, BundleEntry, Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { loadBundle } from '../seed';
import { MAX_BUNDLE_ENTRIES } from './batch';
import { bundleOf, fhir, post, systemToken } from './test-support';

let server: TestServer;
let system: string;

beforeAll(async () => {
  server = await startTestServer({ demo: false });
  system = await systemToken(server);
});
afterAll(() => server.close());

const creates = (n: number, tag: string): BundleEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    resource: {
      resourceType: 'Observation',
      status: 'final',
      code: { text: `${tag} ${i}` },
      identifier: [{ system: 'urn:test:batch', value: tag }],
    } as Observation,
    request: { method: 'POST', url: 'Observation' },
  }));

const countOf = async (tag: string): Promise<number> =>
  (await fhir(server, `Observation?identifier=urn:test:batch|${tag}&_summary=count`, system)).body.total;

describe('Bundle size limit', () => {
  it('refuses a Bundle over the limit with 413, before writing anything', async () => {
    for (const type of ['batch', 'transaction'] as const) {
      const res = await post(server, '', system, bundleOf(type, creates(MAX_BUNDLE_ENTRIES + 1, 'over')));
      expect(res.status).toBe(413);
      expect(res.body.resourceType).toBe('OperationOutcome');
      expect(res.text).toContain(String(MAX_BUNDLE_ENTRIES));
    }
    expect(await countOf('over')).toBe(0);
  });

  it('accepts a Bundle at the limit', async () => {
    const res = await post(server, '', system, bundleOf('transaction', creates(MAX_BUNDLE_ENTRIES, 'at')));
    expect(res.status).toBe(200);
    expect(res.body.entry).toHaveLength(MAX_BUNDLE_ENTRIES);
    expect(await countOf('at')).toBe(MAX_BUNDLE_ENTRIES);
  });

  it('refuses a transaction that nests Bundles (which would escape the limit) or runs operations', async () => {
    const nested = bundleOf('transaction', [
      { resource: bundleOf('transaction', creates(3, 'nested')), request: { method: 'POST', url: '/' } },
    ]);
    const res = await post(server, '', system, nested);
    expect(res.status).toBe(400);
    expect(res.text).toContain('Bundle.entry[0]: unsupported request');
    const graphql = bundleOf('transaction', [{ request: { method: 'POST', url: '$graphql' } }]);
    expect((await post(server, '', system, graphql)).status).toBe(400);
    expect(await countOf('nested')).toBe(0);
  });

  it('advertises the limit in the CapabilityStatement', async () => {
    const meta = await fhir(server, 'metadata');
    expect(meta.body.rest[0].documentation).toContain(`at most ${MAX_BUNDLE_ENTRIES} entries`);
  });
});

describe('large trusted loads', () => {
  it('commits a 2,000-entry transaction, and rolls a failing one back to exactly its own keys', async () => {
    const service = server.sandbox.service;
    const ok: Bundle = bundleOf('transaction', creates(2000, 'seeded'));
    await loadBundle(service, ok, server.fhirBase, 'big seed');
    expect(await countOf('seeded')).toBe(2000);

    const failing = bundleOf('transaction', [
      ...creates(1999, 'doomed'),
      { request: { method: 'DELETE', url: 'Observation/does-not-exist' } },
    ]);
    await expect(loadBundle(service, failing, server.fhirBase, 'doomed seed')).rejects.toThrow(/doomed seed/);
    expect(await countOf('doomed')).toBe(0);
    expect(await countOf('seeded')).toBe(2000);
    const rolledBack = server.sandbox.service.repo.lastRollback;
    expect(rolledBack).toHaveLength(1999);
    expect(rolledBack.every((key) => key.startsWith('Observation/'))).toBe(true);
  });
});
