// pubmed_search's part in a workup: searched when the question asks for published evidence or the workflow
// indicates it (see planner.ts; the policy checks the same), on the patient's topic.
import { defineAdapters } from '../adapter';
import { pubmedSearchRule } from './planner';

export const pubmedSearchAdapters = defineAdapters({
  name: 'pubmed_search',
  external: true,
  planner: pubmedSearchRule,
});
