// Checks the sign-and-save sequence: identity and scopes before anything is sent, a signed valid plan, then the commit.
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult, WritebackPlan } from '../../common/contracts';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { FakeEhr } from '../../common/writeback/testing/fake-ehr';
import { buildPlan, type PlanInput } from '../../server/writeback';
import { offlineWorkup } from '../../server/writeback/testing/offline-workup';
import type { WorkupApi } from '../../src/workup/api';
import { initialTicks, reviewGroups } from '../../src/writeback/groups';
import { type SignInput, signAndSave } from '../../src/writeback/sign-and-save';

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

const input = (over: Partial<SignInput>): SignInput => ({
  api: fakeServer().api,
  workup,
  forms: [],
  reviewed,
  include: initialTicks(reviewed.summary),
  grantedScope: DEFAULT_SCOPE,
  fhirUser: 'Practitioner/dr-1',
  transport: new FakeEhr().transport,
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
    const ehr = new FakeEhr();
    const include = initialTicks(reviewed.summary).filter((k) => k !== 'therapy:t3:0');
    const result = await signAndSave(
      input({
        api: server.api,
        transport: ehr.transport,
        include,
        signerName: 'Dr. Anna Weber',
        review: { comment: 'Discussed.' },
      })
    );
    expect(result.ok).toBe(true);
    expect(server.bodies[0]).toMatchObject({ signAs: 'Practitioner/dr-1', include, signerName: 'Dr. Anna Weber' });
    const observations = ehr.ofType('Observation') as Observation[];
    expect(observations.length).toBe(include.length - 1);
    expect(observations.every((o) => o.status === 'final')).toBe(true);
    const report = ehr.ofType('DiagnosticReport')[0] as DiagnosticReport;
    expect(report.resultsInterpreter).toEqual([{ reference: 'Practitioner/dr-1', display: 'Dr. Anna Weber' }]);
    expect(report.conclusion).toMatch(/Comment \(Dr\. Anna Weber\): Discussed\.$/);
    if (result.ok) expect(result.written.created).toHaveLength(ehr.store.size);
  });

  it('keeps the plan and says why when the EHR refuses an entry, and never reports it saved', async () => {
    const ehr = new FakeEhr({ batchTransactions: true, refuseCreate: ['Provenance'] });
    const result = await signAndSave(input({ transport: ehr.transport }));
    expect(result).toMatchObject({ ok: false, stage: 'commit' });
    if (!result.ok) {
      expect(result.plan?.signed).toBe(true);
      expect(result.message).toMatch(/^Nothing was saved to the chart: the EHR refused 1 entry \(Provenance/);
      expect(result.written?.refused).toHaveLength(1);
    }
    expect(ehr.store.size).toBe(0);
  });

  it('sends nothing when the session lacks write scopes', async () => {
    const server = fakeServer();
    const ehr = new FakeEhr();
    const result = await signAndSave(
      input({ api: server.api, transport: ehr.transport, grantedScope: 'openid fhirUser patient/*.rs' })
    );
    expect(result).toMatchObject({ ok: false, stage: 'scopes' });
    expect(server.bodies).toHaveLength(0);
    expect(ehr.calls).toHaveLength(0);
  });

  it('refuses to sign without a clinician identity', async () => {
    const ehr = new FakeEhr();
    const result = await signAndSave(input({ fhirUser: 'Patient/p1', transport: ehr.transport }));
    expect(result).toMatchObject({ ok: false, stage: 'identity' });
    expect(ehr.calls).toHaveLength(0);
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
    const ehr = new FakeEhr();
    const result = await signAndSave(input({ api: server.api, transport: ehr.transport }));
    expect(result).toMatchObject({ ok: false, stage: 'invalid' });
    expect(result.ok ? '' : result.message).toContain('bad unit');
    expect(ehr.calls).toHaveLength(0);
  });
});
