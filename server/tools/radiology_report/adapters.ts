// radiology_report's part in a workup: its planner rule (images nobody has read) and the machine reading as a
// response finding, never mistaken for a radiologist's.
import { defineAdapters } from '../adapter';
import { radiologyReportRule } from './planner';

export const radiologyReportAdapters = defineAdapters({
  name: 'radiology_report',
  planner: radiologyReportRule,
  findings(o) {
    const text = o.comparison
      ? `${o.comparison.trend}: ${o.comparison.comparison}`
      : o.perImage.map((p) => p.impression).join(' ');
    return [
      { kind: 'response', text: `Machine reading of the images (${o.model}, not a radiologist's report): ${text}` },
    ];
  },
});
