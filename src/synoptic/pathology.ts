// Finds the pathology reports a synoptic form can be filled from, their text, and the template their specimen calls for.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { hasPathologyCode, suggestTemplate } from '../../common/synoptic/pathology';
import { isOncoAgentOutput } from '../../common/writeback/ours';
import { attachmentText } from '../record/text';

export { suggestTemplate };

/**
 * Whether a DiagnosticReport is a pathology report written by someone other than OncoAgent.
 * @param report - The report.
 * @returns True for category PAT/SP (HL7 v2-0074) or a pathology LOINC code.
 */
export function isPathologyReport(report: DiagnosticReport): boolean {
  return !isOncoAgentOutput(report) && hasPathologyCode([...(report.category ?? []), report.code]);
}

/**
 * The text to extract from: the text attachments (HTML reduced to text), else the conclusion.
 * @param report - The report.
 * @returns The text, or '' when the report has none readable here.
 */
export function pathologyText(report: DiagnosticReport): string {
  const texts = (report.presentedForm ?? []).flatMap((a) => {
    const t = attachmentText(a);
    return t.kind === 'text' && t.text.trim() ? [t.text] : [];
  });
  return texts.length ? texts.join('\n\n') : (report.conclusion ?? '').trim();
}

/** Specimens that are sampled rather than resected: the resection templates do not apply to them. */
const SAMPLED =
  /\b(biops(y|ies)|fine[- ]needle aspiration|FNA|cytolog\w*|polypectomy|mucosal resection|core needle)\b/i;

/** The template preselected for a report, and why (shown beside the choice). */
export interface TemplateChoice {
  template?: string;
  why: string;
}

/**
 * What the report says about its specimen: the specimen's name on the report, the report's title and the lines of
 * the text that describe the specimen received.
 * @param report - The report.
 * @param text - Its text.
 * @returns The specimen wording ('' when none).
 */
export function specimenText(report: DiagnosticReport, text: string): string {
  const lines = text.split('\n').filter((l) => /^\s*(specimens?|received|procedure)\b/i.test(l));
  return [...(report.specimen ?? []).map((s) => s.display ?? ''), report.code?.text ?? '', ...lines]
    .filter(Boolean)
    .join('\n');
}

/**
 * Preselects a template by specimen type: a resection's template from the specimen wording; none for a biopsy or an
 * aspirate (a stain-pattern form such as CD99 still fits one); else the template the whole text suggests.
 * @param report - The pathology report.
 * @param text - Its text.
 * @returns The template (undefined: the pathologist chooses) and the reason in words.
 */
export function preselectTemplate(report: DiagnosticReport, text: string): TemplateChoice {
  const specimen = specimenText(report, text);
  const bySpecimen = suggestTemplate(specimen);
  if (bySpecimen) return { template: bySpecimen, why: 'Preselected from the specimen type.' };
  const byText = suggestTemplate(text);
  if (SAMPLED.test(specimen)) {
    return byText === 'cd99-pattern'
      ? { template: byText, why: 'Preselected from the stain the report names.' }
      : {
          why: 'The specimen is a biopsy or an aspirate: the resection templates do not apply to it, so none is preselected.',
        };
  }
  return byText
    ? { template: byText, why: 'Preselected from the report’s wording.' }
    : { why: 'Nothing in the report points to a template: choose one.' };
}
