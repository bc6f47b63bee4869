// The one commit of a write-back plan, shared by the app (clinician's token), the API and the CLI (their transports):
// read what the chart holds, write only what it lacks as conditional creates, check every entry of every answer,
// take back a partial write, then finalise earlier preliminary copies and mark what a signed result supersedes.
// It never reports success the server did not confirm.
import type { Bundle, Provenance, ProvenanceEntity, Reference, Resource } from '@medplum/fhirtypes';
import { rewriteReferences } from '../fhir/references';
import { type FhirTransport, NoAnswerError, outcomeText } from '../fhir/transport';
import {
  type EntryState,
  ifNoneExistAfter,
  isRetired,
  type LookupFailure,
  lookupBundle,
  type PlannedEntry,
  plannedEntries,
  readLookup,
} from './lookup';
import { awaitsSignature, markSuperseded, signOff } from './marks';
import { commitMessage } from './message';
import { OBSERVATION_REPLACES } from './systems';
import { undoWrites } from './undo';
import { type EntryOutcome, writeEntries } from './write';

export interface WrittenEntry {
  fullUrl: string;
  resourceType: string;
  /** `Type/id` in the chart. */
  location: string;
}

export interface RefusedEntry {
  fullUrl: string;
  resourceType: string;
  /** HTTP status of the entry (0: not sent, or no answer). */
  status: number;
  text: string;
}

/** What a commit did, entry by entry, and one message for the clinician. */
export interface CommitReport {
  /** Everything the plan holds is in the chart now, as approved. */
  ok: boolean;
  created: WrittenEntry[];
  /** Already in the chart (the same finding, from this or another workup): nothing new written. */
  existing: WrittenEntry[];
  /** Earlier preliminary copies this signed commit made final. */
  signedOff: WrittenEntry[];
  /** Earlier results this signed commit replaced (tagged superseded). */
  superseded: WrittenEntry[];
  refused: RefusedEntry[];
  /** Written by this commit, then deleted or withdrawn again because other entries were refused. */
  undone: WrittenEntry[];
  /** Written by this commit and still in the chart although the commit failed. */
  left: RefusedEntry[];
  warnings: string[];
  message: string;
}

const RESULT_TYPES = new Set(['Observation', 'DiagnosticReport', 'QuestionnaireResponse']);
const entryOf = (e: PlannedEntry, location: string): WrittenEntry => ({
  fullUrl: e.fullUrl,
  resourceType: e.resourceType,
  location,
});
const written = (o: EntryOutcome): WrittenEntry => ({
  fullUrl: o.fullUrl,
  resourceType: o.resourceType,
  location: o.location ?? '',
});

/** True when the plan carries a clinician's sign-off (a verifier on its Provenance). */
export function isSignedPlan(plan: Bundle): boolean {
  return (plan.entry ?? []).some(
    (e) =>
      e.resource?.resourceType === 'Provenance' &&
      e.resource.agent?.some((a) => a.type?.coding?.some((c) => c.code === 'verifier'))
  );
}

function emptyReport(): CommitReport {
  return {
    ok: false,
    created: [],
    existing: [],
    signedOff: [],
    superseded: [],
    refused: [],
    undone: [],
    left: [],
    warnings: [],
    message: '',
  };
}

async function lookup(
  transport: FhirTransport,
  entries: PlannedEntry[],
  signal?: AbortSignal
): Promise<{ states: EntryState[]; failed: LookupFailure[] }> {
  try {
    const answer = await transport({ method: 'POST', path: '', body: lookupBundle(entries), idempotent: true }, signal);
    if (answer.status >= 200 && answer.status < 300 && answer.body?.resourceType === 'Bundle') {
      return readLookup(entries, answer.body);
    }
    const text = outcomeText(answer.body) || `status ${answer.status}`;
    return { states: [], failed: [{ fullUrl: '', resourceType: 'Bundle', status: answer.status, text }] };
  } catch (err) {
    const text = err instanceof NoAnswerError ? err.message : 'The FHIR server could not be reached';
    return { states: [], failed: [{ fullUrl: '', resourceType: 'Bundle', status: 0, text }] };
  }
}

