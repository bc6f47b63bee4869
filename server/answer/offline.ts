// The answer without a model: an extractive report. Findings grouped (conflicts first), each with its own sources;
// for each sub-query the best passage sentences quoted with their source number; then what is missing.
import type { EvidenceItem, Finding } from '../../common/contracts';
import { type Citation, type CitationContext, citationProblem, parseCitation } from './citations';
import { bestQuote, quoteInPassage, specificTerms } from './extract';
import type { MissingItem } from './missing';
import type { Block } from './report';
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
/** Passages quoted per sub-query at most. */
const QUOTES_PER_QUERY = 2;

/** A finding as a statement: its own sources (guideline numbers of the agent are not this answer's numbers). */
function findingBlock(f: Finding, ctx: CitationContext): Block {
  const tokens = f.sources.filter((s) => !s.startsWith('source:')).map(parseCitation);
  const citations = tokens.filter((c): c is Citation => c !== undefined && citationProblem(c, ctx) === undefined);
  const supported = citations.length > 0 && citations.length === f.sources.length;
  return { kind: 'line', text: f.text, citations, supported, flag: 'a cited source could not be found' };
}

function evidenceBlocks(p: OfflineParts): Block[] {
  const fit = new Map(p.evidence.map((e) => [e.n, tumourFit(e, p.tumour)]));
  const byN = new Map(p.evidence.map((e) => [e.n, e]));
  // The patient's tumour first, then passages about no tumour in particular, each in rank order.
  const candidates = p.subQueries.map((_, i) =>
    (p.perQuery[i] ?? []).filter((n) => fit.get(n)! >= 0).sort((a, b) => fit.get(b)! - fit.get(a)!)
  );
  const quoted = new Set<number>();
  const lines: Block[][] = p.subQueries.map(() => []);
  // Round by round (each sub-query's best passage before any second one), so a passage is quoted where it ranks best.
  for (let round = 0; round < QUOTES_PER_QUERY; round++) {
    p.subQueries.forEach((query, i) => {
      if (lines[i]!.length !== round) return;
      for (const n of candidates[i]!) {
        const e = byN.get(n);
        if (!e || quoted.has(n)) continue;
        const quote = bestQuote(e.text, query, { specific: specificTerms(query, p.tumourType) });
        if (!quote) continue;
        quoted.add(n);
        const supported = quoteInPassage(quote, e.text);
        lines[i]!.push({ kind: 'line', text: `${e.section}: “${quote}”`, citations: [n], supported });
        return;
      }
    });
  }
  return p.subQueries.flatMap((query, i) =>
    lines[i]!.length
      ? [{ kind: 'label', text: i === 0 && p.asked ? `Question: ${query}` : query } as Block, ...lines[i]!]
      : []
  );
}

/**
 * A missing item as a line: its own citations, plus a guideline passage on the missing test when one was retrieved.
 * @param m - The item.
 * @param evidence - The numbered sources.
 * @param ctx - Citation context.
 * @returns The line.
 */
export function missingBlock(
  m: MissingItem,
  evidence: EvidenceItem[],
  ctx: CitationContext,
  tumour: Set<string>
): Block {
  const about = m.term ? evidence.filter((e) => m.term!.test(e.text) && tumourFit(e, tumour) >= 0) : [];
  const passage =
    about.find((e) => /\btest|profiling|work-?up|biomarker/i.test(e.section)) ??
    about.find((e) => /\btest|assay|determin/i.test(e.text)) ??
    about[0];
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
}

/**
 * Builds the extractive report.
 * @param p - Findings, sub-queries with their numbered passages, missing items, citation context and notes.
 * @returns The answer's blocks (render with renderAnswer).
 */
export function offlineBlocks(p: OfflineParts): Block[] {
  const blocks: Block[] = p.notes.map((text) => ({ kind: 'note', text }));
  for (const [kind, heading] of HEADINGS) {
    const group = p.findings.filter((f) => f.kind === kind);
    if (group.length) blocks.push({ kind: 'heading', text: heading }, ...group.map((f) => findingBlock(f, p.ctx)));
  }
  const evidence = evidenceBlocks(p);
  blocks.push({ kind: 'heading', text: 'Guideline evidence' });
  if (evidence.length) blocks.push(...evidence);
  else blocks.push({ kind: 'note', text: 'No guideline passage matched the sub-queries.' });
  if (p.missing.length) {
    blocks.push(
      { kind: 'heading', text: 'What is missing' },
      ...p.missing.map((m) => missingBlock(m, p.evidence, p.ctx, p.tumour))
    );
  }
  return blocks;
}
