// POST /api/imaging/remeasure: the viewer's "Re-measure". Runs segment_lesion again, with the box the clinician
// adjusted, on one slice of a study of the caller's own patient, read from the EHR with the caller's token.
import type { ImagingStudy } from '@medplum/fhirtypes';
import { Hono } from 'hono';
import { instanceImage, RemeasureRequest, type RemeasureResponse } from '../../common/contracts/remeasure';
import { badRequest, forbidden, invalidInput, unavailable } from '../agent/outcome';
import { createFhirClient, withRetries } from '../fhir/fhir-client';
import type { ToolConfig } from '../tools/config';
import { segmentLesionTool } from '../tools/segment_lesion';
import { type ApiEnv, callerOf } from './auth/middleware';
import { parseBody } from './parse';
import { sendOutcome } from './problem';

export interface ImagingRoutesOptions {
  /** The tools' configuration (models folder, allowed PACS origins, time limit). */
  tools: ToolConfig;
}

const isImagingStudy = (r: unknown): r is ImagingStudy =>
  (r as { resourceType?: unknown } | null)?.resourceType === 'ImagingStudy';

/** Whether a study's subject is the patient (a reference written with or without a base URL). */
export function isSubject(study: ImagingStudy, patientId: string): boolean {
  const reference = study.subject?.reference ?? '';
  return reference === `Patient/${patientId}` || reference.endsWith(`/Patient/${patientId}`);
}

/**
 * The imaging routes. Expects the API guard to have set the caller.
 * @param options - The tools' configuration.
 * @returns A Hono app to mount at /api/imaging.
 */
export function imagingRoutes(options: ImagingRoutesOptions): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post('/remeasure', async (c) => {
    const caller = callerOf(c);
    const request = await parseBody(c, RemeasureRequest);
    const fhir = createFhirClient({ baseUrl: caller.fhirBase, token: caller.token });
    const study: unknown = await withRetries(fhir, (signal) =>
      fhir.client.read({ resourceType: 'ImagingStudy', id: request.study, options: { signal } })
    );
    // patient/ scopes alone do not confine reads on every EHR (Medplum without an AccessPolicy): check the subject.
    if (!isImagingStudy(study) || !isSubject(study, caller.patientId)) {
      return sendOutcome(c, forbidden("The image is not part of this session's patient record"));
    }
    const result = await segmentLesionTool.execute(
      { image: instanceImage(request), box: request.box, engine: 'classical', overlay: 'region' },
      { config: options.tools, fhir }
    );
    if (result.status === 'ok' && result.output) {
      const body: RemeasureResponse = { output: { ...result.output }, warnings: result.warnings ?? [] };
      return c.json(body);
    }
    const message = result.message ?? 'segment_lesion gave no reason';
    if (result.status === 'unavailable') return sendOutcome(c, unavailable(message));
    // The box is checked against the slice only once the slice is read: the tool names a bad box first.
    if (/^box /.test(message)) return sendOutcome(c, invalidInput([{ text: message, expression: 'box' }]));
    return sendOutcome(c, badRequest(`The lesion could not be measured: ${message}`));
  });
  return app;
}
