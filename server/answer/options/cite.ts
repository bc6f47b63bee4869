// Finds the knowledge section each selected option cites among the numbered sources, retrieving it by its heading
// when the sub-queries did not bring it, so an option is shown only with a source that states its key terms.
import type { EvidenceItem } from '../../../common/contracts';
import { slugify } from '../../rag/ingest/markdown';
import { sourceId } from '../../rag/sources';
import type { Passage } from '../../rag/types';
import { normalise } from '../extract';
import type { AnswerDeps } from '../types';
import type { DecisionOption } from './types';

/** Passages retrieved per missing section (the heading as the query ranks its own section first). */
const PER_SECTION = 10;

/** The source id of the section an option cites. */
export const citedSourceId = (o: DecisionOption): string => `${o.cite.doc}#${slugify(o.cite.heading)}`;

/** Whether a text states every key term of an option. */
export const statesTerms = (o: DecisionOption, text: string): boolean => {
  const t = normalise(text);
  return o.terms.every((term) => t.includes(normalise(term)));
};

function item(p: Passage, n: number): EvidenceItem {
  const c = p.chunk;
  return {
    n,
    sourceId: sourceId(c),
    title: c.title,
    section: c.section,
    text: c.text,
    ...(c.source ? { source: c.source } : {}),
    ...(c.year !== undefined ? { year: c.year } : {}),
    ...(c.url ? { url: c.url } : {}),
  };
}

/**
 * Gives each option the number of a source from its cited section, adding sections the sub-queries did not retrieve
 * (and a fuller passage of a retrieved section when the one retrieved lacks the option's key terms).
 * @param options - Options to cite.
 * @param evidence - The numbered sources; extended in place.
 * @param retrieve - Retrieval, used with each missing section's heading.
 * @param signal - Cancellation.
 * @returns Option id → source number, for options whose section was found.
 */
export async function citeOptions(
  options: DecisionOption[],
  evidence: EvidenceItem[],
  retrieve: AnswerDeps['retrieve'],
  signal?: AbortSignal
): Promise<Map<string, number>> {
  const cited = new Map<string, number>();
  const wanted = [...new Set(options.map(citedSourceId))];
  await Promise.all(
    wanted.map(async (id) => {
      const users = options.filter((o) => citedSourceId(o) === id);
      const known = evidence.find((e) => e.sourceId === id);
      if (known && users.every((o) => statesTerms(o, known.text))) return;
      const heading = users[0]!.cite.heading;
      const search = (query: string) =>
        retrieve(query, PER_SECTION).catch((err: unknown) => {
          if (signal?.aborted) throw err;
          return [] as Passage[];
        });
      // Retrieval keeps one chunk per section: ask by the heading, then by the heading with the terms still unstated.
      let text = known?.text;
      for (const round of [0, 1]) {
        const unstated = users.flatMap((o) => o.terms).filter((t) => !text || !normalise(text).includes(normalise(t)));
        if (text && unstated.length === 0) break;
        const query = round === 0 ? heading : `${heading} ${[...new Set(unstated)].join(' ')}`;
        for (const p of (await search(query)).filter((x) => sourceId(x.chunk) === id)) {
          const flat = normalise(p.chunk.text);
          if (text === undefined || flat.includes(normalise(text))) text = p.chunk.text;
          else if (!normalise(text).includes(flat)) text = `${text}\n\n${p.chunk.text}`;
          if (!known && !evidence.some((e) => e.sourceId === id)) evidence.push({ ...item(p, 0), text });
        }
      }
      if (text === undefined) return;
      const added = evidence.find((e) => e.sourceId === id && e !== known);
      if (added) added.text = text;
      if (known) known.text = text;
    })
  );
  // Numbers for added sections follow the retrieved ones.
  let next = Math.max(0, ...evidence.map((e) => e.n));
  for (const e of evidence) if (e.n === 0) e.n = ++next;
  // The citable unit is the section, and the table test checks that the section states every key term; the passage
  // retrieved from it (one chunk of a long section) must state at least one, so a wrong section is never cited.
  for (const o of options) {
    const e = evidence.find((x) => x.sourceId === citedSourceId(o));
    if (e && o.terms.some((t) => normalise(e.text).includes(normalise(t)))) cited.set(o.id, e.n);
  }
  return cited;
}
