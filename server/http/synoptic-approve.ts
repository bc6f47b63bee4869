// A pathologist's approval of a synoptic form: applies the edits to the extracted QuestionnaireResponse, re-runs the
// constraint checker on the edited answers (so the approved form lists what still conflicts) and extracts the
// Observations a registry expects (TNM for lung). The response stays in-progress: only signing makes it completed.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type {
  Extension,
  Observation,
  OperationOutcome,
  Patient,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Reference,
} from '@medplum/fhirtypes';
import type { Answers, AnswerValue, ItemAnswer, Violation } from '../../common/contracts';
import { checkConstraints } from '../synoptic/constraints';
import { templateMismatch } from '../synoptic/rules';
import { EXT, optionOf, type Template, type TemplateItem } from '../synoptic/template';
import { synopticObservations } from '../writeback/synoptic-observations';

/** An edit: the option code or display of a choice item, a number (cm) for a decimal item, null to clear. */
export type Edits = Record<string, string | number | null>;

export interface Approval {
  response: QuestionnaireResponse;
  observations: Observation[];
  violations: Violation[];
  /** Items whose answer the pathologist changed. */
  edited: string[];
}

const notApplicable = (text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: 'business-rule', details: { text } }],
});

const strings = (exts: Extension[] | undefined, url: string): string[] =>
  (exts ?? []).filter((e) => e.url === url && typeof e.valueString === 'string').map((e) => e.valueString!);

function answerOf(def: TemplateItem, item: QuestionnaireResponseItem | undefined): ItemAnswer {
  const a = item?.answer?.[0];
  const coding = a?.valueCoding;
  const value: AnswerValue | null =
    a?.valueDecimal ?? (coding ? (optionOf(def, coding.code ?? '')?.display ?? coding.display ?? null) : null);
  const method = item?.extension?.find((e) => e.url === EXT.method)?.valueCode;
  return {
    value,
    evidence: strings(item?.extension, EXT.evidence),
    explanation: strings(item?.extension, EXT.explanation)[0] ?? '',
    method: method === 'llm' ? 'llm' : 'rules',
  };
}

function parseEdit(def: TemplateItem, raw: string | number | null): AnswerValue | null {
  if (raw === null) return null;
  if (def.type === 'decimal') {
    if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0 || raw > 100) {
      throw new OperationOutcomeError(badRequest(`${def.text}: give a distance or size in cm from 0 to 100`));
    }
    return raw;
  }
  const option = typeof raw === 'string' ? optionOf(def, raw) : undefined;
  if (!option) throw new OperationOutcomeError(badRequest(`${def.text}: "${raw}" is not one of the answer options`));
  return option.display;
}

const show = (v: AnswerValue | null): string => (v === null ? 'no answer' : String(v));

function editedItem(
  def: TemplateItem,
  old: QuestionnaireResponseItem,
  from: ItemAnswer,
  to: AnswerValue | null
): QuestionnaireResponseItem {
  const option = typeof to === 'string' ? optionOf(def, to) : undefined;
  const answer =
    typeof to === 'number'
      ? [{ valueDecimal: to }]
      : option
        ? [{ valueCoding: { system: option.system, code: option.code, display: option.display } }]
        : undefined;
  const extension: Extension[] = [
    // The quotes stay: they are still what the report says, and the checker compares the new value with them.
    ...from.evidence.map((q) => ({ url: EXT.evidence, valueString: q })),
    { url: EXT.explanation, valueString: `Changed by the pathologist from ${show(from.value)} to ${show(to)}.` },
    { url: EXT.method, valueCode: 'pathologist' },
  ];
  const { answer: _a, extension: _e, ...rest } = old;
  return { ...rest, extension, ...(answer ? { answer } : {}) };
}

const violationExt = (v: Violation): Extension => ({
  url: EXT.violation,
  extension: [
    { url: 'rule', valueString: v.rule },
    ...v.items.map((i) => ({ url: 'item', valueString: i })),
    { url: 'message', valueString: v.message },
  ],
});

/**
 * Applies a pathologist's edits and re-checks the form.
 * @param template - The template the response fills.
 * @param text - The report text the answers were taken from (the evidence rules check quotes against it).
 * @param response - The extracted QuestionnaireResponse.
 * @param edits - New answers by linkId.
 * @param subject - The patient, when the response names none.
 * @returns The approved response (still in-progress), its Observations, the remaining violations and the edited items;
 *   throws a 422 OperationOutcomeError when the template does not apply to the report (a resection form on a biopsy).
 */
export function approveForm(
  template: Template,
  text: string,
  response: QuestionnaireResponse,
  edits: Edits,
  subject?: Reference<Patient>
): Approval {
  if ((response.questionnaire ?? '').split('|')[0] !== template.url) {
    throw new OperationOutcomeError(badRequest(`The response does not answer ${template.url}`));
  }
  const mismatch = templateMismatch(template, text);
  if (mismatch) {
    // A form that does not apply would save a complete-looking synoptic report of a specimen it does not describe.
    throw new OperationOutcomeError(notApplicable(`This form cannot be approved: ${mismatch}`));
  }
  const byId = new Map((response.item ?? []).map((i) => [i.linkId, i]));
  const answers: Answers = {};
  const edited: string[] = [];
  const items = template.items.map((def) => {
    const old = byId.get(def.linkId) ?? { linkId: def.linkId, text: def.text };
    const from = answerOf(def, old);
    const hasEdit = Object.hasOwn(edits, def.linkId);
    const to = hasEdit ? parseEdit(def, edits[def.linkId] ?? null) : from.value;
    answers[def.linkId] = { ...from, value: to };
    if (!hasEdit || to === from.value) return old;
    edited.push(def.linkId);
    return editedItem(def, old, from, to);
  });
  for (const linkId of Object.keys(edits)) {
    if (!template.items.some((d) => d.linkId === linkId)) {
      throw new OperationOutcomeError(badRequest(`The template ${template.id} has no item "${linkId}"`));
    }
  }
  const violations = checkConstraints(template, answers, text);
  const kept = (response.extension ?? []).filter(
    (e) =>
      e.url !== EXT.violation &&
      !(e.url === EXT.uncertain && e.extension?.some((x) => x.url === 'item' && edited.includes(x.valueString ?? '')))
  );
  const approved: QuestionnaireResponse = {
    ...response,
    ...(response.subject || !subject ? {} : { subject }),
    extension: [...kept, ...violations.map(violationExt)],
    status: 'in-progress',
    item: items,
  };
  const { observations } = approved.id
    ? synopticObservations(template.questionnaire, approved, { subject })
    : { observations: [] };
  return { response: approved, observations, violations, edited };
}
