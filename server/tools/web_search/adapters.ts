// web_search's part in a workup: searched when the question asks for the web or the workflow indicates a search
// (see planner.ts; the policy checks the same), on the patient's topic.
import { defineAdapters } from '../adapter';
import { webSearchRule } from './planner';

export const webSearchAdapters = defineAdapters({
  name: 'web_search',
  external: true,
  planner: webSearchRule,
});
