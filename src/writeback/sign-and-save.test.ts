// Checks the sign-and-save sequence: identity and scopes before anything is sent, a signed valid plan, then the commit.
import type { Bundle } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult } from '../../server/agent/workup-result';
import { DEFAULT_SCOPE } from '../../server/config';
import { buildPlan, type PlanInput, type WritebackPlan } from '../../server/writeback';
import { offlineWorkup } from '../../server/writeback/testing/offline-workup';
import type { WorkupApi } from '../workup/api';
import { initialTicks, reviewGroups } from './groups';
import { type SignInput, signAndSave } from './sign-and-save';

let workup: WorkupResult;
let reviewed: WritebackPlan;

beforeAll(async () => {
  workup = await offlineWorkup('wk-sign-1');
  reviewed = buildPlan({ workup });
});

/** A fake OncoAgent server whose /api/writeback/plan runs the real plan builder; it records the requests. */
function fakeServer(tamper?: (plan: WritebackPlan) => WritebackPlan): { api: WorkupApi; bodies: PlanInput[] } {
  const bodies: PlanInput[] = [];
  const api: WorkupApi = {
    baseUrl: 'http://oncoagent.test',
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as PlanInput;
      bodies.push(body);
      const plan = buildPlan(body);
      return new Response(JSON.stringify(tamper ? tamper(plan) : plan), { status: 200 });
    },
  };
  return { api, bodies };
}

function fakeEhr(): { post: (b: Bundle) => Promise<Bundle>; sent: Bundle[] } {
  const sent: Bundle[] = [];
  return {
    sent,
    post: async (bundle) => {
      sent.push(bundle);
      const entry = (bundle.entry ?? []).map((e, i) =>
        bundle.type === 'batch'
          ? { response: { status: '200' }, resource: { resourceType: 'Bundle' as const, type: 'searchset' as const } }
          : { response: { status: '201', location: `${e.resource?.resourceType}/id-${i}` } }
      );
      return { resourceType: 'Bundle', type: `${bundle.type}-response` as Bundle['type'], entry };
    },
  };
}

const input = (over: Partial<SignInput>): SignInput => ({
  api: fakeServer().api,
  workup,
  forms: [],
  reviewed,
  include: initialTicks(reviewed.summary),
  grantedScope: DEFAULT_SCOPE,
  fhirUser: 'Practitioner/dr-1',
  post: fakeEhr().post,
  ...over,
});

describe('signAndSave', () => {
  it('groups the review in clinical order with devices and provenance last', () => {
    const groups = reviewGroups(reviewed.summary).map((g) => g.group);
    expect(groups[0]).toBe('Response assessment');
    expect(groups.slice(-2)).toEqual(['Software', 'Provenance']);
  });

  it('signs with the ticked items and commits the final plan', async () => {
    const server = fakeServer();
    const ehr = fakeEhr();
    const include = initialTicks(reviewed.summary).filter((k) => k !== 'therapy:t3:0');
    const result = await signAndSave(input({ api: server.api, post: ehr.post, include }));
    expect(result.ok).toBe(true);
    expect(server.bodies[0]?.signAs).toBe('Practitioner/dr-1');
    expect(server.bodies[0]?.include).toEqual(include);
    const tx = ehr.sent.find((b) => b.type === 'transaction')!;
    const observations = tx.entry?.filter((e) => e.resource?.resourceType === 'Observation') ?? [];
    expect(observations.length).toBe(include.length - 1);
    expect(observations.every((e) => (e.resource as { status?: string }).status === 'final')).toBe(true);
    if (result.ok) expect(result.written.created).toHaveLength(tx.entry?.length ?? 0);
  });

  it('sends nothing when the session lacks write scopes', async () => {
    const server = fakeServer();
    const ehr = fakeEhr();
    const result = await signAndSave(
      input({ api: server.api, post: ehr.post, grantedScope: 'openid fhirUser patient/*.rs' })
    );
    expect(result).toMatchObject({ ok: false, stage: 'scopes' });
    expect(server.bodies).toHaveLength(0);
    expect(ehr.sent).toHaveLength(0);
  });

  it('refuses to sign without a clinician identity', async () => {
    const ehr = fakeEhr();
    const result = await signAndSave(input({ fhirUser: 'Patient/p1', post: ehr.post }));
    expect(result).toMatchObject({ ok: false, stage: 'identity' });
    expect(ehr.sent).toHaveLength(0);
  });

  it('does not commit a plan that fails validation', async () => {
    const server = fakeServer((plan) => ({
      ...plan,
      valid: false,
      outcome: {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'invalid', details: { text: 'bad unit' } }],
      },
    }));
    const ehr = fakeEhr();
    const result = await signAndSave(input({ api: server.api, post: ehr.post }));
    expect(result).toMatchObject({ ok: false, stage: 'invalid' });
    expect(result.ok ? '' : result.message).toContain('bad unit');
    expect(ehr.sent).toHaveLength(0);
  });
});
