// Turns every way a workup can fail (network, HTTP status, error event) into a message a clinician can act on.
import type { OperationOutcome } from '@medplum/fhirtypes';

/** What went wrong, in the terms the user acts on: relaunch, ask for access, retry, or report. */
export interface WorkupError {
  kind: 'expired' | 'forbidden' | 'network' | 'not-found' | 'bad-request' | 'server' | 'connection-lost';
  message: string;
}

/** A non-2xx answer from the workup API, with the OperationOutcome it carried (if any). */
export class WorkupHttpError extends Error {
  constructor(
    readonly status: number,
    readonly outcome: OperationOutcome | undefined,
    readonly what: string
  ) {
    super(`${what} failed with status ${status}`);
    this.name = 'WorkupHttpError';
  }
}

/**
 * The readable text of an OperationOutcome: each issue's details.text, else its diagnostics, else its code.
 * @param outcome - The outcome (or anything else, which yields '').
 * @returns The issues' texts joined with '; '.
 */
export function outcomeText(outcome: unknown): string {
  const issues = (outcome as OperationOutcome | undefined)?.issue;
  if (!Array.isArray(issues)) {
    return '';
  }
  return issues
    .map((i) => i.details?.text ?? i.diagnostics ?? i.code)
    .filter((t): t is string => typeof t === 'string' && t.length > 0)
    .join('; ');
}

const detail = (text: string): string => (text ? ` The server said: ${text.replace(/\.?$/, '.')}` : '');

/** The session's token stopped working; the server's own words follow, so "expired" is never the only reason. */
const expired = (said: string): WorkupError => ({
  kind: 'expired',
  message: `Your EHR session has expired or was not accepted, so the workup cannot read the record. Relaunch OncoAgent from the EHR.${said}`,
});

/**
 * Maps an HTTP status (and its OperationOutcome) to a WorkupError.
 * @param status - The HTTP status.
 * @param outcome - The OperationOutcome in the body, if any.
 * @returns The error to show.
 */
export function errorFromStatus(status: number, outcome?: unknown): WorkupError {
  const said = detail(outcomeText(outcome));
  if (status === 401) {
    return expired(said);
  }
  if (status === 403) {
    return { kind: 'forbidden', message: `The server refused to run a workup for this patient.${said}` };
  }
  if (status === 404) {
    return {
      kind: 'not-found',
      message: `The workup service was not found on this server (status 404); the app may be served without its API.${said}`,
    };
  }
  if (status >= 400 && status < 500) {
    return { kind: 'bad-request', message: `The server did not accept the workup request (status ${status}).${said}` };
  }
  return { kind: 'server', message: `The workup server failed (status ${status}). Retry in a moment.${said}` };
}

/**
 * Maps an `error` event's OperationOutcome: login/security issues mean the EHR token stopped working.
 * @param outcome - The outcome the agent sent.
 * @returns The error to show.
 */
export function errorFromOutcome(outcome: OperationOutcome): WorkupError {
  const codes = (outcome.issue ?? []).map((i) => i.code);
  if (codes.includes('login') || codes.includes('expired')) {
    return expired(detail(outcomeText(outcome)));
  }
  if (codes.includes('forbidden') || codes.includes('security')) {
    return { kind: 'forbidden', message: `Access was refused during the workup.${detail(outcomeText(outcome))}` };
  }
  const text = outcomeText(outcome) || 'no details were given';
  return { kind: 'server', message: `The workup stopped with an error: ${text.replace(/\.?$/, '.')}` };
}

/**
 * Maps anything thrown while starting or following a workup.
 * @param error - A WorkupHttpError, a fetch TypeError (network), or anything else.
 * @returns The error to show.
 */
export function toWorkupError(error: unknown): WorkupError {
  if (error instanceof WorkupHttpError) {
    return errorFromStatus(error.status, error.outcome);
  }
  if (error instanceof TypeError) {
    return {
      kind: 'network',
      message:
        'Cannot reach the OncoAgent server (the browser said: "' +
        `${error.message.replace(/"/g, '')}"). Check the network connection, then retry.`,
    };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { kind: 'server', message: `The workup failed: ${text.replace(/\.?$/, '.')}` };
}
