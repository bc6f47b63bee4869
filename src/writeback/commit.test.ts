// Checks the browser commit: lookup batch first, one transaction of what is missing, nothing sent after a refusal.
import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { CommitError, commitPlan, type PostBundle } from './commit';

const subject = { reference: 'Patient/p1' };
const PLAN: Bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: 'urn:uuid:dev',
      resource: { resourceType: 'Device' },
      request: { method: 'POST', url: 'Device', ifNoneExist: 'identifier=s|agent' },
    },
    {
      fullUrl: 'urn:uuid:obs',
      resource: {
        resourceType: 'Observation',
        status: 'final',
        code: {},
        subject,
        device: { reference: 'urn:uuid:dev' },
      },
      request: { method: 'POST', url: 'Observation', ifNoneExist: 'identifier=s|w1:obs' },
    },
  ],
};

const searchset = (...ids: string[]): BundleEntry => ({
  response: { status: '200' },
  resource: {
    resourceType: 'Bundle',
    type: 'searchset',
    entry: ids.map((id) => ({ resource: { resourceType: 'Device', id }, search: { mode: 'match' } })),
  },
});

/** A fake EHR: answers the lookup batch with `lookup` and the transaction with locations. */
function fakeEhr(lookup: BundleEntry[]): { post: PostBundle; sent: Bundle[] } {
  const sent: Bundle[] = [];
  const post: PostBundle = async (bundle) => {
    sent.push(bundle);
    if (bundle.type === 'batch') return { resourceType: 'Bundle', type: 'batch-response', entry: lookup };
    return {
      resourceType: 'Bundle',
      type: 'transaction-response',
      entry: (bundle.entry ?? []).map((e, i) => ({
        response: { status: '201', location: `${e.resource?.resourceType}/new-${i}/_history/1` },
      })),
    };
  };
  return { post, sent };
}

describe('commitPlan (browser)', () => {
  it('creates only what the chart lacks and points references at what it holds', async () => {
    const ehr = fakeEhr([searchset('dev-9'), searchset()]);
    const out = await commitPlan(ehr.post, PLAN);
    expect(ehr.sent.map((b) => b.type)).toEqual(['batch', 'transaction']);
    expect(ehr.sent[0]?.entry?.map((e) => e.request?.url)).toEqual([
      'Device?identifier=s|agent&_count=2',
      'Observation?identifier=s|w1:obs&_count=2',
    ]);
    const tx = ehr.sent[1]!;
    expect(tx.entry).toHaveLength(1);
    const observation = tx.entry?.[0]?.resource as { device?: { reference?: string } } | undefined;
    expect(observation?.device?.reference).toBe('Device/dev-9');
    expect(out.created).toEqual([
      { fullUrl: 'urn:uuid:obs', resourceType: 'Observation', location: 'Observation/new-0' },
    ]);
    expect(out.existing.map((e) => e.location)).toEqual(['Device/dev-9']);
  });

  it('sends no transaction when everything is already there', async () => {
    const ehr = fakeEhr([searchset('dev-9'), searchset('obs-1')]);
    const out = await commitPlan(ehr.post, PLAN);
    expect(ehr.sent).toHaveLength(1);
    expect(out.created).toEqual([]);
    expect(out.existing).toHaveLength(2);
  });

  it('writes nothing when a lookup is refused or ambiguous', async () => {
    const refused = fakeEhr([
      searchset(),
      {
        response: {
          status: '403',
          outcome: {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'forbidden', details: { text: 'no scope' } }],
          },
        },
      },
    ]);
    await expect(commitPlan(refused.post, PLAN)).rejects.toThrow(/Nothing was written.*no scope/);
    expect(refused.sent).toHaveLength(1);
    const twice = fakeEhr([searchset('a', 'b'), searchset()]);
    await expect(commitPlan(twice.post, PLAN)).rejects.toThrow(/more than one resource/);
    expect(twice.sent).toHaveLength(1);
  });

  it('explains a refused transaction with the EHR’s OperationOutcome', async () => {
    const outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'forbidden', details: { text: 'denied by policy' } }],
    };
    const post: PostBundle = async (bundle) => {
      if (bundle.type === 'batch')
        return { resourceType: 'Bundle', type: 'batch-response', entry: [searchset(), searchset()] };
      // fhirclient's HttpError: status plus the JSON body after a blank line.
      throw Object.assign(new Error(`403 Forbidden\nURL: x\n\n${JSON.stringify(outcome)}`), { status: 403 });
    };
    const error = await commitPlan(post, PLAN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommitError);
    expect((error as CommitError).status).toBe(403);
    expect((error as CommitError).message).toBe(
      'Nothing was written: the EHR refused the transaction (denied by policy).'
    );
  });
});
