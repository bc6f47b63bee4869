// assess_response's part in a workup: the RECIST finding with sums and changes, cited as the call, and the response
// write-back. segment_lesion's rule asks for it once marked lesions are measured; its own rule (planner.ts) compares
// sizes written in imaging reports.
import { defineAdapters } from '../adapter';
import { assessResponseRule } from './planner';
import { responseItems } from './writeback';

const CATEGORY: Record<string, string> = {
  CR: 'complete response',
  PR: 'partial response',
  SD: 'stable disease',
  PD: 'progressive disease',
};
const pct = (v: number | null): string => (v === null ? 'n/a' : `${v > 0 ? '+' : ''}${v.toFixed(1)} %`);
const mm = (v: number | undefined): string => (v === undefined ? '?' : `${v.toFixed(1)} mm`);

export const assessResponseAdapters = defineAdapters({
  name: 'assess_response',
  planner: assessResponseRule,
  findings: (o) => [
    {
      kind: 'response',
      text:
        `RECIST 1.1: ${o.category} (${CATEGORY[o.category] ?? o.category}); sum of target diameters ${mm(o.baselineSumMm)} → ` +
        `${mm(o.followUpSumMm)} (${pct(o.changeFromBaselinePct)} from baseline, ${pct(o.changeFromNadirPct)} from nadir). ${o.rule}`,
    },
  ],
  writeback: responseItems,
});
