// pubmed_search's planner rule: searched when the question asks for published evidence or the workflow indicates it
// (progression after standard lines, rare alteration, thin guidance), on the patient's topic.
import { pubmedSearchContract } from '../../../common/contracts/tools';
import { searchRule } from '../../agent/planner/search-rule';
import type { PlannerRule } from '../adapter';

/**
 * A pubmed_search rule: first round only.
 * @returns The rule.
 */
export const pubmedSearchRule = (): PlannerRule =>
  searchRule(pubmedSearchContract.name, (a) => a.literature, 'the question asks for published or recent evidence');
