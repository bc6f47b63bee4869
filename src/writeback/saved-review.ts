// What signing or discarding a saved group changes, as data: the new version of each result (final and signed, or
// withdrawn) and the Provenance that records who did it and why. Kept free of I/O so the rules are testable alone.
import type {
  DiagnosticReport,
  Observation,
  Practitioner,
  PractitionerRole,
  Provenance,
  Reference,
  Resource,
} from '@medplum/fhirtypes';

const PARTICIPANT = 'http://terminology.hl7.org/CodeSystem/provenance-participant-type';
const DATA_OPERATION = 'http://terminology.hl7.org/CodeSystem/v3-DataOperation';

export type SavedAction = 'sign' | 'discard';

/** The clinician acting: `Practitioner/<id>` (or PractitionerRole) and, when known, their name. */
export interface Actor {
  reference: string;
  display?: string;
}

/** A result or report of a saved group as it stands in the chart. */
export type SavedResource = Observation | DiagnosticReport;

/**
 * Whether a saved result is withdrawn (discarded or cancelled) and so left out of the active history.
 * @param r - A result or report.
 * @returns True for entered-in-error or cancelled.
 */
export function isWithdrawn(r: SavedResource): boolean {
  return r.status === 'entered-in-error' || r.status === 'cancelled';
}

/**
 * Whether a saved result still waits for a clinician (machine-made and not signed).
 * @param r - A result or report.
 * @returns True for preliminary, registered or partial.
 */
export function awaitsReview(r: SavedResource): boolean {
  return r.status === 'preliminary' || r.status === 'registered' || r.status === 'partial';
}

/**
 * The new version of one resource: signed results become final (the report names its interpreter); discarded
 * Observations become entered-in-error and a discarded report `cancelled`, as the brief of the write-back asks.
 * @param r - The resource as read from the chart.
 * @param action - Sign or discard.
 * @param actor - Who signs.
 * @returns The resource to PUT (same id, the chart's versionId kept for If-Match).
 */
export function changed(r: SavedResource, action: SavedAction, actor: Actor): SavedResource {
  if (action === 'discard') {
    return r.resourceType === 'DiagnosticReport' ? { ...r, status: 'cancelled' } : { ...r, status: 'entered-in-error' };
  }
  if (r.resourceType === 'DiagnosticReport') {
    const who: Reference<Practitioner | PractitionerRole> = {
      reference: actor.reference,
      ...(actor.display ? { display: actor.display } : {}),
    };
    return { ...r, status: 'final', resultsInterpreter: [who] };
  }
  return { ...r, status: 'final' };
}

/**
 * The Provenance of a sign-off (the clinician as verifier) or a discard (the clinician as author, with the reason).
 * @param targets - `Type/id/_history/v` of each version this action wrote.
 * @param action - Sign or discard.
 * @param actor - Who acted.
 * @param reason - Why a group is discarded (required for a discard).
 * @param now - The time of the action.
 * @returns The Provenance to create.
 */
export function actionProvenance(
  targets: string[],
  action: SavedAction,
  actor: Actor,
  reason: string | undefined,
  now: string
): Provenance {
  const role = action === 'sign' ? ['verifier', 'Verifier'] : ['author', 'Author'];
  const op = action === 'sign' ? ['UPDATE', 'revise'] : ['NULLIFY', 'nullify'];
  return {
    resourceType: 'Provenance',
    target: targets.map((reference) => ({ reference })),
    recorded: now,
    occurredDateTime: now,
    activity: { coding: [{ system: DATA_OPERATION, code: op[0], display: op[1] }] },
    agent: [
      {
        type: { coding: [{ system: PARTICIPANT, code: role[0], display: role[1] }] },
        who: { reference: actor.reference, ...(actor.display ? { display: actor.display } : {}) },
      },
    ],
    ...(reason?.trim() ? { reason: [{ text: reason.trim() }] } : {}),
  };
}

/**
 * The resources of a group an action applies to: signing takes those awaiting review, discarding those still active.
 * @param resources - The group's report and results.
 * @param action - Sign or discard.
 * @returns The resources to change, report last (it lists the results).
 */
export function actionTargets(resources: SavedResource[], action: SavedAction): SavedResource[] {
  const wanted = resources.filter((r) => (action === 'sign' ? awaitsReview(r) : !isWithdrawn(r)));
  return [
    ...wanted.filter((r) => r.resourceType !== 'DiagnosticReport'),
    ...wanted.filter((r) => r.resourceType === 'DiagnosticReport'),
  ];
}

/** `Type/id`, for messages inside the app only (never shown to clinicians). */
export const locationOf = (r: Resource): string => `${r.resourceType}/${r.id}`;
