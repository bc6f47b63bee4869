// Orders the plan's summary for the review screen: clinical results first, then the report, then what always goes
// with them (software and provenance), each group with a line saying what it is.
import type { PlanGroup, PlanSummaryItem } from '../../common/contracts';

export interface ReviewGroup {
  group: PlanGroup;
  /** What the group is, in words a clinician reads. */
  about: string;
  items: PlanSummaryItem[];
}

const ORDER: PlanGroup[] = [
  'Response assessment',
  'Imaging measurements',
  'AI biomarker predictions',
  'Therapy matches',
  'Staging',
  'Synoptic pathology',
  'Workup report',
  'Software',
  'Provenance',
];

const ABOUT: Record<PlanGroup, string> = {
  'Imaging measurements': 'Lesion sizes measured on the images (Observations).',
  'Response assessment': 'The RECIST 1.1 response from the measurements (Observation).',
  'AI biomarker predictions': 'Biomarker probabilities predicted from histology by a model (Observations).',
  'Therapy matches': 'Therapies matched to the alterations, with evidence levels (Observations).',
  Staging: 'TNM categories and stage group (Observations).',
  'Synoptic pathology': 'The approved synoptic form and the Observations taken from it.',
  'Workup report': 'The cited workup as a report that lists the results above (DiagnosticReport).',
  Software: 'Always written: which software versions made these results (Devices).',
  Provenance: 'Always written: who and what made the results, and your signature as verifier (Provenance).',
};

/**
 * Groups the summary in review order; groups the server adds later keep their place at the end.
 * @param summary - The plan's summary items.
 * @returns The non-empty groups.
 */
export function reviewGroups(summary: PlanSummaryItem[]): ReviewGroup[] {
  const groups = [...new Set([...ORDER, ...summary.map((s) => s.group)])];
  return groups
    .map((group) => ({
      group,
      about: ABOUT[group] ?? '',
      items: summary.filter((s) => s.group === group),
    }))
    .filter((g) => g.items.length > 0);
}

/**
 * The keys ticked at first: every optional item the plan includes.
 * @param summary - The plan's summary items.
 * @returns The keys.
 */
export function initialTicks(summary: PlanSummaryItem[]): string[] {
  return summary.filter((s) => !s.required && s.included).map((s) => s.key);
}
