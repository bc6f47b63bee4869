// clinical_score's part in a workup: its planner rule (Child-Pugh and ALBI, then BCLC) and the score with its
// interpretation as a finding.
import { defineAdapters } from '../adapter';
import { clinicalScoreRule } from './planner';

export const clinicalScoreAdapters = defineAdapters({
  name: 'clinical_score',
  planner: clinicalScoreRule,
  findings: (o) => [{ kind: 'score', text: `${o.title}: ${o.interpretation}` }],
});
