// HTTP API of the synoptic forms (mounted at /api/synoptic): the templates, extraction of one report into a pre-filled
// form (rules offline, the reflective loop when ONCOAGENT_LLM names a model) and the pathologist's approval. A form
// names only the caller's own patient as its subject.
import { OperationOutcomeError } from '@medplum/core';
import type { Patient, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { fhirResource } from '../../common/contracts/fhir';
import { forbidden, unavailable } from '../agent/outcome';
import { ModelUnavailableError } from '../llm/errors';
import type { LlmConfig } from '../llm/select';
import type { Model } from '../llm/types';
import {
  extractSynoptic,
  loadTemplate,
  type ReportInput,
  resultView,
  synopticModel,
  TEMPLATE_IDS,
  templateView,
  textKey,
  toQuestionnaireResponse,
} from '../synoptic';
import { templateMismatch } from '../synoptic/rules';
import { type ApiEnv, callerOf } from './auth/middleware';
import { parseBody } from './parse';
import { approveForm } from './synoptic-approve';

const MAX_TEXT = 200_000;
/** Largest synoptic request: a report of MAX_TEXT characters (up to 4 bytes each in UTF-8 at worst, 1 in practice) and its form. */
export const MAX_SYNOPTIC_BYTES = 1024 * 1024;

const TemplateId = z.enum(TEMPLATE_IDS).describe('The synoptic template (Questionnaire id)');
const ReportText = z.string().max(MAX_TEXT, `at most ${MAX_TEXT} characters`).describe('The report text');
const ReportRef = z
  .string()
  .regex(/^DiagnosticReport\/[A-Za-z0-9\-.]{1,64}$/, 'DiagnosticReport/<id>')
  .optional()
  .describe('The source report: its id keys the response and it is referenced as the source');
const Subject = z
  .string()
  .regex(/^Patient\/[A-Za-z0-9\-.]{1,64}$/, 'Patient/<id>')
  .optional()
  .describe('The patient the report is about');

export const ExtractRequest = z.object({ template: TemplateId, text: ReportText, report: ReportRef, subject: Subject });

export const ApproveRequest = z.object({
  template: TemplateId,
  text: ReportText,
  response: fhirResource<QuestionnaireResponse>('QuestionnaireResponse'),
  edits: z
    .record(z.string().min(1).max(100), z.union([z.string().max(200), z.number(), z.null()]))
    .default({})
    .describe('New answers by linkId: option code or display, a number in cm, or null to clear'),
  subject: Subject,
});

export interface SynopticRoutesOptions {
  /** The model for the reflective loop; default: the one `llm` configures. */
  model?: () => Model | undefined;
  /** The model configuration (`loadConfig().llm`); without it and `model`, extraction uses the rules only. */
  llm?: LlmConfig;
}

/** A model that cannot be reached makes the request a 503 (the service is down), not a failure of the request. */
function modelUnavailable(err: unknown): never {
  if (err instanceof ModelUnavailableError) {
    throw new OperationOutcomeError(
      unavailable(`The language model for synoptic extraction is unavailable: ${err.message}`)
    );
  }
  throw err;
}

/** Refuses a form about another patient than the caller's (and a request that reached here without a caller). */
function ownSubject(c: Context<ApiEnv>, subject: string | undefined): void {
  const caller = callerOf(c);
  if (subject !== undefined && subject !== `Patient/${caller.patientId}`) {
    throw new OperationOutcomeError(forbidden('The report is about another patient than this session'));
  }
}

/**
 * The synoptic sub-app.
 * @param options - Where the model comes from (the app passes the configuration, tests a scripted model).
 * @returns The Hono app; failures are thrown as OperationOutcomeErrors (400 bad input, 403 another patient, 503 model
 * unavailable) for the app's one error handler.
 */
export function synopticRoutes(options: SynopticRoutesOptions = {}): Hono<ApiEnv> {
  const { llm } = options;
  const model = options.model ?? (() => (llm ? synopticModel(llm) : undefined));
  const app = new Hono<ApiEnv>();
  app.get('/templates', (c) => c.json({ templates: TEMPLATE_IDS.map((id) => templateView(loadTemplate(id))) }));
  app.post('/extract', async (c) => {
    const input = await parseBody(c, ExtractRequest);
    ownSubject(c, input.subject);
    const template = loadTemplate(input.template);
    const report: ReportInput = {
      text: input.text,
      key: input.report?.split('/')[1] ?? textKey(input.text),
      ...(input.report ? { ref: input.report } : {}),
      ...(input.subject ? { subject: input.subject } : {}),
    };
    try {
      const result = await extractSynoptic(template, report, { model: model(), signal: c.req.raw.signal });
      const mismatch = templateMismatch(template, input.text);
      const view = { ...resultView(template, result), ...(mismatch ? { notApplicable: mismatch } : {}) };
      return c.json({ view, response: toQuestionnaireResponse(template, result) });
    } catch (err) {
      return modelUnavailable(err);
    }
  });
  app.post('/approve', async (c) => {
    const input = await parseBody(c, ApproveRequest);
    ownSubject(c, input.subject);
    const subject = input.subject ? ({ reference: input.subject } as Reference<Patient>) : undefined;
    const approval = approveForm(loadTemplate(input.template), input.text, input.response, input.edits, subject);
    return c.json(approval);
  });
  return app;
}
