// SDC operations on the synoptic forms (mounted at /api/fhir, FHIR-style paths): QuestionnaireResponse/$extract turns a
// form of the caller's patient into a transaction Bundle of Observations; Questionnaire/:id/$populate pre-fills a form
// from a pathology report in the caller's record, read with the caller's token.
import { OperationOutcomeError, validateResource } from '@medplum/core';
import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { Hono } from 'hono';
import { badRequest, forbidden, invalidInput, notFound } from '../agent/outcome';
import { ensureDefinitions } from '../fhir/definitions';
import { createFhirClient } from '../fhir/fhir-client';
import {
  ExtractInput,
  extractResources,
  PopulateInput,
  populateForm,
  populateParameters,
  populateRequest,
  readReport,
  responseOf,
  shallow,
  toTransaction,
} from '../sdc';
import { loadTemplate, TEMPLATE_IDS, type Template } from '../synoptic/template';
import { type ApiEnv, callerOf } from './auth/middleware';
import { parseBody } from './parse';

/** Largest SDC request: a QuestionnaireResponse with its evidence quotes (as the synoptic routes allow). */
export const MAX_SDC_BYTES = 1024 * 1024;
const FHIR_JSON = { 'content-type': 'application/fhir+json' };

/** The synoptic template a response answers, by the Questionnaire canonical (the version after `|` is ignored). */
function templateAnswered(response: QuestionnaireResponse): Template {
  const url = (response.questionnaire ?? '').split('|')[0];
  const id = TEMPLATE_IDS.find((t) => loadTemplate(t).url === url);
  if (!id) {
    throw new OperationOutcomeError(
      badRequest(`QuestionnaireResponse.questionnaire must name one of this server's forms: ${TEMPLATE_IDS.join(', ')}`)
    );
  }
  return loadTemplate(id);
}

/** Refuses a form that names no subject or another patient than the caller's. */
function ownResponse(response: QuestionnaireResponse, patientId: string): void {
  const subject = response.subject?.reference;
  if (!subject) throw new OperationOutcomeError(badRequest('The QuestionnaireResponse needs a subject (Patient/<id>)'));
  if (subject !== `Patient/${patientId}` && !subject.endsWith(`/Patient/${patientId}`)) {
    throw new OperationOutcomeError(forbidden('The QuestionnaireResponse is about another patient than this session'));
  }
  if (!response.id) {
    throw new OperationOutcomeError(
      badRequest('The QuestionnaireResponse needs an id: the Observations derive from it')
    );
  }
}

/** Refuses a response that is not valid R4 (SDC: extracting from an invalid response gives wrong output). */
function wellFormed(response: QuestionnaireResponse): void {
  ensureDefinitions();
  const errors = validateResource(response).filter((i) => i.severity === 'error' || i.severity === 'fatal');
  if (errors.length) {
    throw new OperationOutcomeError(
      invalidInput(
        errors.map((i) => ({
          text: i.details?.text ?? 'invalid',
          expression: i.expression?.[0] ?? 'QuestionnaireResponse',
        }))
      )
    );
  }
}

/**
 * The SDC sub-app. Expects the API guard to have set the caller.
 * @returns The Hono app; failures are thrown as OperationOutcomeErrors (400 bad input, 403 another patient, 404 unknown
 *   form or report, 422 a report without text) for the app's one error handler.
 */
export function sdcRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post('/QuestionnaireResponse/$extract', async (c) => {
    const caller = callerOf(c);
    const response = shallow(responseOf(await parseBody(c, ExtractInput)));
    ownResponse(response, caller.patientId);
    const template = templateAnswered(response);
    wellFormed(response);
    return c.json(toTransaction(extractResources(template.questionnaire, response)), 200, FHIR_JSON);
  });
  app.post('/Questionnaire/:id/$populate', async (c) => {
    const caller = callerOf(c);
    const id = c.req.param('id');
    if (!(TEMPLATE_IDS as readonly string[]).includes(id)) {
      throw new OperationOutcomeError(notFound(`No Questionnaire "${id.slice(0, 64)}" on this server`));
    }
    const request = populateRequest(await parseBody(c, PopulateInput));
    if (request.subject !== `Patient/${caller.patientId}`) {
      throw new OperationOutcomeError(forbidden('The subject is another patient than this session'));
    }
    const fhir = createFhirClient({ baseUrl: caller.fhirBase, token: caller.token });
    const signal = c.req.raw.signal;
    const report = await readReport(fhir, request.report, caller.patientId, signal);
    const populated = await populateForm(loadTemplate(id), report, signal);
    return c.json(populateParameters(populated), 200, FHIR_JSON);
  });
  return app;
}
