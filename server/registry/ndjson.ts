// Reading NDJSON as a stream: lines come out one by one as bytes arrive, so an export file of any size never sits in
// memory whole; and the patient a resource belongs to, from its id (Patient) or its subject/patient reference.
import type { Resource } from '@medplum/fhirtypes';

/** Longest line accepted (one resource); a longer one stops the download instead of filling memory. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

/**
 * Splits a byte stream into its non-empty lines.
 * @param body - A web ReadableStream (a fetch body).
 * @param maxLineBytes - Limit per line.
 * @returns The lines, trimmed, empty ones skipped; throws when a line exceeds the limit.
 */
export async function* readLines(
  body: ReadableStream<Uint8Array>,
  maxLineBytes = MAX_LINE_BYTES
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let at = pending.indexOf('\n');
      while (at >= 0) {
        const line = pending.slice(0, at).trim();
        pending = pending.slice(at + 1);
        if (line) yield line;
        at = pending.indexOf('\n');
      }
      if (pending.length > maxLineBytes) throw new Error(`An NDJSON line is longer than ${maxLineBytes} bytes`);
      if (done) break;
    }
    const last = pending.trim();
    if (last) yield last;
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** Whether a string is a FHIR logical id (also safe as a file name). */
export const isFhirId = (id: unknown): id is string =>
  typeof id === 'string' && FHIR_ID.test(id) && id !== '.' && id !== '..';

function patientRef(value: unknown): string | undefined {
  const ref = (value as { reference?: unknown } | undefined)?.reference;
  if (typeof ref !== 'string') return undefined;
  const m = /(?:^|\/)Patient\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(ref);
  return m?.[1];
}

/**
 * The patient a resource is about.
 * @param resource - A resource from an export file.
 * @returns The Patient id: its own for a Patient, else `subject` or `patient` (first of a list); undefined when none.
 */
export function patientOf(resource: Resource): string | undefined {
  if (resource.resourceType === 'Patient') return isFhirId(resource.id) ? resource.id : undefined;
  const r = resource as { subject?: unknown; patient?: unknown };
  const patient = Array.isArray(r.patient) ? r.patient[0] : r.patient;
  return patientRef(r.subject) ?? patientRef(patient);
}
