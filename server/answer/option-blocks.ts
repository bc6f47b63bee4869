// The "Options for the tumor board" section: the decision table's options that fit the patient, each with the
// knowledge section that states it; options and passages for a biomarker group the patient is not in, presented as
// not for this patient with the result that excludes them; and the deciding facts the record lacks.
import type { EvidenceItem } from '../../common/contracts';
import { bestQuote, quoteInPassage } from './extract';
import type { OptionSelection } from './options';
import type { Block } from './report';

/** "Not for this patient" lines at most: the strongest reasons, not a catalogue. */
const MAX_NOT_FOR = 4;

const sentence = (text: string) => text.replace(/\.$/, '');

export interface OptionParts {
  selection: OptionSelection;
  /** Option id → source number of its cited section (options without one are not shown). */
  cited: Map<string, number>;
  /** Retrieved passages scoped to a biomarker group the patient is not in, with the excluding result. */
  against: { e: EvidenceItem; because: string }[];
}

/**
 * Builds the options section.
 * @param p - Selected options, their sources and the passages that speak against an option.
 * @returns Blocks under an "Options for the tumor board" heading.
 */
export function optionBlocks(p: OptionParts): Block[] {
  const blocks: Block[] = [{ kind: 'heading', text: 'Options for the tumor board' }];
  const sel = p.selection;
  const shown = sel.shown.filter((o) => p.cited.has(o.id));
  for (const o of shown) blocks.push({ kind: 'line', text: o.text, citations: [p.cited.get(o.id)!], supported: true });
  if (!sel.covered)
    blocks.push({
      kind: 'note',
      text: 'The decision table has no options for this tumour type; see the guideline evidence below.',
    });
  else if (shown.length === 0)
    blocks.push({ kind: 'note', text: 'No option of the decision table could be matched to the recorded facts.' });
  for (const m of sel.missing) blocks.push({ kind: 'line', text: m, citations: [], supported: true });
  const notFor: Block[] = [];
  const done = new Set<number>();
  for (const { option, because } of sel.notFor) {
    const n = p.cited.get(option.id);
    if (n === undefined || done.has(n)) continue;
    done.add(n);
    notFor.push({
      kind: 'line',
      text: `Not for this patient: ${sentence(option.text)}, because ${because}.`,
      citations: [n],
      supported: true,
    });
  }
  for (const { e, because } of p.against) {
    if (done.has(e.n)) continue;
    const quote = bestQuote(e.text, e.section, { max: 1 });
    if (!quote) continue;
    done.add(e.n);
    notFor.push({
      kind: 'line',
      text: `Not for this patient: ${e.section}: “${quote}”, because ${because}.`,
      citations: [e.n],
      supported: quoteInPassage(quote, e.text),
    });
  }
  return [...blocks, ...notFor.slice(0, MAX_NOT_FOR)];
}
