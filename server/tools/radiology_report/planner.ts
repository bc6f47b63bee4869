// radiology_report's planner rule: imaging studies with a retrievable key image and no marked lesion (marked ones are
// measured by segment_lesion) → one call that reads them (and compares them when there are several), with the
// clinician's question. Reported studies are read too: the workflow reads the images, not only the report about them.
import { radiologyReportContract } from '../../../common/contracts/tools';
import type { PlannerRule } from '../adapter';

const MAX_REPORT_IMAGES = 6;

/**
 * A radiology_report rule: first round only.
 * @returns The rule.
 */
export function radiologyReportRule(): PlannerRule {
  return {
    start({ facts, question, nextId }) {
      const unread = facts.imaging.filter((t) => t.lesions.length === 0 && t.keyImage);
      const unreported = unread.filter((t) => t.reports.length === 0).length;
      if (unread.length === 0) return { calls: [] };
      const images = unread.slice(-MAX_REPORT_IMAGES).map((t) => ({
        image: t.keyImage!,
        label: `${t.modality ?? 'Image'} ${t.date ?? ''} ${t.description}`.trim().slice(0, 100),
        ...(t.date && /^\d{4}-\d{2}-\d{2}$/.test(t.date) ? { date: t.date } : {}),
      }));
      const call = {
        id: nextId(),
        tool: radiologyReportContract.name,
        args: { images, ...(question ? { question: question.slice(0, 1000) } : {}) },
        reason:
          `${unread.length} imaging ${unread.length === 1 ? 'study' : 'studies'} with retrievable images ` +
          `(${unreported} without a report): describe${unread.length > 1 ? ' and compare' : ''} the images`,
      };
      return { calls: [call] };
    },
  };
}
