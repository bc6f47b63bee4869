// The one-sentence summary a clinician reads first: oncogenicity, best level with its drugs, resistance, and where it came from.
import { highestLevel, type TherapyOut } from './types';

export interface SummaryInput {
  subject: string;
  tumourLabel?: string;
  oncogenicity: string;
  therapies: TherapyOut[];
  resistance: TherapyOut[];
  sourceWords: string;
  /** True when nothing in the knowledge matched the alteration. */
  unknown: boolean;
  /** For inputs that are test results rather than alterations ('Wild-type', 'MSS/pMMR'). */
  statusOnly?: boolean;
}

const regimen = (t: TherapyOut) => t.drugs.join(' + ');

function atLevel(list: TherapyOut[]): string {
  const level = highestLevel(list.map((t) => t.level));
  const top = list.filter((t) => t.level === level);
  const names = [...new Set(top.map(regimen))];
  const shown = names.slice(0, 3).join('; ') + (names.length > 3 ? `; and ${names.length - 3} more` : '');
  const where = top.every((t) => t.matchType === 'other tumour type') ? ' (evidence from other tumour types)' : '';
  return `level ${level}: ${shown}${where}`;
}

/**
 * Builds the summary sentence.
 * @param s - Subject ('BRAF V600E'), tumour, oncogenicity, therapies, resistance and the source in words.
 * @returns One sentence.
 */
export function summarise(s: SummaryInput): string {
  const where = s.tumourLabel ? ` in ${s.tumourLabel}` : '';
  if (s.statusOnly) {
    return `${s.subject} is a test result, not an alteration: this tool matches no therapy to it (${s.sourceWords}).`;
  }
  if (s.unknown) {
    return (
      `${s.subject}${where}: not found in ${s.sourceWords}, so oncogenicity is unknown and no therapy is listed ` +
      '(absence here is not evidence that it is not actionable).'
    );
  }
  const head =
    s.oncogenicity === 'Not applicable'
      ? `${s.subject}${where} (biomarker)`
      : `${s.subject}${where} is ${s.oncogenicity}`;
  const sensitive = s.therapies.length ? `highest sensitive ${atLevel(s.therapies)}` : 'no sensitive-level therapy';
  const resistant = s.resistance.length ? `; resistance ${atLevel(s.resistance)}` : '';
  return `${head}; ${sensitive}${resistant} (${s.sourceWords}).`;
}
