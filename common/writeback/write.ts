// Sends the entries the chart does not hold yet as conditional creates (so a concurrent commit of the same plan
// cannot write them twice) and reads the server's answer entry by entry: a 2xx is written (201 created, 200 found),
// anything else is refused. One transaction when the server takes it; parts of at most 8 entries, in dependency
// order, when it refuses a transaction of conditional entries that size (Medplum's "strict isolation" limit).
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { references, rewriteReferences } from '../fhir/references';
import { type FhirTransport, NoAnswerError, outcomeText } from '../fhir/transport';
import { type PlannedEntry, statusOf } from './lookup';

/** What happened to one entry sent to the server. */
export interface EntryOutcome {
  fullUrl: string;
  resourceType: string;
  /** HTTP status of the entry; 0 when it was not sent or no answer came. */
  status: number;
  /** `Type/id` on the server, for written entries. */
  location?: string;
  resource?: Resource;
  /** Written by this commit (201); false when a conditional create found it (200). */
  created: boolean;
  /** The server's reason, for refused entries. */
  text?: string;
}

export interface WriteResult {
  outcomes: EntryOutcome[];
  /** The server gave no answer to a write: some entries may have been written. */
  noAnswer?: string;
  /** The transaction came back with some entries written and others refused: the server did not apply it atomically. */
  partial: boolean;
  /** Sent in parts because the server refused one transaction of that size. */
  parts: number;
}

/** Largest transaction of conditional creates a Medplum server with atomic transactions accepts. */
export const PART_SIZE = 8;
const TOO_BIG = /strict isolation|too many (entries|operations)|too large|entry limit/i;

/** `Type/id` from a Location (absolute or relative, with or without `_history`). */
export function locationOf(location: string | undefined, resource?: Resource): string | undefined {
  const m = /([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?\/?$/.exec(location ?? '');
  if (m) return `${m[1]}/${m[2]}`;
  return resource?.id ? `${resource.resourceType}/${resource.id}` : undefined;
}

/** Entries ordered so that each comes after the entries it references (the plan's order otherwise). */
export function dependencyOrder(entries: PlannedEntry[]): PlannedEntry[] {
  const byUrl = new Map(entries.map((e) => [e.fullUrl, e]));
  const done = new Set<string>();
  const out: PlannedEntry[] = [];
  const visit = (e: PlannedEntry, path: Set<string>): void => {
    if (done.has(e.fullUrl) || path.has(e.fullUrl)) return;
    path.add(e.fullUrl);
    for (const ref of new Set(references(e.resource))) {
      const dep = byUrl.get(ref);
      if (dep) visit(dep, path);
    }
    done.add(e.fullUrl);
    out.push(e);
  };
  for (const e of entries) visit(e, new Set());
  return out;
}

function transaction(entries: PlannedEntry[], ids: Map<string, string>): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: entries.map((e) => ({
      fullUrl: e.fullUrl,
      resource: rewriteReferences(e.resource, ids),
      request: { method: 'POST', url: e.resourceType, ...(e.ifNoneExist ? { ifNoneExist: e.ifNoneExist } : {}) },
    })),
  };
}

const notSent = (e: PlannedEntry, text: string): EntryOutcome => ({
  fullUrl: e.fullUrl,
  resourceType: e.resourceType,
  status: 0,
  created: false,
  text,
});

function readAnswer(entries: PlannedEntry[], body: Bundle): EntryOutcome[] {
  return entries.map((e, i) => {
    const answer = body.entry?.[i];
    const status = statusOf(answer);
    const ok = status >= 200 && status < 300;
    const location = ok ? locationOf(answer?.response?.location, answer?.resource) : undefined;
    if (ok && location) {
      return {
        fullUrl: e.fullUrl,
        resourceType: e.resourceType,
        status,
        location,
        resource: answer?.resource,
        created: status === 201,
      };
    }
    const said = answer?.response?.outcome?.issue?.map((x) => x.details?.text ?? x.diagnostics).find(Boolean);
    const text = ok
      ? 'the EHR did not say where it stored the resource'
      : (said ?? (status ? `status ${status}` : 'no answer for this entry'));
    return { fullUrl: e.fullUrl, resourceType: e.resourceType, status: ok ? 0 : status, created: false, text };
  });
}