const versioned = (r: Resource): Reference => ({
  reference: `${r.resourceType}/${r.id}${r.meta?.versionId ? `/_history/${r.meta.versionId}` : ''}`,
});

/**
 * Prepares what is sent: new Observations that replace earlier ones name them (core `observation-replaces`), and the
 * Provenance targets what this commit writes or signs, with the replaced versions as `revision` entities.
 */
function prepare(toWrite: PlannedEntry[], targets: Set<string>, replaced: Map<string, Resource[]>): PlannedEntry[] {
  const revisions: ProvenanceEntity[] = [...replaced.values()]
    .flat()
    .map((r) => ({ role: 'revision', what: versioned(r) }));
  return toWrite.map((e) => {
    const earlier = replaced.get(e.fullUrl);
    if (earlier?.length && e.resourceType === 'Observation') {
      const ext = earlier.map((r) => ({
        url: OBSERVATION_REPLACES,
        valueReference: { reference: `${r.resourceType}/${r.id}` },
      }));
      const own = (e.resource as { extension?: unknown[] }).extension ?? [];
      return { ...e, resource: { ...e.resource, extension: [...own, ...ext] } as Resource };
    }
    if (e.resourceType === 'Provenance') {
      const p = e.resource as Provenance;
      const target = p.target.filter((t) => !t.reference?.startsWith('urn:uuid:') || targets.has(t.reference));
      return { ...e, resource: { ...p, target, entity: [...(p.entity ?? []), ...revisions] } };
    }
    return e;
  });
}

/**
 * Commits a plan.
 * @param transport - FHIR transport with the writer's token (the app's session, or a backend token).
 * @param plan - A valid plan (transaction of conditional creates, as buildPlan makes it; signed or not).
 * @param signal - Stops before the next request is sent.
 * @returns The report; `ok` only when the chart holds every entry as approved. Never throws for server answers.
 */
export async function commitPlan(transport: FhirTransport, plan: Bundle, signal?: AbortSignal): Promise<CommitReport> {
  const report = emptyReport();
  const entries = plannedEntries(plan);
  const signed = isSignedPlan(plan);
  const before = await lookup(transport, entries, signal);
  if (before.failed.length) {
    report.refused = before.failed.map((f) => ({ ...f }));
    report.message = commitMessage(report, { stage: 'lookup', signed });
    return report;
  }
  const ids = new Map<string, string>();
  const toWrite: PlannedEntry[] = [];
  const signOffs: { entry: PlannedEntry; current: Resource }[] = [];
  const replaced = new Map<string, Resource[]>();
  entries.forEach((e, i) => {
    const state = before.states[i]!;
    if (state.existing) {
      ids.set(e.fullUrl, `${state.existing.resourceType}/${state.existing.id}`);
      report.existing.push(entryOf(e, ids.get(e.fullUrl)!));
      if (state.matches > 1) report.warnings.push(`The chart holds ${state.matches} copies of ${ids.get(e.fullUrl)}`);
      if (signed && RESULT_TYPES.has(e.resourceType) && awaitsSignature(state.existing)) {
        signOffs.push({ entry: e, current: state.existing });
      }
      return;
    }
    toWrite.push(state.retired.length ? { ...e, ifNoneExist: ifNoneExistAfter(e, state.retired) } : e);
    if (signed && RESULT_TYPES.has(e.resourceType) && state.earlier.length) replaced.set(e.fullUrl, state.earlier);
  });
  const newResults = toWrite.filter((e) => RESULT_TYPES.has(e.resourceType));
  if (newResults.length === 0 && signOffs.length === 0) {
    report.ok = true;
    report.message = commitMessage(report, { stage: 'done', signed });
    return report;
  }
  const targets = new Set([...newResults, ...signOffs.map((s) => s.entry)].map((e) => e.fullUrl));
  const sending = prepare(toWrite, targets, replaced);
  const result = await writeEntries(transport, sending, ids, signal);
  if (result.noAnswer) return afterSilence(transport, entries, report, result.noAnswer, signed, signal);
  const outcomes = result.outcomes.map(notRetired);
  const refused = outcomes.filter((o) => !o.location);
  const ok = outcomes.filter((o) => o.location);
  for (const o of ok) ids.set(o.fullUrl, o.location!);
  if (refused.length) {
    report.refused = refused.map((o) => ({
      fullUrl: o.fullUrl,
      resourceType: o.resourceType,
      status: o.status,
      text: o.text ?? '',
    }));
    const undo = await undoWrites(
      transport,
      ok.filter((o) => o.created),
      signal
    );
    report.undone = [...undo.removed, ...undo.withdrawn].map(written);
    report.left = undo.left.map((o) => ({
      fullUrl: o.fullUrl,
      resourceType: o.resourceType,
      status: o.status,
      text: o.reason,
    }));
    report.existing.push(...ok.filter((o) => !o.created).map(written));
    report.message = commitMessage(report, { stage: 'write', signed, partial: result.partial });
    return report;
  }
  report.created = ok.filter((o) => o.created).map(written);
  report.existing.push(...ok.filter((o) => !o.created).map(written));
  await finishMarks(transport, report, { signOffs, replaced, ids }, signal);
  report.ok = report.refused.length === 0;
  report.message = commitMessage(report, { stage: report.ok ? 'done' : 'sign-off', signed });
  return report;
}

