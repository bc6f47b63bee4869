// Commits a signed plan to the EHR with the clinician's own token, the same two phases as the server's commitPlan:
// one batch looks up each entry's identifier, then one atomic transaction creates what the chart does not hold yet.
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { existenceBatch, pendingTransaction, readExistence } from '../../server/writeback/two-phase';
import { outcomeText } from '../workup/errors';

/** Sends a batch or transaction Bundle to the FHIR base and returns the response Bundle. */
export type PostBundle = (bundle: Bundle) => Promise<Bundle>;

export interface WrittenEntry {
  fullUrl: string;
  resourceType: string;
  /** `Type/id` on the EHR. */
  location: string;
}

export interface CommitOutcome {
  created: WrittenEntry[];
  /** Already in the chart from an earlier save of the same workup: nothing new was written for them. */
  existing: WrittenEntry[];
}

/** A commit that wrote nothing, with the reason in words. */
export class CommitError extends Error {
  constructor(
    message: string,
    readonly status?: number
  ) {
    super(message);
    this.name = 'CommitError';
  }
}

/** fhirclient's HttpError appends the JSON body to its message after a blank line. */
function outcomeOf(error: unknown): OperationOutcome | undefined {
  const message = error instanceof Error ? error.message : '';
  const json = message.slice(message.indexOf('\n\n') + 2);
  try {
    const body = JSON.parse(json) as { resourceType?: string };
    return body?.resourceType === 'OperationOutcome' ? (body as OperationOutcome) : undefined;
  } catch {
    return undefined;
  }
}

function refusal(error: unknown, phase: string): CommitError {
  const status = (error as { status?: unknown } | null)?.status;
  const code = typeof status === 'number' ? status : undefined;
  const said = outcomeText(outcomeOf(error)) || (error instanceof Error ? error.message.split('\n')[0] : String(error));
  if (code === 401) {
    return new CommitError('Nothing was written: your EHR session has expired. Relaunch OncoAgent from the EHR.', 401);
  }
  if (code === 403) return new CommitError(`Nothing was written: the EHR refused ${phase} (${said}).`, 403);
  if (code === undefined && error instanceof TypeError) {
    return new CommitError(`Nothing was written: the EHR could not be reached while ${phase} (${said}).`);
  }
  return new CommitError(`Nothing was written: ${phase} failed${code ? ` with status ${code}` : ''} (${said}).`, code);
}

const stripHistory = (location: string): string =>
  location.replace(/\/_history\/.*$/, '').replace(/^.*\/([A-Za-z]+\/[^/]+)$/, '$1');

/**
 * Writes a plan: entries the chart already holds (same identifier) are skipped and referenced, the rest go in one
 * transaction. Committing the same plan twice writes nothing new.
 * @param post - Posts a Bundle to the FHIR base with the clinician's token.
 * @param plan - The signed, valid plan Bundle.
 * @returns What was created and what was already there; rejects with {@link CommitError} having written nothing.
 */
export async function commitPlan(post: PostBundle, plan: Bundle): Promise<CommitOutcome> {
  let lookup: ReturnType<typeof readExistence>;
  try {
    lookup = readExistence(plan, await post(existenceBatch(plan)));
  } catch (error) {
    throw refusal(error, 'the check for an earlier save of this plan');
  }
  const failed = lookup.failed[0];
  if (failed) {
    throw new CommitError(
      `Nothing was written: the EHR refused the check for an earlier save (${failed.query}: ${failed.text}).`,
      failed.status
    );
  }
  if (lookup.ambiguous.length) {
    throw new CommitError(
      `Nothing was written: the chart holds more than one resource for ${lookup.ambiguous.join(', ')}.`
    );
  }
  const ids = new Map([...lookup.found].map(([fullUrl, r]) => [fullUrl, `${r.resourceType}/${r.id}`]));
  const pending = pendingTransaction(plan, ids);
  let response: Bundle = { resourceType: 'Bundle', type: 'transaction-response', entry: [] };
  if (pending.entry?.length) {
    try {
      response = await post(pending);
    } catch (error) {
      throw refusal(error, 'the transaction');
    }
  }
  const created = (pending.entry ?? []).map((e, i) => {
    const answer = response.entry?.[i];
    const location = answer?.response?.location
      ? stripHistory(answer.response.location)
      : answer?.resource?.id
        ? `${answer.resource.resourceType}/${answer.resource.id}`
        : '';
    return { fullUrl: e.fullUrl ?? '', resourceType: e.resource?.resourceType ?? '', location };
  });
  const existing = (plan.entry ?? [])
    .filter((e) => ids.has(e.fullUrl ?? ''))
    .map((e) => ({
      fullUrl: e.fullUrl ?? '',
      resourceType: e.resource?.resourceType ?? '',
      location: ids.get(e.fullUrl ?? '') ?? '',
    }));
  return { created, existing };
}
