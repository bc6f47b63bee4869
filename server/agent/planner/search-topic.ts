// The topic the rules planner searches literature and the web for, built from the patient's facts: tumour type, its
// rare (else first recorded) alterations and the therapy line. Shared by the search tools' rules.
import { shortProtein } from '../../../common/protein';
import type { RecordFacts } from '../record/facts';
import { recordAlterations, type SearchIndication } from './search-indication';

/**
 * The search topic of a record.
 * @param facts - The record's facts.
 * @param indication - Why a search is indicated (its alterations and line sharpen the topic).
 * @returns e.g. "pancreatic adenocarcinoma KRAS G12C third-line treatment".
 */
export function searchTopic(facts: RecordFacts, indication?: SearchIndication): string {
  const alterations = (indication?.alterations.length ? indication.alterations : recordAlterations(facts))
    .slice(0, 2)
    .map((a) => shortProtein(a));
  const tumour = facts.primary?.tumourType ?? facts.primary?.text ?? 'cancer';
  return [
    tumour,
    ...alterations,
    indication?.line ? `${indication.line} treatment after progression` : 'treatment',
  ].join(' ');
}
