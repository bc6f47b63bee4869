// Test oracle: the private lung TNM mapping as it was before SDC definition-based extraction replaced it, kept
// unchanged so the parity test can prove that $extract and synopticObservations still produce the same Observations.
import { createHash } from 'node:crypto';
import type { Coding, Observation, Patient, Questionnaire, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { CANONICAL_BASE } from '../../fhir/canonical';
import { type TnmAxis, type TnmBase, tnmCategoryObservation, tnmStageGroupObservation } from '../../writeback/staging';

const OBS_EXTRACT = 'http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-observationExtract';
/** Identifier system of extracted Observations; the value is `<QuestionnaireResponse id>:<linkId>`. */
const SYNOPTIC_OBSERVATION_SYSTEM = `${CANONICAL_BASE}/identifier/synoptic-observation`;

/** The pathological TNM LOINC code of each Questionnaire item → the axis it stages. */
const AXIS_OF: Record<string, TnmAxis | 'group'> = {
  '21899-0': 't',
  '21900-6': 'n',
  '21901-4': 'm',
  '21902-2': 'group',
};

interface ExtractedObservations {
  observations: Observation[];
  /** Extractable items that were not written, and why. */
  skipped: { linkId: string; reason: string }[];
}

/**
 * Extracts the TNM Observations of a synoptic response.
 * @param questionnaire - The Questionnaire answered (its items carry the LOINC codes and observationExtract flags).
 * @param response - The QuestionnaireResponse; needs an id (Observations derive from it).
 * @param opts - `subject` when the response has none (mCODE requires one; without it the Observations omit subject).
 * @returns Category Observations first, then the stage group referencing them (`Observation/<id>`).
 */
export function legacySynopticObservations(
  questionnaire: Questionnaire,
  response: QuestionnaireResponse,
  opts: { subject?: Reference<Patient> } = {}
): ExtractedObservations {
  if (!response.id) throw new Error('The QuestionnaireResponse needs an id to derive Observations from it');
  const subject = (response.subject ?? opts.subject) as Reference<Patient> | undefined;
  const base: TnmBase = {
    subject: subject ?? { reference: '' },
    issued: response.authored ?? new Date().toISOString(),
  };
  const answers = new Map((response.item ?? []).map((i) => [i.linkId, i.answer?.[0]?.valueCoding]));
  const finish = (o: Observation, linkId: string, coding: Coding): Observation => {
    const { subject: _s, ...rest } = o;
    return {
      ...rest,
      id: obsId(response.id!, linkId),
      meta: { ...o.meta, ...(response.meta?.security ? { security: response.meta.security } : {}) },
      identifier: [{ system: SYNOPTIC_OBSERVATION_SYSTEM, value: `${response.id}:${linkId}` }],
      ...(subject ? { subject } : {}),
      valueCodeableConcept: { coding: [coding], text: o.valueCodeableConcept?.text ?? coding.display },
      derivedFrom: [{ reference: `QuestionnaireResponse/${response.id}` }],
    };
  };
  const categories: Observation[] = [];
  let group: { linkId: string; coding: Coding } | undefined;
  const skipped: ExtractedObservations['skipped'] = [];
  for (const def of questionnaire.item ?? []) {
    // The Questionnaires no longer carry observationExtract (definition-based extraction replaced it): the oracle
    // takes the items it used to flag, the ones with a TNM LOINC code.
    const flagged = def.extension?.some((e) => e.url === OBS_EXTRACT && e.valueBoolean === true);
    if (!flagged && !def.code?.some((c) => (c.code ?? '') in AXIS_OF)) continue;
    const axis = def.code?.map((c) => AXIS_OF[c.code ?? '']).find(Boolean);
    const coding = answers.get(def.linkId);
    if (!axis) skipped.push({ linkId: def.linkId, reason: 'no TNM code on the Questionnaire item' });
    else if (!coding?.code) skipped.push({ linkId: def.linkId, reason: 'not answered' });
    else if (axis === 'group') group = { linkId: def.linkId, coding };
    // M usually comes from clinical information (cM), so it gets the unprefixed M category; T and N are pathologic.
    else
      categories.push(
        finish(
          tnmCategoryObservation(axis, coding.display ?? coding.code, axis === 'm' ? null : 'p', base),
          def.linkId,
          coding
        )
      );
  }
  const observations = [...categories];
  if (group) {
    const members = categories.map((c) => ({ reference: `Observation/${c.id}` }));
    const value = group.coding.display ?? group.coding.code!;
    observations.push(
      finish(tnmStageGroupObservation(value, { t: 'p', n: 'p' }, base, members), group.linkId, group.coding)
    );
  }
  return { observations, skipped };
}

function obsId(responseId: string, linkId: string): string {
  const id = `${responseId}-${linkId}`.replace(/[^A-Za-z0-9.-]/g, '-');
  return id.length <= 64 ? id : `obs-${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;
}
