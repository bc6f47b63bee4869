// Finds the pathology reports a synoptic form can be filled from, their text, and the template their wording suggests.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { attachmentText } from '../record/text';
import { isOncoAgentOutput } from '../writeback/outputs';

const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074';
/** LOINC codes of pathology reports (study, surgical pathology, synoptic, gross and diagnosis sections). */
const PATHOLOGY_LOINC = new Set(['11526-1', '11529-5', '60567-5', '60568-3', '22634-0', '22637-3', '33746-9']);

/**
 * Whether a DiagnosticReport is a pathology report written by someone other than OncoAgent.
 * @param report - The report.
 * @returns True for category PAT/SP (HL7 v2-0074) or a pathology LOINC code.
 */
export function isPathologyReport(report: DiagnosticReport): boolean {
  if (isOncoAgentOutput(report)) return false;
  const category = (report.category ?? []).some((c) =>
    c.coding?.some((k) => (k.system === V2_0074 || !k.system) && (k.code === 'PAT' || k.code === 'SP'))
  );
  const loinc = report.code?.coding?.some((k) => k.system === 'http://loinc.org' && PATHOLOGY_LOINC.has(k.code ?? ''));
  return category || Boolean(loinc);
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

const SUGGESTIONS: [RegExp, string][] = [
  [/\bCD99\b/i, 'cd99-pattern'],
  [/\b(lobectomy|pneumonectomy|segmentectomy|bilobectomy)\b|\bwedge resection\b.*\blung\b/i, 'ajcc8-lung-resection'],
  [
    /\b(hemi)?colectomy\b|\bsigmoidectomy\b|\b(low )?anterior resection\b|\bproctectomy\b|\bproctocolectomy\b|\babdominoperineal\b|\b(colon|colonic|rectal|bowel) resection\b|\bresection\b.*\b(colon|rectum|cecum|caecum)\b/i,
    'cap-colorectal-resection',
  ],
];

/**
 * The template a report's wording suggests: colorectal for a colectomy or resection, lung for a lobectomy, CD99 when
 * the stain is named.
 * @param text - The report text.
 * @returns A template id, or undefined when nothing fits (the pathologist chooses).
 */
export function suggestTemplate(text: string): string | undefined {
  return SUGGESTIONS.find(([pattern]) => pattern.test(text))?.[1];
}
