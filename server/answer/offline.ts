// The answer without a model: an extractive report. The direct answer to a specific question first (from the
// findings), the options for the tumor board (first for an options question), every other finding once with its own
// sources; then for each sub-query the best sentences of passages that apply to this patient — cited only when the
// answer rests on them (backing.ts), otherwise listed as uncited further reading; then what is missing.
import type { EvidenceItem, Finding } from '../../common/contracts';
import { backsAnswer } from './backing';
import { type Citation, type CitationContext, citationProblem, parseCitation } from './citations';
import { directAnswer, type QuestionFocus } from './direct';
import { bestQuote, quoteInPassage, specificTerms } from './extract';
import type { MissingItem } from './missing';
import { type OptionParts, optionBlocks } from './option-blocks';
import type { PatientFacts } from './patient-facts';
import { passageRelevance, type Relevance } from './relevance';
import type { Block } from './report';
import type { SummaryFacts } from './summary';
import { citeTestPassage } from './test-passage';
import { tumourFit } from './tumour-fit';

const HEADINGS: [Finding['kind'], string][] = [
  ['conflict', 'Conflicts to resolve'],
  ['response', 'Imaging and response'],
  ['biomarker', 'Biomarkers'],
  ['alteration', 'Alterations'],
  ['therapy', 'Matched therapies (evidence levels)'],
  ['score', 'Scores'],
  ['stage', 'Stage'],
];
/** Passages quoted per sub-query at most (a second only in a later round, where no other sub-query needs the room). */
const QUOTES_PER_QUERY = 2;
/** Guideline quotes in the whole evidence section at most (the question's sub-query comes first). */
const MAX_QUOTES = 8;

/** A finding as a statement: its own sources (guideline numbers of the agent are not this answer's numbers). */
function findingBlock(f: Finding, ctx: CitationContext): Block {
  const tokens = f.sources.filter((s) => !s.startsWith('source:')).map(parseCitation);
  const citations = tokens.filter((c): c is Citation => c !== undefined && citationProblem(c, ctx) === undefined);
  const supported = citations.length > 0 && citations.length === f.sources.length;
  return { kind: 'line', text: f.text, citations, supported, flag: 'a cited source could not be found' };
}

/** Evidence quotes: those that back the answer are cited; the others are further reading, shown without a number. */
interface EvidenceSection {
  cited: Block[];
  further: Block[];
}

function evidenceBlocks(
  p: OfflineParts,
  relevance: Map<number, Relevance>,
  citedElsewhere: Set<number>
): EvidenceSection {
  const byN = new Map(p.evidence.map((e) => [e.n, e]));
  const question = p.asked ? (p.subQueries[0] ?? '') : '';
  // Passages that apply: the patient's tumour first, then no tumour in particular, then those ranked down (another
  // setting or site), each in retrieval order. Other tumours, excluded settings and groups the patient is not in
  // (shown as evidence against, under the options) are not quoted here.
  const candidates = p.subQueries.map((_, i) =>
    (p.perQuery[i] ?? [])
      .filter((n) => {
        // Ranked down (another setting or site) is not quoted: an unsupported sub-query is left without a quote.
        const r = relevance.get(n);
        return r !== undefined && !r.drop && !r.against && r.rank >= 0;
      })
      .sort((a, b) => relevance.get(b)!.rank - relevance.get(a)!.rank)
  );
  const quoted = new Set<number>();
  const lines: Block[][] = p.subQueries.map(() => []);
  const further: Block[][] = p.subQueries.map(() => []);
  /** Quotes per sub-query, cited or not. */
  const shown = p.subQueries.map(() => 0);
  // Round by round (each sub-query's best passage before any second one), so a passage is quoted where it ranks best.
  for (let round = 0; round < QUOTES_PER_QUERY; round++) {
    p.subQueries.forEach((query, i) => {
      if (shown[i] !== round || quoted.size >= MAX_QUOTES) return;
      for (const n of candidates[i]!) {
        const e = byN.get(n);
        if (!e || quoted.has(n)) continue;
        const quote = bestQuote(e.text, query, { specific: specificTerms(query, p.tumourType) });
        if (!quote) continue;
        quoted.add(n);
        shown[i]++;
        // A citation says "this statement rests on this passage": only a passage that places the patient in its
        // scope (or that the question asks for) is cited; the rest is named, quoted and left unnumbered.
        if (!citedElsewhere.has(n) && !backsAnswer(e, p.patient, question)) {
          // Named in full (document, source, year), as the numbered list names a cited source.
          const origin = [e.title, e.source && (e.year ? `${e.source}, ${e.year}` : e.source)]
            .filter(Boolean)
            .join('; ');
          further[i]!.push({
            kind: 'line',
            text: `${e.section} (${origin}): “${quote}”`,
            citations: [],
            supported: true,
          });
          return;
        }
        const supported = quoteInPassage(quote, e.text);
        lines[i]!.push({ kind: 'line', text: `${e.section}: “${quote}”`, citations: [n], supported });
        return;
      }
    });
  }
  const labelled = (groups: Block[][]) =>
    p.subQueries.flatMap((query, i) =>
      groups[i]!.length
        ? [{ kind: 'label', text: i === 0 && p.asked ? `Question: ${query}` : query } as Block, ...groups[i]!]
        : []
    );
  return { cited: labelled(lines), further: labelled(further) };
}

