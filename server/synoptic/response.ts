// The synoptic result as a FHIR QuestionnaireResponse (in-progress until approved): answers with evidence quotes and
// explanations, plus the violations, uncertain items, input issues and reasoning summary a reviewer needs.
import type { Extension, QuestionnaireResponse, QuestionnaireResponseItem } from '@medplum/fhirtypes';
import type { AnswerValue, SynopticResult } from '../../common/contracts';
import { CANONICAL_BASE } from '../fhir/canonical';
import { textKey } from './input';
import { EXT, optionOf, type Template } from './template';

export const AIAST = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
  code: 'AIAST',
  display: 'Artificial Intelligence asserted',
};
export const REPORT_KEY_SYSTEM = `${CANONICAL_BASE}/synoptic-report-key`;

/**
 * The QuestionnaireResponse id for a report: readable when the key is short and safe, hashed otherwise.
 * @param templateId - The template.
 * @param reportKey - The report key.
 * @returns A valid FHIR id (≤ 64 characters of [A-Za-z0-9.-]).
 */
export function responseId(templateId: string, reportKey: string): string {
  const safe = reportKey.replace(/[^A-Za-z0-9.-]/g, '-');
  const id = `${templateId}-${safe}`;
  return id.length <= 64 && safe === reportKey ? id : `${templateId.slice(0, 30)}-${textKey(reportKey)}`;
}

const str = (url: string, valueString: string): Extension => ({ url, valueString });
const show = (v: AnswerValue | null): string => (v === null ? '(no answer)' : String(v));

function item(template: Template, linkId: string, result: SynopticResult): QuestionnaireResponseItem {
  const def = template.items.find((i) => i.linkId === linkId)!;
  const a = result.answers[linkId];
  const extension: Extension[] = [
    ...(a?.evidence ?? []).map((q) => str(EXT.evidence, q)),
    ...(a?.explanation ? [str(EXT.explanation, a.explanation)] : []),
    ...(a ? [{ url: EXT.method, valueCode: a.method }] : []),
  ];
  const base: QuestionnaireResponseItem = { linkId, text: def.text, ...(extension.length ? { extension } : {}) };
  if (a?.value === null || a?.value === undefined) return base;
  if (def.type === 'decimal' && typeof a.value === 'number') return { ...base, answer: [{ valueDecimal: a.value }] };
  const option = typeof a.value === 'string' ? optionOf(def, a.value) : undefined;
  if (!option) return base;
  return { ...base, answer: [{ valueCoding: { system: option.system, code: option.code, display: option.display } }] };
}

function resultExtensions(result: SynopticResult): Extension[] {
  const out: Extension[] = [];
  if (result.reportRef) out.push({ url: EXT.sourceReport, valueReference: { reference: result.reportRef } });
  for (const issue of result.issues) out.push(str(EXT.issue, issue));
  for (const v of result.violations) {
    out.push({
      url: EXT.violation,
      extension: [str('rule', v.rule), ...v.items.map((i) => str('item', i)), str('message', v.message)],
    });
  }
  for (const u of result.uncertain) {
    out.push({
      url: EXT.uncertain,
      extension: [str('item', u.linkId), ...u.values.map((v) => str('value', show(v))), str('reason', u.reason)],
    });
  }
  out.push({
    url: EXT.reasoning,
    extension: [
      { url: 'mode', valueCode: result.mode },
      ...(result.strategy ? [{ url: 'strategy', valueCode: result.strategy }] : []),
      ...(result.model ? [str('model', result.model)] : []),
      { url: 'stop', valueCode: result.stop },
      { url: 'rounds', valueInteger: result.rounds.length },
      { url: 'llmCalls', valueInteger: result.usage.llmCalls },
      { url: 'promptTokens', valueInteger: result.usage.promptTokens },
      { url: 'completionTokens', valueInteger: result.usage.completionTokens },
    ],
  });
  return out;
}

/**
 * Builds the QuestionnaireResponse of a result.
 * @param template - The template the result fills.
 * @param result - The synoptic result.
 * @param opts - `authored` time (default now).
 * @returns An in-progress (unapproved) QuestionnaireResponse; answered items carry evidence, the response lists what remains open.
 */
export function toQuestionnaireResponse(
  template: Template,
  result: SynopticResult,
  opts: { authored?: string } = {}
): QuestionnaireResponse {
  const llm = Object.values(result.answers).some((a) => a.method === 'llm' && a.value !== null);
  return {
    resourceType: 'QuestionnaireResponse',
    id: responseId(template.id, result.reportKey),
    ...(llm ? { meta: { security: [AIAST] } } : {}),
    extension: resultExtensions(result),
    identifier: { system: REPORT_KEY_SYSTEM, value: `${template.id}/${result.reportKey}` },
    questionnaire: `${template.url}|${template.version}`,
    // R4 has no 'preliminary' QuestionnaireResponse status: 'in-progress' until a pathologist approves ('completed').
    status: 'in-progress',
    ...(result.subject ? { subject: { reference: result.subject } } : {}),
    authored: opts.authored ?? new Date().toISOString(),
    author: {
      display: llm
        ? `OncoAgent synoptic extraction (${result.model ?? 'LLM'}, ${result.strategy ?? ''} reflection)`
        : 'OncoAgent synoptic extraction (rules)',
    },
    item: template.items.map((i) => item(template, i.linkId, result)),
  };
}
