// The write test's clean-up: deletes everything it created, newest first (so nothing still references a resource when
// it goes, which servers with referential integrity such as HAPI require), then reads each one back to prove it is
// gone, and searches the test patient's compartment for anything the server made on its own.
import type { Bundle } from '@medplum/fhirtypes';
import type { FhirTransport } from '../../common/fhir/transport';
import { type CheckLine, line } from './report';

const typeOf = (location: string): string => location.split('/')[0] ?? 'resource';

async function gone(transport: FhirTransport, location: string): Promise<boolean> {
  try {
    const answer = await transport({ method: 'GET', path: location, idempotent: true });
    return answer.status === 404 || answer.status === 410;
  } catch {
    return false;
  }
}

/**
 * Deletes and verifies.
 * @param transport - The writer's transport.
 * @param created - `Type/id` of everything the test created, in the order written (the test patient first).
 * @param patientId - The test patient, whose compartment is searched afterwards.
 * @returns The `write.cleanup` line: ok only when every resource is gone.
 */
export async function cleanUp(transport: FhirTransport, created: string[], patientId: string): Promise<CheckLine> {
  const title = 'Clean-up';
  const left: string[] = [];
  for (const location of [...created].reverse()) {
    try {
      await transport({ method: 'DELETE', path: location });
    } catch {
      // Read back below: a lost answer may still have deleted it.
    }
    if (!(await gone(transport, location))) left.push(typeOf(location));
  }
  for (const type of ['Observation', 'DiagnosticReport', 'QuestionnaireResponse']) {
    try {
      const answer = await transport({
        method: 'GET',
        path: `${type}?subject=${encodeURIComponent(`Patient/${patientId}`)}&_summary=count`,
        idempotent: true,
      });
      const total = (answer.body as Bundle | undefined)?.total ?? 0;
      for (let i = 0; i < total; i++) left.push(type);
    } catch {
      // The per-resource reads above are the proof; this search only looks for extras.
    }
  }
  if (left.length) {
    const counts = new Map<string, number>();
    for (const t of left) counts.set(t, (counts.get(t) ?? 0) + 1);
    const what = [...counts].map(([t, n]) => `${n} ${t}`).join(', ');
    return line(
      'write.cleanup',
      title,
      'fail',
      `could not delete ${what} (synthetic test data, identifier system urn:oncoagent:check)`,
      {
        any: 'delete them by hand, and allow delete for these types to the client used for `oncoagent check --write-test`',
        medplum:
          'give the ClientApplication delete rights on the types listed (explicit scopes, e.g. system/Observation.d)',
        hapi: 'HAPI refuses to delete a resource another one references: delete the listed resources in order, or enable cascading deletes',
      }
    );
  }
  return line(
    'write.cleanup',
    title,
    'ok',
    `deleted all ${created.length} resources the test wrote; none found afterwards`
  );
}
