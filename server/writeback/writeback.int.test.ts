// Write-back end to end on the sandbox EHR over HTTP, in the spec-conformant mode and as Medplum behaves: the plan
// validates under our profiles, a signed commit is readable with intact references, re-committing or re-running the
// workup writes nothing new, parallel commits write once, a changed finding supersedes the earlier one, and a refused
// entry leaves no half-written sign-off and is reported entry by entry.
import { OperationOutcomeError } from '@medplum/core';
import type { Bundle, Device, DiagnosticReport, Observation, Provenance, Resource } from '@medplum/fhirtypes';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult, WritebackPlan } from '../../common/contracts';
import { OBSERVATION_REPLACES, SUPERSEDED_TAG } from '../../common/writeback/systems';
import { authorizeAndExchange, backendToken, ehrLaunch } from '../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { createFhirClient } from '../fhir/fhir-client';
import { SANDBOX_USER } from '../sandbox/auth/token';
import type { Emulation } from '../sandbox/emulation';
import { commitPlan } from './commit';
import { buildPlan } from './plan';
import { FIXTURE_PATIENT, sandboxWorkup } from './testing/workup-fixture';
import { validateOne } from './validate';

/** A result or report as the chart holds it. */
type SavedResource = Observation | DiagnosticReport;

const MODES: [string, Emulation | undefined][] = [
  ['spec-conformant sandbox', undefined],
  ['Medplum, transactions as batches', { server: 'medplum', atomicTransactions: false }],
  ['Medplum, atomic transactions', { server: 'medplum', atomicTransactions: true }],
];

