// Finds the pathology reports a synoptic form can be filled from, their text, and the template their wording suggests.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { hasPathologyCode } from '../../common/synoptic/pathology';
import { isOncoAgentOutput } from '../../common/writeback/ours';
import { attachmentText } from '../record/text';

export { suggestTemplate } from '../../common/synoptic/pathology';

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
