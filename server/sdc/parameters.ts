// The inputs of $extract and $populate as data (zod): a Parameters resource as SDC defines it (or, for $extract, the
// QuestionnaireResponse itself), read into what the operations need, with one 400 issue per problem.
import { OperationOutcomeError } from '@medplum/core';
import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { z } from 'zod';
import { fhirResource } from '../../common/contracts/fhir';
import { invalidInput } from '../agent/outcome';

const ID = '[A-Za-z0-9\\-.]{1,64}';
/** The report types a form can be pre-filled from. */
export const REPORT_REFERENCE = new RegExp(`^(DiagnosticReport|DocumentReference)/${ID}$`);
const PATIENT_REFERENCE = new RegExp(`^Patient/${ID}$`);
/** The launch context name of the report (SDC launchContext code `clinical`: the clinical resource in view). */
export const REPORT_CONTEXT = 'clinical';

const Reference = z.object({ reference: z.string().max(200) }).loose();
/** A parameter part: SDC's parameters nest one level (context → name, content); deeper parts are not read. */
const Part = z
  .object({
    name: z.string().max(100),
    valueString: z.string().max(200).optional(),
    valueReference: Reference.optional(),
    resource: z.unknown().optional(),
  })
  .loose();
const Parameter = Part.extend({ part: z.array(Part).max(20).optional() });
type Part = z.infer<typeof Part>;
const Parameters = z.object({ resourceType: z.literal('Parameters'), parameter: z.array(Parameter).max(20) });

/** $extract: the QuestionnaireResponse, sent alone or as the `questionnaire-response` parameter. */
export const ExtractInput = z.union([
  fhirResource<QuestionnaireResponse>('QuestionnaireResponse'),
  Parameters.extend({
    parameter: z
      .array(Parameter.extend({ name: z.literal('questionnaire-response') }))
      .length(1, 'give one questionnaire-response parameter'),
  }),
]);

/** $populate: `subject` (the Patient) and one `context` naming the report (`name` clinical, `content` a reference). */
export const PopulateInput = Parameters;

const invalid = (text: string, expression: string) => new OperationOutcomeError(invalidInput([{ text, expression }]));

/**
 * The QuestionnaireResponse of an $extract request.
 * @param input - The parsed body.
 * @returns The response; throws a 400 OperationOutcomeError when the parameter holds no QuestionnaireResponse.
 */
export function responseOf(input: z.infer<typeof ExtractInput>): QuestionnaireResponse {
  if (input.resourceType === 'QuestionnaireResponse') return input;
  const resource = input.parameter[0]?.resource as { resourceType?: string } | undefined;
  if (resource?.resourceType !== 'QuestionnaireResponse') {
    throw invalid('questionnaire-response must hold a QuestionnaireResponse resource', 'parameter[0].resource');
  }
  return resource as QuestionnaireResponse;
}

/** Deepest item nesting a form may have (ours have 2): deeper bodies are refused before any recursive walk. */
export const MAX_ITEM_DEPTH = 32;

/**
 * Refuses a QuestionnaireResponse whose items nest deeper than {@link MAX_ITEM_DEPTH} (checked without recursion).
 * @param response - The response as sent.
 * @returns The response; throws a 400 OperationOutcomeError when it nests too deep.
 */
export function shallow(response: QuestionnaireResponse): QuestionnaireResponse {
  let level: unknown[] = [response];
  for (let depth = 0; level.length; depth++) {
    if (depth > MAX_ITEM_DEPTH) throw invalid(`items nest deeper than ${MAX_ITEM_DEPTH} levels`, 'item');
    level = level.flatMap((node) => {
      const { item, answer } = (node ?? {}) as { item?: unknown; answer?: unknown };
      const answers = Array.isArray(answer) ? answer : [];
      return [...(Array.isArray(item) ? item : []), ...answers.flatMap((a) => (a as { item?: unknown })?.item ?? [])];
    });
  }
  return response;
}

const named = <T extends Part>(list: T[] | undefined, name: string): T[] => (list ?? []).filter((p) => p.name === name);

/**
 * The subject and the report reference of a $populate request.
 * @param input - The parsed Parameters.
 * @returns `Patient/<id>` and `DiagnosticReport/<id>` or `DocumentReference/<id>`; throws a 400 OperationOutcomeError
 *   naming the parameter that is missing or malformed.
 */
export function populateRequest(input: z.infer<typeof PopulateInput>): { subject: string; report: string } {
  const subject = named(input.parameter, 'subject')[0]?.valueReference?.reference;
  if (!subject || !PATIENT_REFERENCE.test(subject)) {
    throw invalid('subject must be a valueReference to Patient/<id>', "parameter.where(name='subject')");
  }
  const contexts = named(input.parameter, 'context');
  const report = contexts.find((c) => named(c.part, 'name')[0]?.valueString === REPORT_CONTEXT);
  const where = `parameter.where(name='context')`;
  if (!report) throw invalid(`give a context whose name is "${REPORT_CONTEXT}" (the pathology report)`, where);
  const content = named(report.part, 'content');
  const reference = content[0]?.valueReference?.reference;
  if (content.length !== 1 || !reference || !REPORT_REFERENCE.test(reference)) {
    throw invalid(
      'the context content must be one valueReference to DiagnosticReport/<id> or DocumentReference/<id>',
      `${where}.part.where(name='content')`
    );
  }
  return { subject, report: reference };
}
