// Checks the streaming NDJSON reader (lines split across chunks, blank lines, the line cap) and how a resource is
// tied to its patient.
import type { Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { isFhirId, patientOf, readLines } from './ndjson';

function stream(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const chunk of chunks) c.enqueue(enc.encode(chunk));
      c.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>, max?: number): Promise<string[]> {
  const out: string[] = [];
  for await (const line of readLines(body, max)) out.push(line);
  return out;
}

describe('readLines', () => {
  it('joins lines split across chunks (even inside a multi-byte character) and skips blank lines', async () => {
    const text = '{"a":"é"}\n\n{"b":2}\r\n{"c":3}';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const b of bytes) c.enqueue(new Uint8Array([b]));
        c.close();
      },
    });
    expect(await collect(body)).toEqual(['{"a":"é"}', '{"b":2}', '{"c":3}']);
  });

  it('refuses a line longer than the cap instead of buffering it', async () => {
    await expect(collect(stream(['x'.repeat(50), 'y'.repeat(60)]), 100)).rejects.toThrow(/longer than 100 bytes/);
  });
});

describe('patientOf', () => {
  const r = (x: object) => x as Resource;
  it('takes a Patient’s own id, else subject, else patient (a list too)', () => {
    expect(patientOf(r({ resourceType: 'Patient', id: 'p1' }))).toBe('p1');
    expect(patientOf(r({ resourceType: 'Observation', subject: { reference: 'Patient/p2' } }))).toBe('p2');
    expect(
      patientOf(r({ resourceType: 'Observation', subject: { reference: 'https://ehr/fhir/Patient/p3/_history/2' } }))
    ).toBe('p3');
    expect(patientOf(r({ resourceType: 'AllergyIntolerance', patient: { reference: 'Patient/p4' } }))).toBe('p4');
  });

  it('gives nothing for resources about no patient, or a group subject, or an unsafe id', () => {
    expect(patientOf(r({ resourceType: 'Endpoint', id: 'e' }))).toBeUndefined();
    expect(patientOf(r({ resourceType: 'Observation', subject: { reference: 'Group/g' } }))).toBeUndefined();
    expect(patientOf(r({ resourceType: 'Patient', id: '../etc' }))).toBeUndefined();
    expect(isFhirId('..')).toBe(false);
  });
});
