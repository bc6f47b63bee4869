// The app's client for /api/synoptic: the templates, extraction of one report, and the pathologist's approval.
import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import type { SynopticApproval, SynopticView } from '../../common/contracts';
import type { WorkupApi } from '../workup/api';
import { callJson } from '../writeback/api';

/** A template as `GET /api/synoptic/templates` describes it. */
export interface TemplateInfo {
  id: string;
  url: string;
  version: string;
  title: string;
  items: {
    linkId: string;
    text: string;
    type: 'choice' | 'decimal';
    required: boolean;
    unit?: string;
    options?: { system: string; code: string; display: string }[];
    help: string;
  }[];
}

/** The pre-filled form: per item the answer, evidence and flags, plus violations, uncertain items and issues. */
export type ExtractionView = SynopticView;

export interface Extraction {
  view: ExtractionView;
  response: QuestionnaireResponse;
}

export type Approval = SynopticApproval;

let templates: Promise<TemplateInfo[]> | undefined;

/**
 * The templates, fetched once per page (a failed fetch is retried next time).
 * @param api - Base URL and fetch.
 * @returns The templates.
 */
export function fetchTemplates(api: WorkupApi): Promise<TemplateInfo[]> {
  templates ??= callJson<{ templates: TemplateInfo[] }>(api, '/api/synoptic/templates', undefined, 'Loading the forms')
    .then((body) => body.templates)
    .catch((error: unknown) => {
      templates = undefined;
      throw error;
    });
  return templates;
}

/**
 * Extracts a report into a pre-filled form.
 * @param api - Base URL and fetch.
 * @param body - Template id, report text, and the report and patient references.
 * @param signal - Aborts the request.
 * @returns The view and the (in-progress) QuestionnaireResponse.
 */
export function extractForm(
  api: WorkupApi,
  body: { template: string; text: string; report?: string; subject?: string },
  signal?: AbortSignal
): Promise<Extraction> {
  return callJson<Extraction>(api, '/api/synoptic/extract', body, 'Filling in the form', signal);
}

/**
 * Approves a form with the pathologist's edits: the server re-checks the constraints and extracts the Observations.
 * @param api - Base URL and fetch.
 * @param body - Template, report text, the extracted response, the edits and the patient.
 * @returns The approved response (still preliminary until signed), its Observations and remaining violations.
 */
export function approveForm(
  api: WorkupApi,
  body: {
    template: string;
    text: string;
    response: QuestionnaireResponse;
    edits: Record<string, string | number | null>;
    subject?: string;
  }
): Promise<Approval> {
  return callJson<Approval>(api, '/api/synoptic/approve', body, 'Approving the form');
}
