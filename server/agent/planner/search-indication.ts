// When the workflow calls for searching literature beyond the guidelines (Ferber et al., Nature Cancer 2025; ESMO/NCCN
// practice at progression): progression after standard lines, a rare or uncommon-tumour alteration, or a tumour the
// bundled guidance does not cover. Read from the record's facts only, so record text cannot ask for a search.

import { shortProtein } from '../../../common/protein';
import type { RecordFacts } from '../record/facts';
import { GENES, RESULT_SOURCE, textAlterations } from './text-alterations';

export interface SearchIndication {
  /** Why a search is indicated, for the call's reason. */
  why: string;
  /** The therapy line the patient is at ("third-line"), when progression after lines is the indication. */
  line?: string;
  /** The rare alterations that make the search worthwhile (e.g. "ERBB2 amplification"). */
  alterations: string[];
}

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth'];
/** Tumours whose guidance the bundled knowledge covers (others count as thin guideline retrieval). */
const COVERED = new Set(['colorectal', 'hcc', 'icc', 'biliary', 'pancreas', 'gastric', 'oesophageal']);
/** Alterations with standard guideline answers; anything else targetable is rare enough to search. */
const COMMON = /^(KRAS|NRAS|HRAS) (?!G12C)|^BRAF V600E$|^PIK3CA |^(MSI-H|dMMR)$/;
/** Only alterations of genes with targeted options count as rare-and-actionable (TP53, APC, SMAD4 do not). */
const ACTIONABLE = new RegExp(`^(?:${GENES}) `);
const PROGRESSION =
  /\b(progress(?:ion|ive disease|ed|ing)|refractory|relapse[ds]?|recurren(?:ce|t)|resistant to|PD per RECIST)\b/i;
const NOT_PROGRESSION = /\b(no|not|without|free of|absence of|stable|no evidence of)\b[^.;,]{0,40}$/i;

/** Affirmed progression in a sentence of the record's text. */
function progressionRef(facts: RecordFacts): string | undefined {
  for (const { ref, text } of facts.texts.filter((t) => RESULT_SOURCE.test(t.ref))) {
    for (const sentence of text.split(/(?<=[.;])\s+|\n/)) {
      const m = PROGRESSION.exec(sentence);
      if (m && !NOT_PROGRESSION.test(sentence.slice(0, m.index))) return ref;
    }
  }
  return undefined;
}

/** The record's alterations as "GENE change" strings (structured first, then text). */
export function recordAlterations(facts: RecordFacts): string[] {
  const structured = facts.biomarkers.variants
    .filter((v) => v.present)
    .map((v) => `${v.gene} ${v.alteration === 'fusion' ? 'fusion' : shortProtein(v.alteration)}`);
  const text = textAlterations(facts.texts).map((a) => (a.gene ? `${a.gene} ${a.alteration}` : a.alteration));
  return [...new Set([...structured, ...text])];
}

/**
 * Whether (and why) literature should be searched for this patient.
 * @param facts - The record's facts.
 * @returns The indication, or undefined when the guidelines suffice (or no tumour is named to search for).
 */
export function searchIndication(facts: RecordFacts): SearchIndication | undefined {
  if (!facts.primary) return undefined;
  const lines = facts.therapyLines.length;
  const progressed = progressionRef(facts);
  const rare = recordAlterations(facts).filter(
    (a) => ACTIONABLE.test(a) && !COMMON.test(a) && !/ (mutation|wild-type)$/.test(a)
  );
  const reasons: string[] = [];
  let line: string | undefined;
  if (lines >= 2 || (progressed && lines >= 1)) {
    line = `${ORDINAL[Math.min(lines, ORDINAL.length - 1)]}-line`;
    reasons.push(`progression after ${lines} line${lines > 1 ? 's' : ''} of systemic therapy`);
  } else if (progressed) reasons.push(`progression recorded (${progressed})`);
  if (rare.length) reasons.push(`rare or uncommon-tumour alteration (${rare.slice(0, 2).join(', ')})`);
  if (!COVERED.has(facts.primary.kind)) reasons.push(`little bundled guidance for ${facts.primary.tumourType}`);
  if (reasons.length === 0) return undefined;
  return { why: reasons.join('; '), ...(line ? { line } : {}), alterations: rare };
}
