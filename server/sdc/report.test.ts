// Reading the report a form is pre-filled from, on an EHR that does not confine reads to the patient (Medplum without
// an AccessPolicy): another patient's report is refused by its subject, and a report without text is a clear 422.
import { OperationOutcomeError } from '@medplum/core';
import type { DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { FhirClient } from '../fhir/fhir-client';
import { readReport } from './report';

/** A client whose server returns this resource to every read (and records what was read). */
function serving(resource: DiagnosticReport | DocumentReference): FhirClient & { reads: string[] } {
  const reads: string[] = [];
  const client = {
    read: async ({ resourceType, id }: { resourceType: string; id: string }) => {
      reads.push(`${resourceType}/${id}`);
      return resource;
    },
  };
  return {
    baseUrl: 'https://ehr.example/fhir',
    client,
    timeoutMs: 1000,
    retries: 0,
    reads,
  } as unknown as FhirClient & {
    reads: string[];
  };
}

const text = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const outcomeOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e
  );
  expect(err).toBeInstanceOf(OperationOutcomeError);
  return (err as OperationOutcomeError).outcome;
};

describe('readReport', () => {
  const dr: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: 'r1',
    status: 'final',
    code: { text: 'Pathology' },
    subject: { reference: 'https://ehr.example/fhir/Patient/p1' },
    presentedForm: [{ contentType: 'text/plain; charset=utf-8', data: text('Right hemicolectomy: adenocarcinoma.') }],
  };

  it("reads the caller's report with its text, keyed and referenced by the report", async () => {
    const fhir = serving(dr);
    expect(await readReport(fhir, 'DiagnosticReport/r1', 'p1')).toMatchObject({
      text: 'Right hemicolectomy: adenocarcinoma.',
      key: 'r1',
      ref: 'DiagnosticReport/r1',
      subject: 'Patient/p1',
    });
    expect(fhir.reads).toEqual(['DiagnosticReport/r1']);
  });

  it("refuses another patient's report with the same 404 as a missing one, naming neither", async () => {
    const outcome = await outcomeOf(readReport(serving(dr), 'DiagnosticReport/r1', 'p2'));
    expect(outcome.issue?.[0]?.code).toBe('not-found');
    expect(JSON.stringify(outcome)).not.toMatch(/p1|r1/);
  });

  it('reads a DocumentReference note and answers 422 for a PDF-only document', async () => {
    const doc: DocumentReference = {
      resourceType: 'DocumentReference',
      id: 'd1',
      status: 'current',
      subject: { reference: 'Patient/p1' },
      content: [{ attachment: { contentType: 'text/plain', data: text('Lobectomy: pT2a pN0.') } }],
    };
    expect((await readReport(serving(doc), 'DocumentReference/d1', 'p1')).text).toBe('Lobectomy: pT2a pN0.');
    const pdf = { ...doc, content: [{ attachment: { contentType: 'application/pdf', url: 'Binary/b1' } }] };
    const outcome = await outcomeOf(readReport(serving(pdf), 'DocumentReference/d1', 'p1'));
    expect(outcome.id).toBe('business-rule');
    expect(outcome.issue?.[0]?.details?.text).toMatch(
      /no readable text.*no inline text\/plain content \(application\/pdf\)/
    );
  });
});
