// predict_biomarkers' part in a workup: its planner rule, one biomarker finding per prediction (always with the
// model's validation) and the prediction write-back.
import { defineAdapters } from '../adapter';
import { predictBiomarkersRule } from './planner';
import { biomarkerItems } from './writeback';

export const predictBiomarkersAdapters = defineAdapters({
  name: 'predict_biomarkers',
  planner: predictBiomarkersRule,
  findings(o) {
    const demo = o.model.validation === 'demo-not-clinically-validated';
    const label = demo ? 'demo model, not clinically validated' : `model ${o.model.id} (${o.model.validation})`;
    return o.predictions.map((p) => ({
      kind: 'biomarker' as const,
      text: `Predicted from histology: ${p.label} (${p.target} probability ${p.probability.toFixed(2)}, threshold ${p.threshold}); ${label}. A prediction does not replace testing.`,
    }));
  },
  writeback: biomarkerItems,
});