async function finishMarks(
  transport: FhirTransport,
  report: CommitReport,
  work: {
    signOffs: { entry: PlannedEntry; current: Resource }[];
    replaced: Map<string, Resource[]>;
    ids: Map<string, string>;
  },
  signal?: AbortSignal
): Promise<void> {
  for (const { entry, current } of work.signOffs) {
    const mark = await signOff(transport, current, rewriteReferences(entry.resource, work.ids), signal);
    if (mark.ok) report.signedOff.push(entryOf(entry, mark.location));
    else
      report.refused.push({
        fullUrl: entry.fullUrl,
        resourceType: entry.resourceType,
        status: 0,
        text: `${mark.location} stayed preliminary: ${mark.text}`,
      });
  }
  for (const earlier of [...work.replaced.values()].flat()) {
    const mark = await markSuperseded(transport, earlier, signal);
    if (mark.ok) report.superseded.push({ fullUrl: '', resourceType: earlier.resourceType, location: mark.location });
    else
      report.warnings.push(
        `${mark.location} is replaced by the new result but could not be tagged superseded (${mark.text})`
      );
  }
}

/** A conditional create answered with a withdrawn or superseded copy has not put the finding in the chart. */
function notRetired(o: EntryOutcome): EntryOutcome {
  if (o.created || !o.resource || !isRetired(o.resource)) return o;
  const text = `the EHR answered with ${o.location}, which was withdrawn or superseded, instead of writing it again`;
  return { ...o, status: 0, location: undefined, text };
}

/** No answer to a write: look again to learn what the chart holds, and say exactly that. */
async function afterSilence(
  transport: FhirTransport,
  entries: PlannedEntry[],
  report: CommitReport,
  text: string,
  signed: boolean,
  signal?: AbortSignal
): Promise<CommitReport> {
  const after = await lookup(transport, entries, signal);
  if (after.failed.length) {
    report.refused = entries.map((e) => ({ fullUrl: e.fullUrl, resourceType: e.resourceType, status: 0, text }));
    report.message = commitMessage(report, { stage: 'unknown', signed, detail: text });
    return report;
  }
  report.existing = [];
  entries.forEach((e, i) => {
    const found = after.states[i]?.existing;
    if (found) report.existing.push(entryOf(e, `${found.resourceType}/${found.id}`));
    else report.refused.push({ fullUrl: e.fullUrl, resourceType: e.resourceType, status: 0, text });
  });
  report.ok = report.refused.length === 0;
  report.message = commitMessage(report, { stage: 'silence', signed, detail: text });
  return report;
}
