// Checks how a job's result travels through Redis: packed, it comes back the same and smaller; a broken, inflated or
// miscounted one is refused with a reason, never taken as a patient with fewer resources.
import { deflateRawSync } from 'node:zlib';
import type { Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { errorText } from './errors';
import type { JobResult } from './job';
import { packResult, unpackResult } from './packed-result';

const observation = (i: number): Resource => ({
  resourceType: 'Observation',
  id: `obs-${i}`,
  status: 'preliminary',
  code: { coding: [{ system: 'http://loinc.org', code: '21908-9', display: 'Stage group.clinical Cancer' }] },
  subject: { reference: 'Patient/p1' },
  note: [{ text: `Ünïcode and "quotes"\nand a new line ${i}` }],
});

const result: JobResult = {
  patientId: 'p1',
  resources: Array.from({ length: 40 }, (_, i) => observation(i)),
  notWritten: 2,
  written: { created: 40, existing: 0 },
  ms: 12,
  attempts: 2,
};

const packed = (text: string, count: number) => ({
  patientId: 'p1',
  notWritten: 0,
  ms: 1,
  count,
  ndjson: deflateRawSync(text).toString('base64'),
});

describe('packed job results', () => {
  it('come back as they went, through JSON as BullMQ stores them, at a fraction of the size', () => {
    const wire = JSON.stringify(packResult(result));
    expect(unpackResult(wire)).toEqual(result);
    expect(unpackResult(JSON.parse(wire))).toEqual(result);
    expect(wire.length).toBeLessThan(JSON.stringify(result).length / 3);
  });

  it('keep a result with no resources', () => {
    const empty = { ...result, resources: [] };
    expect(unpackResult(JSON.stringify(packResult(empty)))).toEqual(empty);
  });

  it('take a result a worker of an earlier version returned unpacked', () => {
    expect(unpackResult(JSON.stringify(result))).toEqual(result);
  });

  it('refuse what is no result, a text that does not inflate or parse, and a count that does not match', () => {
    const refused = (value: unknown) => {
      try {
        unpackResult(value);
      } catch (err) {
        return errorText(err);
      }
      throw new Error('taken');
    };
    expect(refused('null')).toBe('The job result is unreadable: it is not a job result');
    expect(refused('{"patientId": "p1", "cancer of the')).toBe('The job result is unreadable: it is not JSON');
    expect(refused({ patientId: 'p1' })).toMatch(/holds no resources/);
    expect(refused({ ...packed('', 0), ndjson: 'bm90IGRlZmxhdGVk' })).toMatch(/do not inflate/);
    // A torn line: the error says which, never quotes it (JSON.parse's own message would).
    const torn = refused(packed('{"resourceType":"Observation"}\n{"note":"breast cancer, left', 2));
    expect(torn).toBe('The job result is unreadable: line 2 of its resources is not JSON');
    expect(refused(packed('{"resourceType":"Observation"}\n[1,2]\n', 2))).toMatch(/line 2 .* is not a resource/);
    const two = `${JSON.stringify(observation(1))}\n${JSON.stringify(observation(2))}\n`;
    expect(refused(packed(two, 3))).toMatch(/holds 2 resources where it announced 3/);
    expect(unpackResult(packed(two, 2)).resources).toHaveLength(2);
  });
});
