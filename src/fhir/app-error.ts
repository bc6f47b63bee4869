// Turns any failure of the record load into an AppError a clinician can act on (relaunch, ask for access, retry).
import { RECORD_TYPES } from '../../common/smart/scopes';

/** What went wrong, in the terms the user acts on. */
export interface AppError {
  kind: 'expired' | 'forbidden' | 'unreachable' | 'not-found' | 'bad-response';
  message: string;
}

/** A failure that carries an HTTP status (fhirclient's HttpError has the same shape). */
export class StatusError extends Error {
  /**
   * @param status - The HTTP status.
   * @param message - What failed.
   * @param subject - Whether the status concerns the whole request or the Patient read inside the batch.
   */
  constructor(
    readonly status: number,
    message: string,
    readonly subject: 'request' | 'patient' = 'request'
  ) {
    super(message);
    this.name = 'StatusError';
  }
}

/** Where the failure happened. */
export interface FailureContext {
  fhirBase: string;
  patientId?: string;
  /** The scopes granted in the token response (space-separated). */
  grantedScope?: string;
}

/**
 * Lists the record's resource types that the granted scopes do not allow reading (SMART v1 `.read`/`.*`, v2 `.r…`).
 * @param grantedScope - The granted scopes, space-separated.
 * @returns The resource types with no read scope.
 */
export function missingReadAccess(grantedScope: string): string[] {
  const reads = grantedScope
    .split(/\s+/)
    .map((s) => /^(patient|user|system)\/([A-Za-z*]+)\.(read|\*|[cruds]+)(\?.*)?$/.exec(s))
    .filter((m): m is RegExpExecArray => !!m && (m[3] === 'read' || m[3] === '*' || (m[3] ?? '').includes('r')))
    .map((m) => m[2]);
  return RECORD_TYPES.filter((type) => !reads.includes('*') && !reads.includes(type));
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error as { name?: unknown } | null)?.name === 'TypeError';
}

/**
 * Maps any failure of the record load to an AppError.
 * @param error - What was thrown (fhirclient HttpError, StatusError, fetch TypeError, parse Error…).
 * @param ctx - The FHIR base, patient and granted scopes.
 * @returns The AppError to show.
 */
export function toAppError(error: unknown, ctx: FailureContext): AppError {
  const status = statusOf(error);
  const base = ctx.fhirBase;
  const patient = ctx.patientId ? `Patient/${ctx.patientId}` : 'the patient';
  if (status === 401) {
    return { kind: 'expired', message: 'Your session has expired. Relaunch OncoAgent from the EHR.' };
  }
  if (status === 403) {
    const missing = ctx.grantedScope === undefined ? RECORD_TYPES : missingReadAccess(ctx.grantedScope);
    const needs =
      missing.length > 0
        ? `OncoAgent needs read access to ${missing.join(', ')} (scope patient/*.rs), which was not granted.`
        : `The granted scopes (${ctx.grantedScope}) cover the record, so the server's own access policy refused it.`;
    return {
      kind: 'forbidden',
      message: `The FHIR server at ${base} refused access to the record of ${patient}. ${needs} Ask your administrator for access, then relaunch.`,
    };
  }
  if (status === 404 || status === 410) {
    const what =
      (error as StatusError).subject === 'patient' ? `${patient} was not found` : 'The record request was not found';
    return { kind: 'not-found', message: `${what} on the FHIR server at ${base} (status ${status}).` };
  }
  if ((status !== undefined && status >= 500) || isNetworkFailure(error)) {
    const answer = status ? ` It answered with status ${status}.` : ' The request did not get an answer.';
    return {
      kind: 'unreachable',
      message: `Cannot reach the FHIR server at ${base}.${answer} Check the network connection and that the server allows this app's origin (CORS), then retry.`,
    };
  }
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const code = status ? ` (status ${status})` : '';
  return {
    kind: 'bad-response',
    message: `The FHIR server at ${base} sent an answer OncoAgent cannot use${code}: ${detail}`,
  };
}