/**
 * A missing item as a line: its own citations, plus a guideline passage on the missing test when one was retrieved.
 * @param m - The item.
 * @param evidence - The numbered sources.
 * @param ctx - Citation context.
 * @param tumour - The patient's tumour groups (only their testing section is cited).
 * @param matters - Whether the question turns on the test (else no guideline passage is attached), or per passage.
 * @returns The line.
 */
export function missingBlock(
  m: MissingItem,
  evidence: EvidenceItem[],
  ctx: CitationContext,
  tumour: Set<string>,
  matters: boolean | ((e: EvidenceItem) => boolean) = true
): Block {
  // Only the testing section written for the patient's tumour: any other passage that merely names the test would
  // pad the line with a citation that does not support it.
  const passage =
    m.term && matters
      ? evidence.find(
          (e) =>
            m.term!.test(e.text) &&
            tumourFit(e, tumour) > 0 &&
            /\btesting|profiling|work-?up/i.test(e.section) &&
            (matters === true || matters(e))
        )
      : undefined;
  const citations = [...m.citations, ...(passage ? [passage.n] : [])].filter((c) => !citationProblem(c, ctx));
  return {
    kind: 'line',
    text: passage ? `${m.text.replace(/\.$/, '')}; guideline passage on this test:` : m.text,
    citations,
    supported: citations.length === m.citations.length + (passage ? 1 : 0),
  };
}

export interface OfflineParts {
  findings: Finding[];
  subQueries: string[];
  evidence: EvidenceItem[];
  perQuery: number[][];
  missing: MissingItem[];
  ctx: CitationContext;
  /** The patient's tumour groups (tumoursIn of the tumour type): passages about other tumours are not quoted. */
  tumour: Set<string>;
  /** The tumour type as written (its words do not make a sentence specific to a sub-query). */
  tumourType: string;
  /** Whether the clinician asked a question (the first sub-query is then the question). */
  asked: boolean;
  /** Remarks shown first (mode, why the model's answer is not used, retrieval problems). */
  notes: string[];
  /** The facts that decide which passages and options apply. */
  patient: PatientFacts;
  /** The record summary's facts (imaging report conclusions for a growth question). */
  facts: SummaryFacts;
  /** What the question asks. */
  focus: QuestionFocus;
  /** The decision table's options for this patient with their sources; absent: no options section. */
  options?: Omit<OptionParts, 'against'>;
}

/** The one line said when the knowledge has no document for the tumour (nothing is borrowed from another tumour). */
export const noGuidance = (tumour: string): string =>
  `The knowledge base has no guideline document for ${tumour}: no treatment guidance is given here, and no text written for another tumour is cited.`;

function findingGroups(findings: Finding[], ctx: CitationContext): Block[] {
  return HEADINGS.flatMap(([kind, heading]) => {
    const group = findings.filter((f) => f.kind === kind);
    return group.length ? [{ kind: 'heading', text: heading } as Block, ...group.map((f) => findingBlock(f, ctx))] : [];
  });
}

