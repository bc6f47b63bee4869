// SDC $populate for the synoptic forms: the report's text through the synoptic extractor (offline rules) into an
// in-progress QuestionnaireResponse about the patient and citing the report, plus the issues a reviewer should see.
import type { OperationOutcomeIssue, Parameters, QuestionnaireResponse } from '@medplum/fhirtypes';
import { extractSynoptic } from '../synoptic/extract';
import type { ReportInput } from '../synoptic/input';
import { toQuestionnaireResponse } from '../synoptic/response';
import { templateMismatch } from '../synoptic/rules';
import type { Template } from '../synoptic/template';

export interface Populated {
  response: QuestionnaireResponse;
  issues: OperationOutcomeIssue[];
}

/**
 * Pre-fills a synoptic form from a report.
 * @param template - The form.
 * @param report - The report's text, key, reference and subject (see readReport).
 * @param signal - The request's cancellation.
 * @returns The in-progress response (answers with their evidence, the source report referenced) and the issues: a
 *   warning when the form does not apply to this specimen, information for what the extractor could not read.
 */
export async function populateForm(template: Template, report: ReportInput, signal?: AbortSignal): Promise<Populated> {
  // No model: pre-population runs the deterministic rules, offline; the reflective loop stays an explicit request.
  const result = await extractSynoptic(template, report, { signal });
  const response = toQuestionnaireResponse(template, result);
  const issues: OperationOutcomeIssue[] = [];
  const mismatch = templateMismatch(template, report.text);
  if (mismatch) {
    issues.push({
      severity: 'warning',
      code: 'business-rule',
      details: { text: `This form may not apply: ${mismatch}` },
    });
  }
  for (const text of result.issues) issues.push({ severity: 'information', code: 'informational', details: { text } });
  return { response, issues };
}

/**
 * The $populate answer as SDC defines it.
 * @param populated - The response and issues.
 * @returns Parameters with `response`, and `issues` when there are any.
 */
export function populateParameters(populated: Populated): Parameters {
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'response', resource: populated.response },
      ...(populated.issues.length
        ? [{ name: 'issues', resource: { resourceType: 'OperationOutcome' as const, issue: populated.issues } }]
        : []),
    ],
  };
}
