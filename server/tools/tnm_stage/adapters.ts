// tnm_stage's part in a workup: its planner rule, the stage group finding with the categories and the table row that
// decided it, and the staging write-back.
import { defineAdapters } from '../adapter';
import { tnmStageRule } from './planner';
import { stagingItems } from './writeback';

export const tnmStageAdapters = defineAdapters({
  name: 'tnm_stage',
  planner: tnmStageRule,
  findings: (o) => [
    {
      kind: 'stage',
      text: `${o.edition} stage group ${o.stageGroup} (${o.site.replaceAll('_', ' ')}: ${o.t} ${o.n} ${o.m}); ${o.rule}`,
    },
  ],
  writeback: stagingItems,
});
