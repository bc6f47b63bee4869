// Lung TNM write-back as SDC Observations: T, N, M and a stage group with hasMember, derived from the response and
// valid R4; unanswered items are skipped and no stage group is written without one.
import { validateResource } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../fhir/definitions';
import { extractOffline, loadTemplate, toQuestionnaireResponse } from '../synoptic';
import { LUNG } from '../synoptic/testdata/fixtures';
import { synopticObservations } from './synoptic-observations';

beforeAll(() => ensureDefinitions());
const lung = loadTemplate('ajcc8-lung-resection');

describe('synoptic lung TNM Observations (SDC observation-based extraction)', () => {
  it('extracts T, N, M and a stage group with hasMember, derived from the response, valid R4', () => {
    const c = LUNG.find((x) => x.id === 'L-e')!;
    const qr = toQuestionnaireResponse(lung, extractOffline(lung, { text: c.text, key: c.id, subject: 'Patient/p1' }), {
      authored: '2026-03-04T05:06:07Z',
    });
    const { observations, skipped } = synopticObservations(lung.questionnaire, qr);
    expect(skipped).toEqual([]);
    expect(observations.map((o) => o.valueCodeableConcept?.text)).toEqual(['pT4', 'pN2', 'M0', 'IIIB']);
    for (const o of observations) {
      expect(
        validateResource(o).filter((i) => i.severity === 'error'),
        o.id
      ).toEqual([]);
      expect(o).toMatchObject({
        status: 'preliminary',
        subject: { reference: 'Patient/p1' },
        derivedFrom: [{ reference: `QuestionnaireResponse/${qr.id}` }],
        issued: '2026-03-04T05:06:07Z',
      });
      expect(o.method?.coding?.[0]?.code).toBe('897275008');
    }
    const group = observations[3]!;
    expect(group.code.coding?.[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '399588009' });
    expect(group.hasMember).toEqual(observations.slice(0, 3).map((o) => ({ reference: `Observation/${o.id}` })));
    expect(observations[0]!.code.coding?.[0]?.display).toBe('pT category');
    expect(observations[0]!.valueCodeableConcept?.coding?.[0]).toMatchObject({
      system: 'https://oncoagent.example/fhir/CodeSystem/lung-pt',
      code: 'T4',
    });
  });

  it('skips unanswered items and writes no stage group without one', () => {
    const qr = toQuestionnaireResponse(
      lung,
      extractOffline(lung, { text: 'Right upper lobectomy: adenocarcinoma, 2 cm.', key: 'k' })
    );
    const { observations, skipped } = synopticObservations(lung.questionnaire, qr, {
      subject: { reference: 'Patient/p2' },
    });
    expect(observations.map((o) => o.valueCodeableConcept?.text)).toEqual(['pT1b', 'M0']);
    expect(skipped).toEqual([
      { linkId: 'pN', reason: 'not answered' },
      { linkId: 'stage-group', reason: 'not answered' },
    ]);
    expect(observations[0]!.subject).toEqual({ reference: 'Patient/p2' });
  });
});
