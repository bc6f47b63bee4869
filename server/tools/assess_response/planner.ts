// assess_response's own planner rule: when no lesion is marked on images at two time points (segment_lesion's rule
// then asks for the comparison itself), measurements written in imaging reports at two time points — or a report
// giving current and prior sizes — are compared by RECIST 1.1. Pathology sizes and two staging scans taken before any
// treatment started are not a response.
import type { PlannedCall } from '../../../common/contracts';
import { assessResponseContract } from '../../../common/contracts/tools';
import { isImagingText, reportLesions, type TextLesion } from '../../agent/planner/report-measurements';
import type { RecordFacts } from '../../agent/record/facts';
import type { PlannerRule } from '../adapter';

type Pair = { id: string; site?: string; isLymphNode: boolean; base: number; follow: number };

const lesionArg = (p: Pair, mm: number) => ({
  id: p.id,
  ...(p.site ? { site: p.site } : {}),
  ...(p.isLymphNode ? { isLymphNode: true } : {}),
  diameterMm: mm,
});

/** Pairs lesions of two reports by site (in order within a site), else by order. */
function pairReports(base: TextLesion[], follow: TextLesion[]): Pair[] {
  const used = new Set<number>();
  return base.flatMap((b, i): Pair[] => {
    const j = follow.findIndex((f, k) => !used.has(k) && (b.site ? f.site === b.site : !f.site));
    if (j < 0) return [];
    used.add(j);
    const f = follow[j]!;
    return [
      {
        id: `${b.site ?? 'lesion'}-${i + 1}`.replace(/\s+/g, '-'),
        site: b.site,
        isLymphNode: b.isLymphNode,
        base: b.mm,
        follow: f.mm,
      },
    ];
  });
}

/**
 * Whether the later of two scans precedes every dated line of systemic therapy: two staging scans before the first
 * treatment measure no response (RECIST 1.1 compares a baseline with a follow-up on or after treatment).
 */
function beforeAnyTreatment(facts: RecordFacts, lastDate: string | undefined): boolean {
  const starts = facts.therapyLines.map((l) => l.start).filter((s) => /^\d{4}-\d{2}$/.test(s));
  return !!lastDate && starts.length > 0 && starts.every((s) => s > lastDate.slice(0, 7));
}

function plan(facts: RecordFacts): { pairs: Pair[]; why: string } | undefined {
  const reports = facts.texts
    .filter(isImagingText)
    .map((t) => ({ t, lesions: reportLesions(t) }))
    .filter((r) => r.lesions.length > 0)
    .sort((a, b) => (a.t.date ?? '').localeCompare(b.t.date ?? ''));
  if (reports.length >= 2 && !beforeAnyTreatment(facts, reports.at(-1)!.t.date)) {
    const [first, last] = [reports[0]!, reports.at(-1)!];
    const pairs = first.t.date && first.t.date === last.t.date ? [] : pairReports(first.lesions, last.lesions);
    if (pairs.length) return { pairs, why: `measurements in ${first.t.ref} and ${last.t.ref}` };
  }
  const latest = reports.at(-1);
  const withPrior = latest?.lesions.filter((l) => l.priorMm !== undefined) ?? [];
  if (!latest || withPrior.length === 0) return undefined;
  const pairs = withPrior.map((l, i) => ({
    id: `${l.site ?? 'lesion'}-${i + 1}`.replace(/\s+/g, '-'),
    site: l.site,
    isLymphNode: l.isLymphNode,
    base: l.priorMm!,
    follow: l.mm,
  }));
  return { pairs, why: `current and prior sizes in ${latest.t.ref}` };
}

/**
 * An assess_response rule: first round only, and only when the images carry no lesion marks at two time points.
 * @returns The rule.
 */
export function assessResponseRule(): PlannerRule {
  return {
    start({ facts, nextId }) {
      if (facts.imaging.filter((t) => t.lesions.length > 0).length >= 2) return { calls: [] };
      const found = plan(facts);
      if (!found) return { calls: [] };
      const call: PlannedCall = {
        id: nextId(),
        tool: assessResponseContract.name,
        args: {
          baseline: found.pairs.map((p) => lesionArg(p, p.base)),
          followUp: found.pairs.map((p) => lesionArg(p, p.follow)),
        },
        reason: `RECIST 1.1 from lesion diameters written in imaging reports (${found.why}; ${found.pairs.length} target lesion${found.pairs.length > 1 ? 's' : ''}, as reported, not re-measured)`,
      };
      return { calls: [call] };
    },
  };
}
