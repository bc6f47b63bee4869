// The shared rule of the external searches (pubmed_search, web_search): search when the clinician asks for it, or
// when the workflow indicates it (searchIndication); the query is built from the patient's facts and the call says why.
import type { PlannedCall } from '../../../common/contracts';
import { pubmedSearchContract } from '../../../common/contracts/tools';
import type { PlannerRule } from '../../tools/adapter';
import { questionAsks } from '../question';
import type { RecordFacts } from '../record/facts';
import { searchIndication } from './search-indication';
import { searchTopic } from './search-topic';

/**
 * A search rule for one tool.
 * @param tool - The tool name.
 * @param asked - Whether the question asks for this tool's kind of source.
 * @param askedWhy - The reason given when the question asked.
 * @param onIndication - Whether the workflow's search indication starts a call without the question asking.
 * @returns A first-round-only rule.
 */
export function searchRule(
  tool: string,
  asked: (q: ReturnType<typeof questionAsks>) => boolean,
  askedWhy: string,
  onIndication = true
): PlannerRule {
  return {
    start({ facts, question, nextId }) {
      const indication = onIndication ? searchIndication(facts, question) : undefined;
      const asks = asked(questionAsks(question));
      if (!asks && !indication) return { calls: [] };
      const why = [asks ? askedWhy : '', indication ? `the workflow calls for a search: ${indication.why}` : '']
        .filter(Boolean)
        .join('; ');
      const call: PlannedCall = {
        id: nextId(),
        tool,
        args: { query: searchTopic(facts, indication), maxResults: 5 },
        reason: why.charAt(0).toUpperCase() + why.slice(1),
      };
      return { calls: [call] };
    },
  };
}

/**
 * The search the workflow indicates for a record, as the policy allows it: only PubMed (the web is searched when the
 * question asks) and only with the query built from the facts.
 * @param facts - The record's facts.
 * @returns The tools and query, or undefined when no search is indicated.
 */
export function indicatedSearch(facts: RecordFacts): { tools: ReadonlySet<string>; query: string } | undefined {
  const indication = searchIndication(facts);
  return indication
    ? { tools: new Set([pubmedSearchContract.name]), query: searchTopic(facts, indication) }
    : undefined;
}
