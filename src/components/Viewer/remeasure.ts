// The viewer's "Re-measure": asks the server to run segment_lesion again with the adjusted box, then turns the answer
// into the workup's call for that lesion, marked as adjusted by the clinician (what the write-back plan then signs).
import type { WorkupToolCall } from '../../../common/contracts';
import {
  adjustmentOf,
  type ClinicianAdjustment,
  instanceImage,
  type RemeasureRequest,
  RemeasureResponse,
} from '../../../common/contracts/remeasure';
import type { WorkupApi } from '../../workup/api';
import { callJson } from '../../writeback/api';

/**
 * Measures the lesion again with the adjusted box.
 * @param api - The OncoAgent API with the session's credentials.
 * @param request - Study, series, instance and the new box.
 * @param signal - Aborts the request.
 * @returns The new output and warnings; rejects with an ApiError carrying the server's reason.
 */
export async function requestRemeasure(
  api: WorkupApi,
  request: RemeasureRequest,
  signal?: AbortSignal
): Promise<RemeasureResponse> {
  const answer = await callJson<unknown>(api, '/api/imaging/remeasure', request, 'Re-measuring the lesion', signal);
  return RemeasureResponse.parse(answer);
}

/**
 * The call as re-measured: new box and output, the automated measurement kept as the adjustment's original.
 * @param call - The workup's segment_lesion call (possibly adjusted before).
 * @param request - What was measured.
 * @param answer - The server's answer.
 * @returns The replacement call.
 */
export function adjustedCall(
  call: WorkupToolCall,
  request: RemeasureRequest,
  answer: RemeasureResponse
): WorkupToolCall {
  const before = (call.output ?? {}) as { box?: number[]; longestDiameterMm?: number; shortAxisMm?: number };
  // Adjusting twice keeps the first, automated measurement as the original.
  const original: ClinicianAdjustment['original'] = adjustmentOf(before)?.original ?? {
    box: (before.box ?? request.box) as ClinicianAdjustment['original']['box'],
    ...(before.longestDiameterMm !== undefined ? { longestDiameterMm: before.longestDiameterMm } : {}),
    ...(before.shortAxisMm !== undefined ? { shortAxisMm: before.shortAxisMm } : {}),
  };
  const adjustment: ClinicianAdjustment = { by: 'clinician', original };
  return {
    ...call,
    args: { ...((call.args as object | null) ?? {}), image: instanceImage(request), box: request.box },
    output: { ...answer.output, adjustment },
    ...(answer.warnings.length ? { warnings: answer.warnings } : { warnings: undefined }),
  };
}
