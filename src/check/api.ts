// The app's client for GET /api/check: the read-only self-test of the EHR the launch came from, with this session's
// token (the server never writes for this call).
import type { CheckReport } from '../../common/check/report';
import type { WorkupApi } from '../workup/api';
import { callJson } from '../writeback/api';

export type { CheckFix, CheckLine, CheckReport, CheckStatus } from '../../common/check/report';

/**
 * Runs the checks.
 * @param api - Base URL, fetch and the session's credentials.
 * @param signal - Aborts the request.
 * @returns The report; rejects with an ApiError when the server refuses.
 */
export function fetchCheck(api: WorkupApi, signal?: AbortSignal): Promise<CheckReport> {
  return callJson<CheckReport>(api, '/api/check', undefined, 'Checking the EHR connection', signal);
}
