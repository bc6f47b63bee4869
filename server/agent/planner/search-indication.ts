// When the workflow calls for searching literature beyond the guidelines (Ferber et al., Nature Cancer 2025; ESMO/NCCN
// practice at progression): progression after standard lines, a rare or uncommon-tumour alteration, or a tumour the
// bundled guidance does not cover. Read from the record's facts only, so record text cannot ask for a search.

import { shortProtein } from '../../../common/protein';
import type { RecordFacts } from '../record/facts';
import { questionIntent } from './question-intent';
import { curativeBiomarkerReason, outsideTrialReason } from './search-population';
import { isStandardAlteration } from './standard-alterations';
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
/**
 * Tumours without an international guideline of their own ('other': outside the GI and lung types the product names,
 * e.g. small-bowel or appendiceal): their treatment questions are answered from the literature. Rare tumours with an
 * ESMO/NCCN guideline (GIST, NET, anal cancer) and common tumours without a bundled one (lung) are answered from the
 * guideline retrieval and the model's standard knowledge, as a tumour board would.
 */
const NO_GUIDELINE = new Set(['other']);
/** Tumour-agnostic biomarkers: uncommon outside the tumours that test them routinely (standard-alterations.ts). */
const AGNOSTIC = /^(MSI-H|dMMR|TMB-H)$/;
/** Only alterations of genes with targeted options count as rare-and-actionable (TP53, APC, SMAD4 do not). */
const ACTIONABLE = new RegExp(`^(?:${GENES}) `);
const PROGRESSION =
  /\b(progress(?:ion|ive disease|ed|ing)|refractory|relapse[ds]?|recurren(?:ce|t)|resistant to|PD per RECIST)\b/i;
/** "risk of recurrence", "time to progression", "progression-free survival": statistics, not this patient's course. */
const RISK_BEFORE =
  /\b(?:risk|rates?|time|pattern|site|score|signs|sign|symptoms) (?:of|to|for)\s*(?:local |distant )?$/i;
const NOT_PROGRESSION = /\b(no|not|without|free of|absence of|stable|no evidence of)\b[^.;,]{0,40}$/i;

/** Affirmed progression in a sentence of the record's text. */
function progressionRef(facts: RecordFacts): string | undefined {
  for (const { ref, text } of facts.texts.filter((t) => RESULT_SOURCE.test(t.ref))) {
    for (const sentence of text.split(/(?<=[.;])\s+|\n/)) {
      const m = PROGRESSION.exec(sentence);
      if (!m) continue;
      const [before, after] = [sentence.slice(0, m.index), sentence.slice(m.index + m[0].length)];
      if (!NOT_PROGRESSION.test(before) && !RISK_BEFORE.test(before) && !/^[- ]free\b/i.test(after)) return ref;
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
 * @param question - The clinician's question; undefined where only the allowance is asked (policy), which then
 *   assumes a treatment question.
 * @returns The indication, or undefined when the guidelines suffice (or no tumour is named to search for).
 */
export function searchIndication(facts: RecordFacts, question?: string): SearchIndication | undefined {
  if (!facts.primary) return undefined;
  const intent = question === undefined ? { treatment: true, scoreOrStageOnly: false } : questionIntent(question);
  // A stage, a score or a measurement is answered from the record and the tools, not from the literature.
  if (intent.scoreOrStageOnly) return undefined;
  const lines = facts.therapyLines.length;
  const progressed = progressionRef(facts);
  const all = recordAlterations(facts);
  // A high TMB beside MSI-H/dMMR is its expected companion, not a second finding.
  const hypermutated = all.some((a) => a === 'MSI-H' || a === 'dMMR');
  const rare = all.filter(
    (a) =>
      (ACTIONABLE.test(a) || AGNOSTIC.test(a)) &&
      !isStandardAlteration(facts.primary?.kind, a) &&
      !(a === 'TMB-H' && hypermutated) &&
      !/ (mutation|wild-type)$/.test(a)
  );
  const reasons: string[] = [];
  let line: string | undefined;
  // "Progression after standard lines": progression recorded after two lines, or a third regimen already begun. First-
  // and second-line choices (including at progression on the first line) are what the guidelines answer.
  if ((progressed && lines >= 2) || lines >= 3) {
    line = `${ORDINAL[Math.min(lines, ORDINAL.length - 1)]}-line`;
    reasons.push(`progression after ${lines} line${lines > 1 ? 's' : ''} of systemic therapy`);
  }
  if (rare.length) reasons.push(`rare or uncommon-tumour alteration (${rare.slice(0, 2).join(', ')})`);
  // Thin guidance matters only for a treatment decision (options, next steps), not for other questions. A rare tumour
  // with an international guideline (GIST, NET, anal cancer) is searched by the same rules as any other: its first
  // treatment and the guideline-named next step are standard care; only a tumour without one is searched as such.
  if (NO_GUIDELINE.has(facts.primary.kind) && intent.treatment)
    reasons.push(`little published guidance for ${facts.primary.tumourType}`);
  if (question !== undefined) {
    const setting = [curativeBiomarkerReason(facts, question), outsideTrialReason(facts, question)];
    reasons.push(...setting.filter((r): r is string => r !== undefined));
  }
  if (reasons.length === 0) return undefined;
  return { why: reasons.join('; '), ...(line ? { line } : {}), alterations: rare };
}
