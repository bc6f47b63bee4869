// Write-back end to end on the sandbox EHR over HTTP: the tools run on the demo patient, the plan validates under our
// profiles, a signed commit is readable with intact references, re-committing writes nothing, and a failing entry or
// a token without write scopes leaves the chart untouched.
import { OperationOutcomeError } from '@medplum/core';
import type { Bundle, Device, DiagnosticReport, Observation, Provenance, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAndExchange, backendToken, ehrLaunch } from '../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { WorkupResult } from '../agent/workup-result';
import { createFhirClient } from '../fhir/fhir-client';
import { SANDBOX_USER } from '../sandbox/auth/token';
import { commitPlan } from './commit';
import { buildPlan, type WritebackPlan } from './plan';
import { FIXTURE_PATIENT, sandboxWorkup } from './testing/workup-fixture';
import { pendingTransaction } from './two-phase';
import { validateOne } from './validate';

let server: TestServer;
let system: string;
let workup: WorkupResult;
let plan: WritebackPlan;

async function fhir<T = Resource>(
  path: string,
  init: RequestInit = {},
  token = system
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.fhirBase}/${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** How many resources of each type the chart holds (Observations and reports of the patient; all Devices, Provenance). */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const query of [
    `Observation?subject=Patient/${FIXTURE_PATIENT}`,
    `DiagnosticReport?subject=Patient/${FIXTURE_PATIENT}`,
    'Device',
    'Provenance',
  ]) {
    const { body } = await fhir<Bundle>(`${query}${query.includes('?') ? '&' : '?'}_count=1`);
    out[query.split('?')[0]] = body.total ?? -1;
  }
  return out;
}

async function patientToken(scope: string): Promise<string> {
  const { launch } = await ehrLaunch(server.url, FIXTURE_PATIENT);
  const { body } = await authorizeAndExchange({ server: server.url, fhirBase: server.fhirBase, scope, launch });
  if (!body.access_token) throw new Error(`no token: ${body.error_description}`);
  return body.access_token;
}

beforeAll(async () => {
  server = await startTestServer();
  system = (await backendToken(server.url, 'test-secret')).body.access_token ?? '';
  workup = await sandboxWorkup(server.fhirBase, system);
  plan = buildPlan({ workup, signAs: SANDBOX_USER });
}, 120_000);
afterAll(() => server?.close());