type Sent =
  | { kind: 'answered'; outcomes: EntryOutcome[] }
  | { kind: 'refused'; status: number; text: string }
  | { kind: 'no-answer'; text: string };

async function send(
  transport: FhirTransport,
  part: PlannedEntry[],
  ids: Map<string, string>,
  signal?: AbortSignal
): Promise<Sent> {
  let answer: Awaited<ReturnType<FhirTransport>>;
  try {
    answer = await transport({ method: 'POST', path: '', body: transaction(part, ids) }, signal);
  } catch (err) {
    return {
      kind: 'no-answer',
      text: err instanceof NoAnswerError ? err.message : 'The FHIR server could not be reached',
    };
  }
  if (answer.status >= 200 && answer.status < 300 && answer.body?.resourceType === 'Bundle') {
    return { kind: 'answered', outcomes: readAnswer(part, answer.body) };
  }
  const text = outcomeText(answer.body) || `status ${answer.status}`;
  return { kind: 'refused', status: answer.status >= 200 && answer.status < 300 ? 0 : answer.status, text };
}

/**
 * Writes the entries (conditional creates) and says what became of each.
 * @param transport - The FHIR transport with the writer's token.
 * @param entries - The entries to write.
 * @param existing - fullUrl → `Type/id` of plan entries the chart already holds (references are pointed there).
 * @param signal - Cancels before the next part is sent (a part in flight is not interrupted).
 * @returns One outcome per entry, in the order given.
 */
export async function writeEntries(
  transport: FhirTransport,
  entries: PlannedEntry[],
  existing: Map<string, string>,
  signal?: AbortSignal
): Promise<WriteResult> {
  const ordered = dependencyOrder(entries);
  const ids = new Map(existing);
  const results = new Map<string, EntryOutcome>();
  const finish = (extra: Partial<WriteResult>, parts: number): WriteResult => {
    const outcomes = entries.map((e) => results.get(e.fullUrl) ?? notSent(e, 'not sent: an earlier part was refused'));
    const written = outcomes.some((o) => o.location);
    const refused = outcomes.some((o) => !o.location);
    return { outcomes, partial: written && refused, parts, ...extra };
  };
  const whole = await send(transport, ordered, ids, signal);
  if (whole.kind === 'no-answer') return finish({ noAnswer: whole.text }, 1);
  if (whole.kind === 'answered') {
    for (const o of whole.outcomes) results.set(o.fullUrl, o);
    return finish({}, 1);
  }
  if (
    !(whole.status === 400 || whole.status === 413 || whole.status === 422) ||
    !TOO_BIG.test(whole.text) ||
    ordered.length <= PART_SIZE
  ) {
    for (const e of ordered) results.set(e.fullUrl, { ...notSent(e, whole.text), status: whole.status });
    return finish({}, 1);
  }
  let parts = 0;
  for (let start = 0; start < ordered.length; start += PART_SIZE) {
    if (signal?.aborted) break;
    const part = ordered.slice(start, start + PART_SIZE);
    parts++;
    const sent = await send(transport, part, ids, signal);
    if (sent.kind === 'no-answer') return finish({ noAnswer: sent.text }, parts);
    if (sent.kind === 'refused') {
      for (const e of part) results.set(e.fullUrl, { ...notSent(e, sent.text), status: sent.status });
      break;
    }
    for (const o of sent.outcomes) {
      results.set(o.fullUrl, o);
      if (o.location) ids.set(o.fullUrl, o.location);
    }
    if (sent.outcomes.some((o) => !o.location)) break;
  }
  return finish({}, parts);
}
