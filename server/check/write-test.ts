// `--write-test`: a reversible write into a synthetic test patient. It creates the patient, probes whether transactions
// are atomic, commits a real write-back plan exactly as a clinician's save does (server/writeback: validated,
// conditional creates, every entry's outcome read), then deletes everything it created and checks that it is gone.
import { randomUUID } from 'node:crypto';
import type { Patient } from '@medplum/fhirtypes';
import { outcomeText } from '../../common/fhir/transport';
import type { FhirClient } from '../fhir/fhir-client';
import { fhirTransport } from '../fhir/transport';
import { buildPlan, type CommitReport, commitPlan } from '../writeback';
import { probeAtomicity } from './atomic-probe';
import { cleanUp } from './cleanup';
import { GRANT_FIX, PROFILE_READ_FIX, WILDCARD_FIX } from './fixes';
import { type CheckLine, line } from './report';
import { sampleWorkup } from './sample-workup';

const REFUSED_FIX = {
  any: GRANT_FIX.hapi,
  medplum: `${WILDCARD_FIX.medplum}; and ${PROFILE_READ_FIX.medplum}`,
  smart: GRANT_FIX.smart,
};

function commitLine(report: CommitReport, entries: number): CheckLine {
  const title = 'Write-back commit';
  if (report.ok) {
    return line(
      'write.commit',
      title,
      'ok',
      `a ${entries}-entry plan committed: ${report.created.length} created, ${report.existing.length} already present; ` +
        'every entry confirmed by the server'
    );
  }
  const refused = report.refused.map((r) => `${r.resourceType} ${r.status || 'not sent'}`).join(', ');
  return line('write.commit', title, 'fail', `refused: ${refused}`, REFUSED_FIX);
}

/**
 * Runs the write test.
 * @param fhir - The client, with a token that may create, update and delete (see WRITE_TEST_SCOPE).
 * @returns The lines: test patient, atomicity, commit, clean-up.
 */
export async function writeTest(fhir: FhirClient): Promise<CheckLine[]> {
  const transport = fhirTransport(fhir);
  const marker = randomUUID();
  const synthetic: Patient = {
    resourceType: 'Patient',
    identifier: [{ system: 'urn:oncoagent:check', value: marker }],
    name: [{ family: 'Check', given: ['OncoAgent'], text: 'OncoAgent check (synthetic test patient)' }],
  };
  const made = await transport({ method: 'POST', path: 'Patient', body: synthetic });
  const patient = made.body as Patient | undefined;
  if (made.status !== 201 || !patient?.id) {
    return [
      line(
        'write.patient',
        'Test patient',
        'fail',
        `creating a synthetic Patient was refused (${made.status}): ${outcomeText(made.body) || 'no reason given'}`,
        {
          any: 'allow the check client to create and delete Patient (system/Patient.cud) for the write test',
          medplum:
            'explicit scopes on the ClientApplication, no wildcard; Patient create and delete allowed by its AccessPolicy',
        }
      ),
    ];
  }
  const created = [`Patient/${patient.id}`];
  const lines = [line('write.patient', 'Test patient', 'ok', 'a synthetic Patient was created for the test')];
  try {
    const probe = await probeAtomicity(transport, patient, marker);
    created.push(...probe.created);
    lines.push(probe.line);
    const plan = buildPlan({ workup: await sampleWorkup(patient.id, fhir.baseUrl, `check-${marker}`) });
    const report = await commitPlan(fhir, plan.bundle);
    created.push(...report.created.map((e) => e.location).filter(Boolean));
    lines.push(commitLine(report, plan.bundle.entry?.length ?? 0));
  } catch (err) {
    lines.push(line('write.commit', 'Write-back commit', 'fail', err instanceof Error ? err.message : String(err)));
  } finally {
    lines.push(await cleanUp(transport, created, patient.id));
  }
  return lines;
}
