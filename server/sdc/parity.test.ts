// Proves that SDC definition-based $extract reproduces the Observations the private lung TNM mapping made, resource by
// resource, for every approved development form (lung and CAP colorectal), AI-labelled or not, edited or not.
import type { Observation, Patient, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { approveForm, type Edits } from '../http/synoptic-approve';
import { extractOffline, loadTemplate, type Template, toQuestionnaireResponse } from '../synoptic';
import { COLORECTAL, LUNG } from '../synoptic/testdata/fixtures';
import { synopticObservations } from '../writeback/synoptic-observations';
import { extractResources } from './extract';
import { legacySynopticObservations } from './testing/legacy-observations';

const AIAST = { system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue', code: 'AIAST' };
const subject: Reference<Patient> = { reference: 'Patient/p1' };

/** The approved form of a development case, as the approval route makes it. */
function approved(template: Template, c: { id: string; text: string }, edits: Edits = {}, ai = false) {
  const result = extractOffline(template, { text: c.text, key: c.id });
  const qr = toQuestionnaireResponse(template, result, { authored: '2026-03-04T05:06:07Z' });
  const labelled: QuestionnaireResponse = ai ? { ...qr, meta: { security: [AIAST] } } : qr;
  try {
    return approveForm(template, c.text, labelled, edits, subject).response;
  } catch {
    return undefined; // a form that does not apply to its report cannot be approved, so it has no Observations
  }
}

/** Observations without ids, references to siblings replaced by the sibling's identifier (stable across both). */
function comparable(observations: Observation[], keyOf: (o: Observation, i: number) => string): Observation[] {
  const identity = new Map(observations.map((o, i) => [keyOf(o, i), o.identifier?.[0]?.value ?? '?']));
  return observations.map(({ id: _id, ...o }) => ({
    ...o,
    ...(o.hasMember ? { hasMember: o.hasMember.map((m) => ({ reference: identity.get(m.reference ?? '') })) } : {}),
  }));
}

function engine(template: Template, qr: QuestionnaireResponse): Observation[] {
  const { entries } = extractResources(template.questionnaire, { ...qr, subject: qr.subject ?? subject });
  const byUrl = new Map(entries.map((e) => [e.fullUrl, e.resource as Observation]));
  return comparable([...byUrl.values()], (_o, i) => [...byUrl.keys()][i]!);
}

function legacy(template: Template, qr: QuestionnaireResponse): Observation[] {
  const { observations } = legacySynopticObservations(template.questionnaire, qr, { subject });
  return comparable(observations, (o) => `Observation/${o.id}`);
}

describe('$extract reproduces the Observations of the approval path', () => {
  const lung = loadTemplate('ajcc8-lung-resection');
  const crc = loadTemplate('cap-colorectal-resection');

  it.each([
    ['as extracted', {}, false],
    ['AI-labelled', {}, true],
    ['with pN cleared by the pathologist', { pN: null }, false],
  ] as const)('lung development cases, %s: the same Observations, resource by resource', (_name, edits, ai) => {
    let compared = 0;
    for (const c of LUNG) {
      const qr = approved(lung, c, edits, ai);
      if (!qr) continue;
      const before = legacy(lung, qr);
      expect(engine(lung, qr), c.id).toEqual(before);
      // The approval path's wrapper: identical to the old mapping, ids and skipped items included.
      expect(synopticObservations(lung.questionnaire, qr, { subject }), c.id).toEqual(
        legacySynopticObservations(lung.questionnaire, qr, { subject })
      );
      compared += before.length;
    }
    expect(compared).toBeGreaterThan(LUNG.length);
  });

  it('labels AI-asserted forms and derives every Observation from the response', () => {
    const qr = approved(lung, LUNG[0]!, {}, true)!;
    const observations = engine(lung, qr);
    expect(observations.length).toBeGreaterThan(0);
    for (const o of observations) {
      expect(o.meta?.security).toEqual([AIAST]);
      expect(o.status).toBe('preliminary');
      expect(o.derivedFrom).toEqual([{ reference: `QuestionnaireResponse/${qr.id}` }]);
    }
  });

  it('CAP colorectal development cases: the same Observations (the form declares none to extract, as before)', () => {
    let forms = 0;
    for (const c of COLORECTAL) {
      const qr = approved(crc, c);
      if (!qr) continue;
      forms++;
      expect(engine(crc, qr), c.id).toEqual(legacy(crc, qr));
      expect(synopticObservations(crc.questionnaire, qr, { subject }).observations, c.id).toEqual([]);
    }
    expect(forms).toBeGreaterThan(COLORECTAL.length / 2);
  });
});
