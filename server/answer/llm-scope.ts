// The model answers from the evidence the offline answer would use: passages that apply to this patient (tumour,
// subtype, setting, line, site — relevance.ts), passages for a biomarker group the patient is not in marked as
// evidence against, and the decision table's options as structured context. After the reply, each guideline citation
// is held to the same rules: one the offline answer would not use is removed (never replaced by another).
import type { EvidenceItem } from '../../common/contracts';
import type { Citation } from './citations';
import type { OptionSelection } from './options';
import type { PatientFacts } from './patient-facts';
import { dataBlock, evidenceLines } from './prompt-data';
import { passageRelevance } from './relevance';

/** Words that present an option as not for the patient (the only way a passage against may be cited). */
const AGAINST_WORDS =
  /\b(?:not (?:for|eligible|indicated|recommended|an option|appropriate|suitable|used|given|offered|benefit)|no benefit|ineligible|excluded?|excludes|rules? out|does not apply|do not apply|contraindicated|resistan\w*|instead of|rather than|avoid\w*|precludes?)\b/i;

export interface ScopedEvidence {
  /** Passages that apply to this patient, shown to the model as citable. */
  applicable: EvidenceItem[];
  /** Passages for a biomarker group the patient is not in, with the result that excludes the patient. */
  against: { e: EvidenceItem; because: string }[];
  /** Why a source may not back a statement, or undefined when it may. */
  problem: (n: number, statement: string) => string | undefined;
}

/**
 * Splits the numbered sources by the offline relevance rules.
 * @param evidence - The numbered sources.
 * @param patient - The patient's facts.
 * @param question - The clinician's question.
 * @param optionSources - Source numbers of the sections that state the options shown (always citable).
 * @returns Applicable passages, passages against, and the rule a citation must pass.
 */
export function scopeEvidence(
  evidence: EvidenceItem[],
  patient: PatientFacts,
  question: string,
  optionSources: Set<number> = new Set()
): ScopedEvidence {
  const why = new Map<number, { drop: boolean; against?: string; why?: string }>();
  const applicable: EvidenceItem[] = [];
  const against: ScopedEvidence['against'] = [];
  for (const e of evidence) {
    const r = passageRelevance(e, patient, question);
    if (r.against && !optionSources.has(e.n)) against.push({ e, because: r.against });
    else if (optionSources.has(e.n) || (!r.drop && r.rank >= 0)) applicable.push(e);
    why.set(e.n, r);
  }
  const ok = new Set(applicable.map((e) => e.n));
  const problem = (n: number, statement: string): string | undefined => {
    const r = why.get(n);
    if (!r || ok.has(n)) return undefined;
    if (r.against)
      return AGAINST_WORDS.test(statement)
        ? undefined
        : `source ${n} is for a group this patient is not in (${r.against}) and the statement does not say so`;
    return `source ${n} does not apply to this patient (${r.why ?? 'outside the patient’s setting'})`;
  };
  return { applicable, against, problem };
}

/**
 * Keeps the citations that pass the rules; the removed ones come back with their reasons.
 * @param statement - The statement's text.
 * @param citations - Its citations.
 * @param scope - The scoped evidence.
 * @returns Kept citations and the reasons for each removed one.
 */
export function scopeCitations(
  statement: string,
  citations: Citation[],
  scope: Pick<ScopedEvidence, 'problem'>
): { kept: Citation[]; removed: string[] } {
  const kept: Citation[] = [];
  const removed: string[] = [];
  for (const c of citations) {
    const p = typeof c === 'number' ? scope.problem(c, statement) : undefined;
    if (p) removed.push(p);
    else kept.push(c);
  }
  return { kept, removed };
}

const sentence = (text: string) => text.replace(/\.$/, '');

/**
 * The decision table's result for this patient as lines for the prompt.
 * @param selection - Options shown, options not for this patient, missing deciding facts.
 * @param cited - Option id → source number of its section (options without one are left out).
 * @returns One line per option or missing fact; empty when the table does not cover the tumour.
 */
export function optionLines(selection: OptionSelection, cited: Map<string, number>): string {
  if (!selection.covered) return '(the decision table has no options for this tumour type)';
  // As in the offline section, an option is given only with the passage that states it.
  const n = (id: string) => ` [${cited.get(id)}]`;
  return [
    ...selection.shown.filter((o) => cited.has(o.id)).map((o) => `- Applies: ${o.text}${n(o.id)}`),
    ...selection.notFor
      .filter((x) => cited.has(x.option.id))
      .map((x) => `- Not for this patient: ${sentence(x.option.text)}, because ${x.because}${n(x.option.id)}`),
    ...selection.missing.map((m) => `- Cannot be judged: ${m}`),
  ].join('\n');
}

/**
 * The extra data blocks of a scoped prompt: passages against (marked) and the options.
 * @param scope - The scoped evidence.
 * @param options - Option lines (optionLines).
 * @returns The blocks' text.
 */
export function scopeBlocks(scope: ScopedEvidence, options: string): string {
  const against = scope.against
    .map(({ e, because }) => `${evidenceLines([e])}\n(Not for this patient: excluded by ${because}.)`)
    .join('\n\n');
  return [
    dataBlock('guideline-passages-against', against || '(none)'),
    dataBlock('tumour-board-options', options || '(none)'),
  ].join('\n\n');
}
