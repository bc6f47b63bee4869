// The topic the rules planner searches literature and the web for: the tumour type and its first two recorded
// alterations. Shared by the search tools' rules so both search the same thing.
import { shortProtein } from '../../../common/protein';
import type { RecordFacts } from '../record/facts';

/**
 * The search topic of a record.
 * @param facts - The record's facts.
 * @returns e.g. "pancreatic cancer KRAS G12C TP53 R273H treatment".
 */
export function searchTopic(facts: RecordFacts): string {
  const alterations = facts.biomarkers.variants
    .filter((v) => v.present)
    .map((v) => (v.alteration === 'fusion' ? `${v.gene} fusion` : `${v.gene} ${shortProtein(v.alteration)}`));
  return [facts.primary?.tumourType ?? 'cancer', ...alterations.slice(0, 2), 'treatment'].join(' ');
}
