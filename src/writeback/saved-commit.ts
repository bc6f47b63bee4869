// Signs or discards a group of results already in the chart (e.g. written as preliminary by `oncoagent workup
// --write`) with the clinician's own token: one versioned update per result, every answer checked, then one Provenance
// for what was changed. Nothing is deleted, and nothing is reported as done that the EHR did not confirm.
import type { Resource } from '@medplum/fhirtypes';
import { type FhirTransport, NoAnswerError, outcomeText } from '../../common/fhir/transport';
import {
  type Actor,
  actionProvenance,
  actionTargets,
  changed,
  type SavedAction,
  type SavedResource,
} from './saved-review';
import { parseScopes } from './scopes';

export interface SavedActionReport {
  /** Every result of the group was changed and the Provenance written. */
  ok: boolean;
  done: SavedResource[];
  refused: { resource: SavedResource; text: string }[];
  /** Whether the Provenance recording the action was written. */
  provenance: boolean;
  /** One sentence for the clinician. */
  message: string;
}

const VERB: Record<SavedAction, [string, string]> = { sign: ['signed', 'sign'], discard: ['discarded', 'discard'] };

/**
 * The scopes an action needs and the session lacks: updating each result type, creating a Provenance.
 * @param scope - The granted scopes.
 * @param resources - What the action changes.
 * @returns Missing scopes, e.g. `patient/Observation.u`; empty when all are granted.
 */
export function missingActionAccess(scope: string, resources: SavedResource[]): string[] {
  const scopes = parseScopes(scope);
  const has = (type: string, perm: 'u' | 'c', contexts: string[]): boolean =>
    scopes.some((s) => contexts.includes(s.context) && (s.type === type || s.type === '*') && s.perms.has(perm));
  const missing = [...new Set(resources.map((r) => r.resourceType))]
    .filter((t) => !has(t, 'u', ['patient', 'user', 'system']))
    .map((t) => `patient/${t}.u`);
  if (!has('Provenance', 'c', ['user', 'system', 'patient'])) missing.push('user/Provenance.c');
  return missing;
}

async function put(transport: FhirTransport, next: Resource, signal?: AbortSignal): Promise<Resource | string> {
  try {
    const ifMatch = next.meta?.versionId ? `W/"${next.meta.versionId}"` : undefined;
    const path = `${next.resourceType}/${next.id}`;
    const answer = await transport({ method: 'PUT', path, body: next, ifMatch }, signal);
    if (answer.status >= 200 && answer.status < 300) {
      const versionId = answer.body?.meta?.versionId ?? /"([^"]+)"/.exec(answer.etag ?? '')?.[1];
      return { ...next, meta: { ...next.meta, versionId } } as Resource;
    }
    if (answer.status === 409 || answer.status === 412) {
      return 'it was changed by someone else meanwhile; reload the patient and try again';
    }
    return `the EHR refused it (status ${answer.status}${outcomeText(answer.body) ? `: ${outcomeText(answer.body)}` : ''})`;
  } catch (err) {
    return err instanceof NoAnswerError ? `no answer from the EHR (${err.message})` : 'the EHR could not be reached';
  }
}

const versioned = (r: Resource): string =>
  `${r.resourceType}/${r.id}${r.meta?.versionId ? `/_history/${r.meta.versionId}` : ''}`;

/**
 * Signs or discards a saved group.
 * @param transport - The clinician's FHIR transport.
 * @param resources - The group's report and results as read from the chart.
 * @param action - Sign (preliminary → final) or discard (entered-in-error; report cancelled).
 * @param actor - The clinician.
 * @param reason - Why (required to discard).
 * @param signal - Stops before the next request.
 * @returns What was changed and refused; never throws for server answers.
 */
export async function applySavedAction(
  transport: FhirTransport,
  resources: SavedResource[],
  action: SavedAction,
  actor: Actor,
  reason?: string,
  signal?: AbortSignal
): Promise<SavedActionReport> {
  const report: SavedActionReport = { ok: false, done: [], refused: [], provenance: false, message: '' };
  const [past, verb] = VERB[action];
  if (action === 'discard' && !reason?.trim()) {
    report.message = 'Say why these results are discarded; nothing was changed.';
    return report;
  }
  for (const r of actionTargets(resources, action)) {
    const result = await put(transport, changed(r, action, actor), signal);
    if (typeof result === 'string') report.refused.push({ resource: r, text: result });
    else report.done.push(result as SavedResource);
  }
  if (report.done.length) {
    const provenance = actionProvenance(report.done.map(versioned), action, actor, reason, new Date().toISOString());
    try {
      const answer = await transport({ method: 'POST', path: 'Provenance', body: provenance }, signal);
      report.provenance = answer.status >= 200 && answer.status < 300;
    } catch {
      report.provenance = false;
    }
  }
  report.ok = report.refused.length === 0 && report.provenance;
  const n = report.done.length;
  const count = `${n} ${n === 1 ? 'item' : 'items'}`;
  report.message = report.ok
    ? `${past[0]!.toUpperCase()}${past.slice(1)} ${count}; a provenance record says who did it and when.`
    : [
        n ? `${count} ${past}.` : `Nothing was ${past}.`,
        ...report.refused.map((f) => `Could not ${verb} one result: ${f.text}.`),
        n && !report.provenance ? 'The provenance record of this change could not be written.' : '',
      ]
        .filter(Boolean)
        .join(' ');
  return report;
}
