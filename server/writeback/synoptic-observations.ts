// The Observations of an approved synoptic QuestionnaireResponse for the approval path, the registry and the plan:
// SDC definition-based $extract (the Questionnaire's own extraction metadata) with stable ids, so a form extracted twice
// gives the same resources, and references between them as `Observation/<id>`.
import { createHash } from 'node:crypto';
import type { Observation, Patient, Questionnaire, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { CANONICAL_BASE } from '../fhir/canonical';
import { extractResources } from '../sdc/extract';

/** Identifier system of extracted Observations; the value is `<QuestionnaireResponse id>:<linkId>`. */
export const SYNOPTIC_OBSERVATION_SYSTEM = `${CANONICAL_BASE}/identifier/synoptic-observation`;

export interface ExtractedObservations {
  observations: Observation[];
  /** Extractable items that were not written, and why. */
  skipped: { linkId: string; reason: string }[];
}

/**
 * Extracts the Observations of a synoptic response (for lung: T, N, M and the stage group) with SDC $extract.
 * @param questionnaire - The Questionnaire answered (its items carry definitionExtract metadata).
 * @param response - The QuestionnaireResponse; needs an id (Observations derive from it and their ids from both).
 * @param opts - `subject` when the response has none (mCODE requires one; without it the Observations omit subject).
 * @returns The Observations in Questionnaire order (for lung: categories, then the stage group referencing them as
 *   `Observation/<id>`), and the extractable items left unanswered.
 */
export function synopticObservations(
  questionnaire: Questionnaire,
  response: QuestionnaireResponse,
  opts: { subject?: Reference<Patient> } = {}
): ExtractedObservations {
  const responseId = response.id;
  if (!responseId) throw new Error('The QuestionnaireResponse needs an id to derive Observations from it');
  const subject = response.subject ?? opts.subject;
  const { entries, skipped } = extractResources(questionnaire, { ...response, ...(subject ? { subject } : {}) });
  const ids = new Map(entries.map((e, i) => [e.fullUrl, obsId(responseId, e.linkId ?? String(i))]));
  const observations = entries
    .filter((e) => e.resource.resourceType === 'Observation')
    .map((e) => {
      const o = e.resource as Observation;
      // References between the extracted Observations (the stage group's members) use the ids given here.
      const hasMember = o.hasMember?.map((r) => {
        const id = r.reference ? ids.get(r.reference) : undefined;
        return id ? { reference: `Observation/${id}` } : r;
      });
      return { ...o, id: ids.get(e.fullUrl), ...(hasMember ? { hasMember } : {}) };
    });
  return { observations, skipped };
}

function obsId(responseId: string, linkId: string): string {
  const id = `${responseId}-${linkId}`.replace(/[^A-Za-z0-9.-]/g, '-');
  return id.length <= 64 ? id : `obs-${createHash('sha256').update(id).digest('hex').slice(0, 40)}`;
}
