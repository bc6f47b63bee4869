// Citation precision of the workup's answer: of the guideline passages the answer cites, the share a judge found
// relevant to the patient and question. Judgments live beside the cases (judgments.json: case, source, relevant) and
// were made on the cited passages by a reader who did not see the retrieval or answer code; a cited passage nobody
// judged counts as not relevant, so a change that cites new passages cannot raise the figure unseen. Relevance
// depends on what the answer claims with the passage ("not for this patient because …" can be right or wrong), so a
// judgment that records the statements it was made under holds only while the passage is cited by those alone.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { WorkupResult } from '../../common/contracts';
import { CliError } from './cli-error';

export const Judgment = z.object({
  case: z.string().min(1),
  sourceId: z.string().min(1),
  relevant: z.boolean(),
  reason: z.string().optional(),
  /** The answer statements citing the passage when it was judged; absent in judgments older than this field. */
  citedBy: z.array(z.string()).optional(),
});
export type Judgment = z.infer<typeof Judgment>;

/** One cited passage with the statements that cite it (the judge's view). */
export interface CitedSource {
  sourceId: string;
  title: string;
  section: string;
  text: string;
  citedBy: string[];
}

/**
 * The guideline passages an answer cites, once each, in citation order.
 * @param result - A finished workup.
 * @returns The cited evidence with the statements citing it.
 */
export function citedSources(result: Pick<WorkupResult, 'evidence' | 'answer'>): CitedSource[] {
  const byN = new Map(result.evidence.map((e) => [e.n, e]));
  const out = new Map<string, CitedSource>();
  for (const s of result.answer.statements) {
    for (const c of s.citations) {
      const n = typeof c === 'number' ? c : Number(/^source:(\d+)$/.exec(c)?.[1] ?? Number.NaN);
      const e = byN.get(n);
      if (!e) continue;
      const item = out.get(e.sourceId) ?? {
        sourceId: e.sourceId,
        title: e.title,
        section: e.section,
        text: e.text,
        citedBy: [],
      };
      if (!item.citedBy.includes(s.text)) item.citedBy.push(s.text);
      out.set(e.sourceId, item);
    }
  }
  return [...out.values()];
}

/**
 * Reads judgments.json of a cases folder.
 * @param dir - The cases folder.
 * @returns The judgments, or undefined when the folder has none; throws CliError for a malformed file.
 */
export function readJudgments(dir: string): Judgment[] | undefined {
  const file = join(dir, 'judgments.json');
  if (!existsSync(file)) return undefined;
  const parsed = z.array(Judgment).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new CliError(`${file}: ${parsed.error.issues[0]?.message ?? 'not a list of judgments'}`);
  return parsed.data;
}

export interface CitationPrecision {
  cited: number;
  relevant: number;
  /** Cited passages without a judgment, or cited by a statement the judgment did not see (counted as not relevant). */
  unjudged: number;
  /** Of the unjudged: judged once, but now cited by a statement the judge did not see. */
  stale: number;
  precision: number;
}

/** One case's cited passages: source ids, or sources with the statements citing them. */
export interface CasePassages {
  id: string;
  cited: (string | Pick<CitedSource, 'sourceId' | 'citedBy'>)[];
}

/**
 * Micro-averaged citation precision over the cases.
 * @param cases - Each case's id and cited passages (with their citing statements where known).
 * @param judgments - The judgments.
 * @returns Cited, judged relevant, unjudged (stale ones among them), and relevant / cited (1 when nothing is cited).
 */
export function citationPrecision(cases: CasePassages[], judgments: Judgment[]): CitationPrecision {
  const byPair = new Map(judgments.map((j) => [`${j.case}\u0000${j.sourceId}`, j]));
  let cited = 0;
  let relevant = 0;
  let unjudged = 0;
  let stale = 0;
  for (const c of cases) {
    const seen = new Set<string>();
    for (const item of c.cited) {
      const { sourceId, citedBy } = typeof item === 'string' ? { sourceId: item, citedBy: undefined } : item;
      if (seen.has(sourceId)) continue;
      seen.add(sourceId);
      cited++;
      const j = byPair.get(`${c.id}\u0000${sourceId}`);
      if (!j) unjudged++;
      else if (j.citedBy && citedBy?.some((s) => !j.citedBy?.includes(s))) {
        unjudged++;
        stale++;
      } else if (j.relevant) relevant++;
    }
  }
  return { cited, relevant, unjudged, stale, precision: cited ? relevant / cited : 1 };
}
