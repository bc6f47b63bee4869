// web_search's planner rule: searched when the question asks for the web, on the patient's topic. Unlike PubMed it is
// not started by the workflow's search indication (it added calls the experts did not ask for, and no recall).
import { webSearchContract } from '../../../common/contracts/tools';
import { searchRule } from '../../agent/planner/search-rule';
import type { PlannerRule } from '../adapter';

/**
 * A web_search rule: first round only (the tool answers `unavailable` where no provider is enabled).
 * @returns The rule.
 */
export const webSearchRule = (): PlannerRule =>
  searchRule(webSearchContract.name, (a) => a.web, 'the question asks for information from the web', false);
