// The two halves of a commit as a browser would run them: look up what exists, then write only the rest with
// references pointed at what the server already holds.
import type { Bundle } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { existenceBatch, pendingTransaction, readExistence } from './two-phase';

const A = 'urn:uuid:00000000-0000-5000-8000-00000000000a';
const B = 'urn:uuid:00000000-0000-5000-8000-00000000000b';
const plan: Bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    {
      fullUrl: A,
      resource: { resourceType: 'Device', identifier: [{ system: 's', value: 'd@1' }] },
      request: { method: 'POST', url: 'Device', ifNoneExist: 'identifier=s|d%401' },
    },
    {
      fullUrl: B,
      resource: { resourceType: 'Observation', status: 'preliminary', code: { text: 'x' }, device: { reference: A } },
      request: { method: 'POST', url: 'Observation', ifNoneExist: 'identifier=s|w%3Ax' },
    },
  ],
};

const searchset = (...ids: string[]): Bundle => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: ids.map((id) => ({ resource: { resourceType: 'Device', id }, search: { mode: 'match' } })),
});

describe('two-phase commit helpers', () => {
  it('looks up each entry by its conditional-create query', () => {
    expect(existenceBatch(plan).entry?.map((e) => e.request)).toEqual([
      { method: 'GET', url: 'Device?identifier=s|d%401&_count=2' },
      { method: 'GET', url: 'Observation?identifier=s|w%3Ax&_count=2' },
    ]);
  });

  it('writes only what is missing, pointing references at the existing resources', () => {
    const lookup = readExistence(plan, {
      resourceType: 'Bundle',
      type: 'batch-response',
      entry: [
        { resource: searchset('dev-1'), response: { status: '200' } },
        { resource: searchset(), response: { status: '200' } },
      ],
    });
    expect([...lookup.found.keys()]).toEqual([A]);
    const tx = pendingTransaction(plan, new Map([[A, 'Device/dev-1']]));
    expect(tx.entry).toEqual([
      {
        fullUrl: B,
        resource: {
          resourceType: 'Observation',
          status: 'preliminary',
          code: { text: 'x' },
          device: { reference: 'Device/dev-1' },
        },
        request: { method: 'POST', url: 'Observation' },
      },
    ]);
    expect(
      pendingTransaction(
        plan,
        new Map([
          [A, 'Device/1'],
          [B, 'Observation/2'],
        ])
      ).entry
    ).toEqual([]);
  });

  it('reports ambiguous matches and failed searches', () => {
    const lookup = readExistence(plan, {
      resourceType: 'Bundle',
      type: 'batch-response',
      entry: [
        { resource: searchset('d1', 'd2'), response: { status: '200' } },
        {
          response: {
            status: '403',
            outcome: {
              resourceType: 'OperationOutcome',
              issue: [{ severity: 'error', code: 'forbidden', details: { text: 'no' } }],
            },
          },
        },
      ],
    });
    expect(lookup.ambiguous).toEqual(['identifier=s|d%401']);
    expect(lookup.failed).toEqual([{ query: 'identifier=s|w%3Ax', status: 403, text: 'no' }]);
    expect(lookup.found.size).toBe(0);
  });
});
