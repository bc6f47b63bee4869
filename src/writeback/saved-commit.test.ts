// Signing and discarding results already in the chart: final or withdrawn versions with a Provenance, every answer
// checked, a conflict or refusal never reported as done, no delete ever sent.
import type { DiagnosticReport, Observation, Provenance, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { FhirTransport } from '../../common/fhir/transport';
import { FakeEhr } from '../../common/writeback/testing/fake-ehr';
import { applySavedAction, missingActionAccess } from './saved-commit';

const actor = { reference: 'Practitioner/p1', display: 'Dr. Alex Sandbox' };

function chart(options: ConstructorParameters<typeof FakeEhr>[0] = {}) {
  const ehr = new FakeEhr(options);
  const obs = (id: string): Observation => ({
    resourceType: 'Observation',
    id,
    meta: { versionId: '1' },
    status: 'preliminary',
    code: { text: id },
  });
  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: 'r1',
    meta: { versionId: '1' },
    status: 'preliminary',
    code: { text: 'Workup' },
    result: [{ reference: 'Observation/o1' }, { reference: 'Observation/o2' }],
  };
  const resources = [report, obs('o1'), obs('o2')];
  for (const r of resources) ehr.store.set(`${r.resourceType}/${r.id}`, r);
  const provenances: Provenance[] = [];
  const transport: FhirTransport = async (call, signal) => {
    if (call.method === 'POST' && call.path === 'Provenance') {
      provenances.push(call.body as Provenance);
      return { status: 201, body: { ...(call.body as Resource), id: 'prov' } };
    }
    return ehr.transport(call, signal);
  };
  return { ehr, resources, provenances, transport };
}

describe('applySavedAction', () => {
  it('signs: results final, the report names the clinician, a Provenance names them as verifier', async () => {
    const { ehr, resources, provenances, transport } = chart();
    const report = await applySavedAction(transport, resources, 'sign', actor);
    expect(report.ok).toBe(true);
    expect(ehr.ofType('Observation').map((o) => (o as Observation).status)).toEqual(['final', 'final']);
    const dr = ehr.store.get('DiagnosticReport/r1') as DiagnosticReport;
    expect(dr).toMatchObject({ status: 'final', resultsInterpreter: [actor] });
    expect(provenances).toHaveLength(1);
    expect(provenances[0]!.agent[0]).toMatchObject({ type: { coding: [{ code: 'verifier' }] }, who: actor });
    expect(provenances[0]!.target.map((t) => t.reference)).toEqual([
      'Observation/o1/_history/2',
      'Observation/o2/_history/2',
      'DiagnosticReport/r1/_history/2',
    ]);
    expect(ehr.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('discards with a reason: entered-in-error, the report cancelled, the reason on the Provenance', async () => {
    const { ehr, resources, provenances, transport } = chart();
    const report = await applySavedAction(transport, resources, 'discard', actor, 'Wrong patient images');
    expect(report.ok).toBe(true);
    expect(ehr.ofType('Observation').map((o) => (o as Observation).status)).toEqual([
      'entered-in-error',
      'entered-in-error',
    ]);
    expect((ehr.store.get('DiagnosticReport/r1') as DiagnosticReport).status).toBe('cancelled');
    expect(provenances[0]).toMatchObject({ reason: [{ text: 'Wrong patient images' }] });
    expect(provenances[0]!.activity?.coding?.[0]?.code).toBe('NULLIFY');
    expect(ehr.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('refuses to discard without a reason and sends nothing', async () => {
    const { ehr, resources, transport } = chart();
    const report = await applySavedAction(transport, resources, 'discard', actor, '  ');
    expect(report.ok).toBe(false);
    expect(report.message).toMatch(/Say why/);
    expect(ehr.calls).toHaveLength(0);
  });

  it('reports a refused update and a conflict instead of success', async () => {
    const refused = chart({ refuseUpdate: true });
    const a = await applySavedAction(refused.transport, refused.resources, 'sign', actor);
    expect(a.ok).toBe(false);
    expect(a.done).toHaveLength(0);
    expect(a.message).toMatch(/^Nothing was signed\. Could not sign one result: the EHR refused it \(status 403/);
    expect(refused.provenances).toHaveLength(0);

    const conflict = chart();
    conflict.ehr.store.set('Observation/o1', { ...conflict.resources[1]!, meta: { versionId: '5' } });
    const b = await applySavedAction(conflict.transport, conflict.resources, 'sign', actor);
    expect(b.ok).toBe(false);
    expect(b.done.map((r) => r.id)).toEqual(['o2', 'r1']);
    expect(b.message).toMatch(/changed by someone else meanwhile/);
    expect((conflict.ehr.store.get('Observation/o1') as Observation).status).toBe('preliminary');
  });

  it('signs only what awaits review', async () => {
    const { resources, transport, ehr } = chart();
    resources[1] = { ...(resources[1] as Observation), status: 'final' };
    await applySavedAction(transport, resources, 'sign', actor);
    expect(ehr.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      'Observation/o2',
      'DiagnosticReport/r1',
    ]);
  });
});

describe('missingActionAccess', () => {
  it('names the update and Provenance scopes a session lacks', () => {
    const { resources } = chart();
    expect(missingActionAccess('patient/Observation.rs patient/DiagnosticReport.crus', resources)).toEqual([
      'patient/Observation.u',
      'user/Provenance.c',
    ]);
    expect(
      missingActionAccess('patient/Observation.crus patient/DiagnosticReport.crus user/Provenance.crs', resources)
    ).toEqual([]);
  });
});