describe('plan from the demo patient workup', () => {
  it('covers every output profile and every entry validates against its profile', () => {
    expect(plan.notWritten).toEqual([]);
    expect(plan.valid).toBe(true);
    for (const e of plan.bundle.entry!) {
      expect(
        validateOne(e.resource!).filter((i) => i.severity === 'error'),
        e.resource!.resourceType
      ).toEqual([]);
    }
    const profiles = new Set(
      plan.bundle.entry!.flatMap((e) => e.resource!.meta?.profile ?? []).map((p) => p.split('/').pop())
    );
    expect(profiles.size).toBe(9);
    expect(buildPlan({ workup }).valid).toBe(true);
  });

  it('labels every demo-model prediction as not clinically validated, with the model as device', () => {
    const predictions = plan.bundle
      .entry!.map((e) => e.resource as Observation)
      .filter((o) => o.code?.coding?.[0].code?.startsWith('predicted-'));
    expect(predictions.map((p) => p.code.coding![0].code)).toEqual([
      'predicted-msi',
      'predicted-kras',
      'predicted-braf',
    ]);
    for (const p of predictions) {
      expect(p.meta?.tag).toContainEqual(expect.objectContaining({ code: 'not-clinically-validated' }));
      expect(p.note?.[0].text).toBe('Demo model, not clinically validated: do not use for patient care.');
      expect(p.derivedFrom?.[0].reference).toMatch(/^DocumentReference\//);
      const device = plan.bundle.entry!.find((e) => e.fullUrl === p.device?.reference)?.resource as Device;
      expect(device.property?.[0].valueCode?.[0].coding?.[0].code).toBe('demo-not-clinically-validated');
    }
  });
});

describe('commit on the sandbox', () => {
  it('writes the signed plan in one transaction, readable with correct references', async () => {
    const before = await counts();
    const result = await commitPlan(createFhirClient({ baseUrl: server.fhirBase, token: system }), plan.bundle);
    expect(result.created).toHaveLength(plan.bundle.entry!.length);
    expect(result.existing).toEqual([]);
    const after = await counts();
    expect(after.Observation - before.Observation).toBe(14);
    expect(after.DiagnosticReport - before.DiagnosticReport).toBe(1);
    expect(after.Provenance - before.Provenance).toBe(1);
    expect(after.Device - before.Device).toBe(3);

    const location = (type: string) => result.created.find((c) => c.resourceType === type)!.location;
    const report = (await fhir<DiagnosticReport>(location('DiagnosticReport'))).body;
    expect(report).toMatchObject({ status: 'final', resultsInterpreter: [{ reference: SANDBOX_USER }] });
    expect(report.result).toHaveLength(14);
    const observations = await Promise.all(
      report.result!.map(async (r) => (await fhir<Observation>(r.reference!)).body)
    );
    expect(observations.every((o) => o.resourceType === 'Observation' && o.status === 'final')).toBe(true);
    const recist = observations.find((o) => o.code.coding?.[0].code === 'recist-response')!;
    expect(recist.valueCodeableConcept?.coding?.[0].code).toBe('PD');
    const members = await Promise.all(recist.hasMember!.map(async (m) => (await fhir<Observation>(m.reference!)).body));
    expect(members.map((m) => m.code.coding?.[0].code)).toEqual(Array(4).fill('lesion-measurement'));
    const device = (await fhir<Device>(members[0].device!.reference!)).body;
    expect(device.version?.[0].value).toBe('classical-threshold-1.0');
    const provenance = (await fhir<Provenance>(location('Provenance'))).body;
    expect(provenance.target.map((t) => t.reference).sort()).toEqual(
      [...report.result!.map((r) => r.reference), `DiagnosticReport/${report.id}`].sort()
    );
    expect(provenance.agent.at(-1)?.who.reference).toBe(SANDBOX_USER);
    expect((await fhir<Device>(provenance.agent[0].who.reference!)).body.deviceName?.[0].name).toBe(
      'OncoAgent workup agent'
    );
  });

  it('writes nothing new when the same plan is committed again', async () => {
    const before = await counts();
    const result = await commitPlan(createFhirClient({ baseUrl: server.fhirBase, token: system }), plan.bundle);
    expect(result.created).toEqual([]);
    expect(result.existing).toHaveLength(plan.bundle.entry!.length);
    expect(await counts()).toEqual(before);
  });

  it('refuses an invalid plan with the OperationOutcome, before sending anything', async () => {
    const bad = structuredClone(buildPlan({ workup: { ...workup, id: 'wk-invalid' } }).bundle);
    (bad.entry![5].resource as Observation).component = [];
    const sent = server.fhirRequests.length;
    const err = await commitPlan(createFhirClient({ baseUrl: server.fhirBase, token: system }), bad).catch((e) => e);
    expect(err).toBeInstanceOf(OperationOutcomeError);
    const texts = (err as OperationOutcomeError).outcome.issue!.map((i) => i.details?.text);
    expect(texts[0]).toBe('The plan is not valid, so nothing was written');
    expect(texts.some((t) => t?.includes('but found 0'))).toBe(true);
    expect(server.fhirRequests.length).toBe(sent);
  });

  it('writes nothing when one entry of the transaction fails', async () => {
    const fresh = pendingTransaction(buildPlan({ workup: { ...workup, id: 'wk-atomic' } }).bundle, new Map());
    const before = await counts();
    // An entry the server refuses while checking the transaction…
    const invalid = structuredClone(fresh);
    (invalid.entry!.at(-2)!.resource as Observation).issued = 'yesterday';
    expect((await fhir('', { method: 'POST', body: JSON.stringify(invalid) })).status).toBe(400);
    // …and one that fails while the transaction runs, after the creates before it were made.
    const late = structuredClone(fresh);
    const patch = Buffer.from(JSON.stringify([{ op: 'replace', path: '/status', value: 'final' }])).toString('base64');
    late.entry!.push({
      resource: { resourceType: 'Binary', contentType: 'application/json-patch+json', data: patch },
      request: { method: 'PATCH', url: 'Observation/not-there' },
    });
    const res = await fhir<{ issue: { details: { text: string } }[] }>('', {
      method: 'POST',
      body: JSON.stringify(late),
    });
    expect(res.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('maps a read-only patient token to a clear 403 and writes nothing', async () => {
    const before = await counts();
    const token = await patientToken('launch openid fhirUser patient/*.rs');
    const fresh = buildPlan({ workup: { ...workup, id: 'wk-readonly' } }).bundle;
    const err = await commitPlan(createFhirClient({ baseUrl: server.fhirBase, token }), fresh).catch((e) => e);
    expect(err).toBeInstanceOf(OperationOutcomeError);
    expect((err as OperationOutcomeError).outcome.id).toBe('forbidden');
    expect((err as OperationOutcomeError).outcome.issue?.[0].details?.text).toBe(
      'Nothing was written: the token has no write scope for Device (it needs e.g. user/Device.c or patient/Device.c)'
    );
    expect(await counts()).toEqual(before);
  });

  it('maps a rejected token to a clear 401 and writes nothing', async () => {
    const err = await commitPlan(createFhirClient({ baseUrl: server.fhirBase, token: 'expired' }), plan.bundle).catch(
      (e) => e
    );
    expect((err as OperationOutcomeError).outcome).toMatchObject({
      id: 'unauthorized',
      issue: [
        {
          details: {
            text: 'Nothing was written: the FHIR server rejected the access token (expired or invalid); sign in again',
          },
        },
      ],
    });
  });

  it('refuses patient-scoped writes of the Provenance (outside the compartment) and writes nothing', async () => {
    const before = await counts();
    const token = await patientToken('launch openid fhirUser patient/*.cruds');
    const fresh = buildPlan({ workup: { ...workup, id: 'wk-patient-scope' } }).bundle;
    const err = await commitPlan(createFhirClient({ baseUrl: server.fhirBase, token }), fresh).catch((e) => e);
    expect((err as OperationOutcomeError).outcome.issue?.[0].details?.text).toBe(
      "Nothing was written: the token's patient/ scopes cannot write Provenance, which is not in the patient's compartment (it needs user/Provenance.c)"
    );
    expect(await counts()).toEqual(before);
  });
});
