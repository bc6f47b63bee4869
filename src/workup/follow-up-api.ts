// The app's client for follow-up questions: post the question on a finished workup (or on the last follow-up, so the
// conversation keeps its context), follow the new run's events to its result, and say why when it fails.
import type { AgentEvent, FollowUpResult } from '../../common/contracts';
import { apiHeaders, fetchResult, streamEvents, type WorkupApi } from './api';
import { errorFromOutcome, outcomeText, toWorkupError, WorkupHttpError } from './errors';

/** A follow-up run that ended with an `error` event; its message is the server's reason. */
export class FollowUpFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FollowUpFailed';
  }
}

/**
 * Asks a follow-up question and waits for its answer.
 * @param api - Base URL, fetch and credentials.
 * @param parentId - The finished workup or follow-up the question continues.
 * @param question - The question.
 * @param signal - Stops waiting.
 * @param onEvent - Called with each event of the follow-up's run (progress).
 * @returns The follow-up result; throws WorkupHttpError (refused), FollowUpFailed (the run failed) or TypeError.
 */
export async function askFollowUp(
  api: WorkupApi,
  parentId: string,
  question: string,
  signal?: AbortSignal,
  onEvent?: (event: AgentEvent) => void
): Promise<FollowUpResult> {
  const response = await api.fetch(`${api.baseUrl}/api/workups/${encodeURIComponent(parentId)}/follow-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await apiHeaders(api)) },
    body: JSON.stringify({ question }),
    signal,
  });
  if (!response.ok) {
    let outcome: unknown;
    try {
      outcome = await response.json();
    } catch {
      // No outcome in the body: the status alone is reported.
    }
    throw new WorkupHttpError(response.status, outcome as never, 'Asking the follow-up');
  }
  const { id } = (await response.json()) as { id: string };
  let result: FollowUpResult | undefined;
  let failure: string | undefined;
  await streamEvents(
    api,
    id,
    (event) => {
      if (!event) return;
      onEvent?.(event);
      if (event.type === 'done') result = event.result as FollowUpResult;
      if (event.type === 'error') failure = errorFromOutcome(event.outcome).message;
    },
    signal
  );
  if (failure) throw new FollowUpFailed(failure);
  result ??= ((await fetchResult(api, id)) as FollowUpResult | null) ?? undefined;
  if (!result) throw new FollowUpFailed('The follow-up ended without an answer; ask again.');
  return result;
}

/**
 * What to show when a follow-up fails: the server's reason where it gave one.
 * @param error - What askFollowUp threw.
 * @returns The message.
 */
export function followUpErrorText(error: unknown): string {
  if (error instanceof FollowUpFailed) return error.message;
  if (error instanceof WorkupHttpError && error.status !== 401) {
    const said = outcomeText(error.outcome);
    return `The follow-up was not accepted (status ${error.status})${said ? `: ${said.replace(/\.?$/, '.')}` : '.'}`;
  }
  return toWorkupError(error).message;
}
