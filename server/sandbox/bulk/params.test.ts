// Kick-off parsing: the headers and parameters the Bulk Data IG requires, and what is refused or (leniently) ignored.
import { getStatus, OperationOutcomeError } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../../fhir/definitions';
import { type ExportLevel, parseKickoff } from './params';

const ASYNC = 'respond-async';

beforeAll(() => ensureDefinitions());

function parse(query: string, options: { level?: ExportLevel; prefer?: string; accept?: string } = {}) {
  return parseKickoff({
    level: options.level ?? 'group',
    groupId: 'g1',
    params: new URLSearchParams(query),
    prefer: options.prefer ?? ASYNC,
    accept: options.accept ?? 'application/fhir+json',
  });
}

/** The text of the 400 a call throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(OperationOutcomeError);
    const outcome = (err as OperationOutcomeError).outcome;
    expect(getStatus(outcome)).toBe(400);
    return outcome.issue?.[0]?.details?.text ?? '';
  }
  throw new Error('expected a refusal');
}

describe('parseKickoff', () => {
  it('reads _type (comma lists and repeats, deduplicated), _since and the three ndjson spellings', () => {
    const r = parse('_type=Patient,Observation&_type=Condition,Patient&_since=2026-01-02T03:04:05.678%2B02:00');
    expect(r).toEqual({
      level: 'group',
      groupId: 'g1',
      types: ['Patient', 'Observation', 'Condition'],
      since: '2026-01-02T03:04:05.678+02:00',
      outputFormat: 'application/fhir+ndjson',
      ignored: [],
    });
    for (const f of ['application/fhir+ndjson', 'application/ndjson', 'ndjson']) {
      expect(parse(`_outputFormat=${encodeURIComponent(f)}`).outputFormat).toBe('application/fhir+ndjson');
    }
    expect(parse('').types).toBeUndefined();
  });

  it('requires Prefer: respond-async and an Accept that allows FHIR JSON', () => {
    expect(refusal(() => parse('', { prefer: '' }))).toMatch(/Prefer: respond-async/);
    expect(refusal(() => parse('', { accept: 'text/html' }))).toMatch(/application\/fhir\+json/);
    expect(parse('', { accept: '*/*', prefer: 'handling=strict, respond-async' }).level).toBe('group');
  });

  it('refuses bad values whatever the Prefer header says', () => {
    expect(refusal(() => parse('_outputFormat=text/csv'))).toMatch(/_outputFormat must be one of/);
    expect(refusal(() => parse('_since=2026-01-01'))).toMatch(/_since must be a FHIR instant/);
    expect(refusal(() => parse('_since=2026-13-45T99:00:00Z'))).toMatch(/_since/);
    expect(refusal(() => parse('_since=2026-01-01T00:00:00Z&_since=2026-01-02T00:00:00Z'))).toMatch(/once/);
    expect(refusal(() => parse('_type=', { prefer: `${ASYNC}, handling=lenient` }))).toMatch(/no resource type/);
  });

  it('refuses unsupported or unknown parameters and types, naming them, unless handling=lenient', () => {
    expect(refusal(() => parse('_typeFilter=Observation%3Fstatus%3Dfinal'))).toMatch(/_typeFilter is not supported/);
    expect(refusal(() => parse('_elements=id'))).toMatch(/_elements/);
    expect(refusal(() => parse('foo=1'))).toMatch(/Unknown parameter foo/);
    expect(refusal(() => parse('_type=Observaton'))).toMatch(/unknown resource type: Observaton/);
    expect(refusal(() => parse('_type=Practitioner'))).toMatch(/Practitioner is outside the patient compartment/);
    expect(parse('_type=Practitioner', { level: 'system' }).types).toEqual(['Practitioner']);
    expect(refusal(() => parse('_type=Group', { level: 'patient' }))).toMatch(/Group resources are not part/);
    expect(parse('_type=Group', { level: 'system' }).types).toEqual(['Group']);

    const lenient = parse('_type=Observation,Observaton&_elements=id&foo=1', { prefer: `${ASYNC}, handling=lenient` });
    expect(lenient.types).toEqual(['Observation']);
    expect(lenient.ignored.map((i) => i.name)).toEqual(['_elements', 'foo', '_type']);
  });
});