describe.each(MODES)('write-back on the %s', (_name, emulate) => {
  let server: TestServer;
  let system: string;
  let workup: WorkupResult;
  let plan: WritebackPlan;

  const client = (token = system) => createFhirClient({ baseUrl: server.fhirBase, token });

  async function fhir<T = Resource>(path: string, init: RequestInit = {}, token = system) {
    const send = () =>
      fetch(`${server.fhirBase}/${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
      });
    // A kept-alive connection the server closed while idle fails the next request: a read is sent again, as the
    // product's FHIR client does; a write never is.
    const read = (init.method ?? 'GET') === 'GET';
    const res = await send().catch((err: unknown) => (read ? send() : Promise.reject(err)));
    return { status: res.status, body: (await res.json()) as T };
  }

  /** How many resources of each type the chart holds (the patient's Observations and reports; all Devices, Provenance). */
  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const query of [
      `Observation?subject=Patient/${FIXTURE_PATIENT}`,
      `DiagnosticReport?subject=Patient/${FIXTURE_PATIENT}`,
      'Device?_count=1',
      'Provenance?_count=1',
    ]) {
      const { body } = await fhir<Bundle>(`${query}${query.includes('?') ? '&' : '?'}_summary=count`);
      out[query.split('?')[0]!] = body.total ?? -1;
    }
    return out;
  }

  /** Observations of the patient that count as results (not withdrawn). */
  async function active(): Promise<number> {
    const { body } = await fhir<Bundle>(`Observation?subject=Patient/${FIXTURE_PATIENT}&_count=1000`);
    return (body.entry ?? []).filter((e) => (e.resource as Observation).status !== 'entered-in-error').length;
  }

  async function patientToken(scope: string): Promise<string> {
    const { launch } = await ehrLaunch(server.url, FIXTURE_PATIENT);
    const { body } = await authorizeAndExchange({ server: server.url, fhirBase: server.fhirBase, scope, launch });
    if (!body.access_token) throw new Error(`no token: ${body.error_description}`);
    return body.access_token;
  }

  /** The same workup run again later (a new id and time, the same findings). */
  const rerun = (id: string, change?: (w: WorkupResult) => void): WorkupResult => {
    const w = structuredClone({ ...workup, id, createdAt: '2026-11-30T10:00:00.000Z' });
    change?.(w);
    return w;
  };

  beforeAll(async () => {
    server = await startTestServer(emulate ? { emulate } : {});
    system = (await backendToken(server.url, 'test-secret')).body.access_token ?? '';
    workup = await sandboxWorkup(server.fhirBase, system);
    plan = buildPlan({ workup, signAs: SANDBOX_USER, signerName: 'Dr. Alex Sandbox' });
  }, 180_000);
  afterAll(() => server?.close());

  it('builds a plan whose every entry validates against its profile', () => {
    expect(plan.notWritten).toEqual([]);
    expect(plan.valid).toBe(true);
    for (const e of plan.bundle.entry!) {
      expect(
        validateOne(e.resource!).filter((i) => i.severity === 'error'),
        e.resource!.resourceType
      ).toEqual([]);
    }
  });

  it('writes the signed plan, readable with correct references and the signer named', async () => {
    const before = await counts();
    const result = await commitPlan(client(), plan.bundle);
    expect(result.message).toMatch(/^Saved to the chart/);
    expect(result.ok).toBe(true);
    expect(result.refused).toEqual([]);
    expect(result.created.length + result.existing.length).toBe(plan.bundle.entry!.length);
    const after = await counts();
    expect(after.Observation - before.Observation).toBe(14);
    expect(after.DiagnosticReport - before.DiagnosticReport).toBe(1);
    expect(after.Provenance - before.Provenance).toBe(1);

    const location = (type: string) => result.created.find((c) => c.resourceType === type)!.location;
    const report = (await fhir<DiagnosticReport>(location('DiagnosticReport'))).body;
    expect(report).toMatchObject({
      status: 'final',
      resultsInterpreter: [{ reference: SANDBOX_USER, display: 'Dr. Alex Sandbox' }],
    });
    expect(report.result).toHaveLength(14);
    const observations = await Promise.all(
      report.result!.map(async (r) => (await fhir<Observation>(r.reference!)).body)
    );
    expect(observations.every((o) => o.resourceType === 'Observation' && o.status === 'final')).toBe(true);
    const recist = observations.find((o) => o.code.coding?.[0]?.code === 'recist-response')!;
    const members = await Promise.all(recist.hasMember!.map(async (m) => (await fhir<Observation>(m.reference!)).body));
    expect(members.map((m) => m.code.coding?.[0]?.code)).toEqual(Array(4).fill('lesion-measurement'));
    const device = (await fhir<Device>(members[0]!.device!.reference!)).body;
    expect(device.version?.[0]?.value).toBe('classical-threshold-1.0');
    const provenance = (await fhir<Provenance>(location('Provenance'))).body;
    expect(provenance.target.map((t) => t.reference).sort()).toEqual(
      [...report.result!.map((r) => r.reference), `DiagnosticReport/${report.id}`].sort()
    );
    expect(provenance.agent.at(-1)?.who).toEqual({ reference: SANDBOX_USER, display: 'Dr. Alex Sandbox' });
  });

  it('writes nothing new when the same plan is committed again', async () => {
    const before = await counts();
    const result = await commitPlan(client(), plan.bundle);
    expect(result).toMatchObject({ ok: true, created: [] });
    expect(result.existing).toHaveLength(plan.bundle.entry!.length);
    expect(result.message).toMatch(/^Nothing new to save/);
    expect(await counts()).toEqual(before);
  });

  it('writes no new Observation when the same workup is run again on the unchanged record', async () => {
    const before = await counts();
    const again = buildPlan({ workup: rerun('wk-rerun'), signAs: SANDBOX_USER });
    const result = await commitPlan(client(), again.bundle);
    expect(result.ok).toBe(true);
    expect(result.created.filter((c) => c.resourceType === 'Observation')).toEqual([]);
    expect((await counts()).Observation).toBe(before.Observation);
  });

  it('writes a plan once when two commits of it run at the same time', async () => {
    const fresh = buildPlan({
      workup: rerun('wk-parallel', (w) => {
        const stage = w.toolCalls.find((c) => c.tool === 'tnm_stage')!;
        (stage.output as { stageGroup: string }).stageGroup = 'IIIC';
      }),
      signAs: SANDBOX_USER,
    });
    const before = await counts();
    const [a, b] = await Promise.all([commitPlan(client(), fresh.bundle), commitPlan(client(), fresh.bundle)]);
    expect([a.ok, b.ok]).toEqual([true, true]);
    const after = await counts();
    const newObservations =
      a.created.filter((c) => c.resourceType === 'Observation').length +
      b.created.filter((c) => c.resourceType === 'Observation').length;
    expect(after.Observation - before.Observation).toBe(newObservations);
    expect(newObservations).toBe(1);
    expect(after.Provenance - before.Provenance).toBe(1);
  });

  it('supersedes the earlier finding when a signed workup states another value for it', async () => {
    const changed = buildPlan({
      workup: rerun('wk-changed', (w) => {
        const recist = w.toolCalls.find((c) => c.tool === 'assess_response')!;
        const out = recist.output as { category: string; followUpSumMm: number };
        out.category = 'SD';
        out.followUpSumMm -= 10;
      }),
      signAs: SANDBOX_USER,
    });
    const result = await commitPlan(client(), changed.bundle);
    expect(result.ok).toBe(true);
    expect(result.superseded.map((s) => s.resourceType)).toContain('Observation');
    const newer = result.created.find((c) => c.resourceType === 'Observation')!;
    const fresh = (await fhir<Observation>(newer.location)).body;
    expect(fresh.valueCodeableConcept?.coding?.[0]?.code).toBe('SD');
    const replaced = fresh.extension?.find((e) => e.url === OBSERVATION_REPLACES)?.valueReference?.reference;
    const older = (await fhir<Observation>(replaced!)).body;
    expect(older.valueCodeableConcept?.coding?.[0]?.code).toBe('PD');
    expect(older.meta?.tag).toContainEqual(expect.objectContaining({ code: SUPERSEDED_TAG.code }));
    const provenance = (await fhir<Provenance>(result.created.find((c) => c.resourceType === 'Provenance')!.location))
      .body;
    expect(provenance.entity).toContainEqual(
      expect.objectContaining({
        role: 'revision',
        what: { reference: expect.stringMatching(new RegExp(`^${replaced}/_history/`)) },
      })
    );
  });

  it('writes a discarded result again when the workup is re-run, never answering with the withdrawn copy', async () => {
    const discarding = (id: string) =>
      buildPlan({
        workup: rerun(id, (w) => {
          const stage = w.toolCalls.find((c) => c.tool === 'tnm_stage')!;
          (stage.output as { stageGroup: string }).stageGroup = 'IIB';
        }),
      });
    const first = await commitPlan(client(), discarding('wk-discard-1').bundle);
    expect(first.ok).toBe(true);
    const results = first.created.filter(
      (c) => c.resourceType === 'Observation' || c.resourceType === 'DiagnosticReport'
    );
    expect(results.map((c) => c.resourceType)).toEqual(expect.arrayContaining(['Observation', 'DiagnosticReport']));
    const activeBefore = await active();
    // The clinician discards them as the app's History does: a versioned update to entered-in-error (a report:
    // cancelled), nothing deleted.
    for (const c of results) {
      const current = (await fhir<SavedResource>(c.location)).body;
      const status = current.resourceType === 'DiagnosticReport' ? 'cancelled' : 'entered-in-error';
      const put = await fhir(c.location, { method: 'PUT', body: JSON.stringify({ ...current, status }) });
      expect(put.status).toBe(200);
    }
    expect(await active()).toBe(activeBefore - results.filter((c) => c.resourceType === 'Observation').length);

    // Re-run: the findings are written again as new resources; the withdrawn ones stay withdrawn.
    const again = await commitPlan(client(), discarding('wk-discard-2').bundle);
    expect(again.ok).toBe(true);
    const rewritten = again.created.filter(
      (c) => c.resourceType === 'Observation' || c.resourceType === 'DiagnosticReport'
    );
    expect(rewritten.map((c) => c.resourceType).sort()).toEqual(results.map((c) => c.resourceType).sort());
    for (const c of rewritten) {
      expect(results.map((r) => r.location)).not.toContain(c.location);
      const body = (await fhir<SavedResource>(c.location)).body;
      expect(body.status).toBe('preliminary');
    }
    for (const c of results) {
      expect(['entered-in-error', 'cancelled']).toContain((await fhir<SavedResource>(c.location)).body.status);
    }
    expect(await active()).toBe(activeBefore);
    // And a third run finds the new copies: nothing more is written.
    const third = await commitPlan(client(), discarding('wk-discard-3').bundle);
    expect(third.ok).toBe(true);
    expect(third.created.filter((c) => c.resourceType !== 'Provenance')).toEqual([]);
  });

  it('refuses an invalid plan with the OperationOutcome, before sending anything', async () => {
    const bad = structuredClone(buildPlan({ workup: rerun('wk-invalid') }).bundle);
    const entry = bad.entry!.find((e) => (e.resource as Observation).component?.length)!;
    (entry.resource as Observation).component = [];
    const sent = server.fhirRequests.length;
    const err = await commitPlan(client(), bad).catch((e) => e);
    expect(err).toBeInstanceOf(OperationOutcomeError);
    expect((err as OperationOutcomeError).outcome.issue![0]!.details?.text).toBe(
      'The plan is not valid, so nothing was written'
    );
    expect(server.fhirRequests.length).toBe(sent);
  });

  it('leaves no half-written sign-off when the EHR refuses one entry, and names what it refused', async () => {
    const before = await counts();
    const activeBefore = await active();
    const scope =
      'launch openid fhirUser patient/Patient.rs patient/Condition.rs patient/Observation.crus ' +
      'patient/DiagnosticReport.crus user/Device.crs user/Provenance.rs user/StructureDefinition.rs';
    const token = await patientToken(scope);
    const fresh = buildPlan({
      workup: rerun('wk-refused', (w) => {
        const stage = w.toolCalls.find((c) => c.tool === 'tnm_stage')!;
        (stage.output as { stageGroup: string }).stageGroup = 'IIIA';
      }),
      signAs: SANDBOX_USER,
    });
    const result = await commitPlan(client(token), fresh.bundle);
    expect(result.ok).toBe(false);
    expect(result.refused.map((r) => r.resourceType)).toContain('Provenance');
    expect(result.message).toMatch(/^Nothing was saved to the chart: the EHR refused/);
    expect(result.left).toEqual([]);
    // Whatever the EHR wrote before refusing was deleted or withdrawn (entered-in-error): no result stands alone.
    expect(await active()).toBe(activeBefore);
    expect((await counts()).Provenance).toBe(before.Provenance);
  });

  it('says the session expired when the EHR rejects the token, and writes nothing', async () => {
    const result = await commitPlan(client('expired'), plan.bundle);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Nothing was written: .*Your EHR session has expired/);
  });
});
