// The atomicity probe of the write test: a two-entry transaction whose second entry must fail (an update of the test
// patient with a version that cannot match). An atomic server refuses it whole; a server that runs transactions as
// batches (Medplum without the project's atomic-transaction setting) keeps the first entry, which is then deleted.
import type { Bundle, Observation, Patient } from '@medplum/fhirtypes';
import type { FhirTransport } from '../../common/fhir/transport';
import { locationOf } from '../../common/writeback/write';
import { ATOMIC_FIX } from './fixes';
import { type CheckLine, line } from './report';

/** The probe's line and what it left on the server (to delete). */
export interface ProbeResult {
  line: CheckLine;
  created: string[];
}

/**
 * Runs the probe.
 * @param transport - The writer's transport.
 * @param patient - The test patient (as created: id and version).
 * @param marker - A unique value tagging what the probe writes.
 * @returns The `write.atomic` line and the locations written.
 */
export async function probeAtomicity(transport: FhirTransport, patient: Patient, marker: string): Promise<ProbeResult> {
  const title = 'Atomic transactions';
  const observation: Observation = {
    resourceType: 'Observation',
    status: 'final',
    code: { text: 'OncoAgent check: atomicity probe (synthetic)' },
    identifier: [{ system: 'urn:oncoagent:check', value: `${marker}-probe` }],
    subject: { reference: `Patient/${patient.id}` },
  };
  const bundle: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { resource: observation, request: { method: 'POST', url: 'Observation' } },
      {
        resource: { ...patient, active: true },
        request: { method: 'PUT', url: `Patient/${patient.id}`, ifMatch: 'W/"999999999"' },
      },
    ],
  };
  const answer = await transport({ method: 'POST', path: '', body: bundle });
  if (answer.status < 200 || answer.status >= 300) {
    return {
      line: line(
        'write.atomic',
        title,
        'ok',
        `a failing entry made the server refuse the whole transaction (${answer.status})`
      ),
      created: [],
    };
  }
  const entries = (answer.body as Bundle | undefined)?.entry ?? [];
  const statuses = entries.map((e) => Number.parseInt(e.response?.status ?? '0', 10));
  const created = entries
    .filter((_e, i) => (statuses[i] ?? 0) >= 200 && (statuses[i] ?? 0) < 300)
    .map((e) => locationOf(e.response?.location, e.resource))
    .filter((l): l is string => Boolean(l) && l!.startsWith('Observation/'));
  if ((statuses[1] ?? 0) >= 400 && (statuses[0] ?? 0) < 300) {
    return {
      line: line(
        'write.atomic',
        title,
        'fail',
        'the server ran the transaction as a batch: entry 1 was written although entry 2 was refused ' +
          `(${statuses.join(', ')}); a refused result would leave a half-written workup in the chart`,
        ATOMIC_FIX
      ),
      created,
    };
  }
  return {
    line: line(
      'write.atomic',
      title,
      'warn',
      `the server accepted an update with a wrong If-Match (${statuses.join(', ')}); atomicity untested`,
      {
        any: 'the server ignores If-Match: concurrent sign-offs may overwrite each other',
      }
    ),
    created,
  };
}