function answerBlocks(p: OfflineParts): { blocks: Block[]; used: Set<Finding> } {
  if (p.focus.kinds.length === 0) return { blocks: [], used: new Set() };
  const direct = directAnswer(p.focus, p.findings, p.facts);
  const blocks: Block[] = [{ kind: 'heading', text: 'Answer' }, ...direct.findings.map((f) => findingBlock(f, p.ctx))];
  for (const r of direct.reports) {
    const c = parseCitation(r.ref);
    const ok = c !== undefined && citationProblem(c, p.ctx) === undefined;
    blocks.push({
      kind: 'line',
      text: `${r.text} (report text, not a measurement)`,
      citations: ok ? [c] : [],
      supported: ok,
    });
  }
  if (direct.findings.length + direct.reports.length === 0)
    blocks.push({
      kind: 'note',
      text: 'No finding of this workup answers the question directly; see what is missing.',
    });
  return { blocks, used: new Set(direct.findings) };
}

/**
 * Builds the extractive report.
 * @param p - Findings, sub-queries with their numbered passages, missing items, citation context and notes.
 * @returns The answer's blocks (render with renderAnswer).
 */
export function offlineBlocks(p: OfflineParts): Block[] {
  const blocks: Block[] = p.notes.map((text) => ({ kind: 'note', text }));
  const question = p.asked ? (p.subQueries[0] ?? '') : '';
  const relevance = new Map(p.evidence.map((e) => [e.n, passageRelevance(e, p.patient, question)]));
  const answer = answerBlocks(p);
  const quotedFor = new Set(p.perQuery.flat());
  const against = p.evidence.flatMap((e) => {
    const because = relevance.get(e.n)?.against;
    return because && quotedFor.has(e.n) ? [{ e, because }] : [];
  });
  const options = p.patient.uncovered
    ? [
        { kind: 'heading', text: 'Options for the tumor board' } as Block,
        { kind: 'note', text: noGuidance(p.patient.uncovered) } as Block,
      ]
    : p.options
      ? optionBlocks({ ...p.options, against })
      : [];
  // A specific question is answered first; an options question (or a general workup) gets the options first, after
  // any conflict to resolve (a conflicting result changes which options apply). Every other finding once, by kind.
  const rest = p.findings.filter((f) => !answer.used.has(f));
  blocks.push(
    ...answer.blocks,
    ...findingGroups(
      rest.filter((f) => f.kind === 'conflict'),
      p.ctx
    ),
    ...options
  );
  blocks.push(
    ...findingGroups(
      rest.filter((f) => f.kind !== 'conflict'),
      p.ctx
    )
  );
  const citedElsewhere = new Set(
    blocks.flatMap((b) => (b.kind === 'line' ? b.citations.filter((c): c is number => typeof c === 'number') : []))
  );
  // A missing test matters to a question about what to do or about biomarkers; a staging, response or score question
  // is answered without it, so the line stands without a guideline passage.
  const testsMatter =
    p.focus.options || p.focus.kinds.some((k) => k === 'biomarker' || k === 'alteration' || k === 'therapy');
  const missing = p.missing.map((m) =>
    missingBlock(
      m,
      p.evidence,
      p.ctx,
      p.tumour,
      testsMatter && ((e) => citeTestPassage(m.text, e, p.patient, question))
    )
  );
  for (const b of missing)
    if (b.kind === 'line') for (const c of b.citations) if (typeof c === 'number') citedElsewhere.add(c);
  const evidence = evidenceBlocks(p, relevance, citedElsewhere);
  blocks.push({ kind: 'heading', text: 'Guideline evidence' });
  if (evidence.cited.length) blocks.push(...evidence.cited);
  else
    blocks.push({
      kind: 'note',
      text: evidence.further.length
        ? 'No retrieved guideline passage is specific to this patient’s setting, line or biomarker group.'
        : 'No guideline passage matched the sub-queries.',
    });
  if (evidence.further.length)
    blocks.push(
      { kind: 'heading', text: 'Further reading (not cited)' },
      {
        kind: 'note',
        text: 'Passages retrieved for the question that apply to the tumour but that no statement above rests on.',
      },
      ...evidence.further
    );
  if (p.missing.length) {
    blocks.push({ kind: 'heading', text: 'What is missing' }, ...missing);
  }
  return blocks;
}
