// HTTP API of the synoptic forms (mounted at /api/synoptic): the templates, extraction of one report into a pre-filled
// form (rules offline, the reflective loop when ONCOAGENT_LLM names a model) and the pathologist's approval. A form
// names only the caller's own patient as its subject.
import { normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome, Patient, QuestionnaireResponse, Reference } from '@medplum/fhirtypes';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ModelUnavailableError } from '../llm/errors';
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
import { type ApiEnv, callerOf } from './auth/middleware';
import { fail, parseBody } from './parse';
import { HttpProblem, sendProblem } from './problem';
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
  response: z.looseObject({ resourceType: z.literal('QuestionnaireResponse') }),
  edits: z
    .record(z.string().min(1).max(100), z.union([z.string().max(200), z.number(), z.null()]))
    .default({})
    .describe('New answers by linkId: option code or display, a number in cm, or null to clear'),
  subject: Subject,
});

export interface SynopticRoutesOptions {
  /** The model for the reflective loop; default: from the environment (none when ONCOAGENT_LLM is unset or none). */
  model?: () => Model | undefined;
}

const unavailable = (text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'transient', details: { text } }],
});

/** Refuses a form about another patient than the caller's (and a request that reached here without a caller). */
function ownSubject(c: Context<ApiEnv>, subject: string | undefined): void {
  const caller = callerOf(c);
  if (subject !== undefined && subject !== `Patient/${caller.patientId}`) {
    throw new HttpProblem(403, 'forbidden', 'The report is about another patient than this session');
  }
}

/**
 * The synoptic sub-app.
 * @param options - Where the model comes from (tests pass a scripted one).
 * @returns The Hono app; errors are OperationOutcomes (400 bad input, 503 model unavailable).
 */
export function synopticRoutes(options: SynopticRoutesOptions = {}): Hono<ApiEnv> {
  const model = options.model ?? (() => synopticModel(process.env));
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
    const result = await extractSynoptic(template, report, { model: model(), signal: c.req.raw.signal });
    return c.json({ view: resultView(template, result), response: toQuestionnaireResponse(template, result) });
  });
  app.post('/approve', async (c) => {
    const input = await parseBody(c, ApproveRequest);
    ownSubject(c, input.subject);
    const subject = input.subject ? ({ reference: input.subject } as Reference<Patient>) : undefined;
    const approval = approveForm(
      loadTemplate(input.template),
      input.text,
      input.response as unknown as QuestionnaireResponse,
      input.edits,
      subject
    );
    return c.json(approval);
  });
  app.onError((err, c) => {
    if (err instanceof HttpProblem) return sendProblem(c, err);
    if (err instanceof OperationOutcomeError) return fail(c, err.outcome);
    if (err instanceof ModelUnavailableError) {
      return c.json(unavailable(`The language model for synoptic extraction is unavailable: ${err.message}`), 503);
    }
    process.stderr.write(`synoptic: ${err.message}\n`);
    return fail(c, normalizeOperationOutcome(new Error('Internal server error')));
  });
  return app;
}
