// Scores a planner's tool choice against a case's expected tools: recall of the expected calls and the calls beyond
// them. A tool may count several calls as one through its eval hook (segment_lesion counts one per image, because the
// reference study's segmentation tool took every box of one image in one call while ours takes one box per call).
import type { PlannedCall } from '../../common/contracts';
import { evalKeyOf } from '../tools/adapter-registry';

export interface ToolScore {
  planned: Record<string, number>;
  matched: number;
  expectedTotal: number;
  superfluous: number;
  missing: string[];
  extra: string[];
}

/**
 * Counts planned calls per tool (calls with the same eval key of their tool, e.g. one image, count once).
 * @param calls - Planned calls (first round and follow-ups).
 * @returns Tool → count.
 */
export function countTools(calls: Pick<PlannedCall, 'tool' | 'args'>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const seen = new Set<string>();
  for (const c of calls) {
    const key = evalKeyOf(c);
    if (key !== undefined) {
      const id = JSON.stringify([c.tool, key]);
      if (seen.has(id)) continue;
      seen.add(id);
    }
    counts[c.tool] = (counts[c.tool] ?? 0) + 1;
  }
  return counts;
}

/**
 * Compares planned with expected counts.
 * @param planned - Tool → planned count.
 * @param expected - Tool → expected count.
 * @returns Matched calls, the expected total, calls beyond the expectation and the tools missing or extra.
 */
export function scoreTools(planned: Record<string, number>, expected: Record<string, number>): ToolScore {
  let matched = 0;
  let superfluous = 0;
  const missing: string[] = [];
  const extra: string[] = [];
  for (const [tool, want] of Object.entries(expected)) {
    const got = planned[tool] ?? 0;
    matched += Math.min(got, want);
    if (got < want) missing.push(`${tool}×${want - got}`);
  }
  for (const [tool, got] of Object.entries(planned)) {
    const over = got - (expected[tool] ?? 0);
    if (over > 0) {
      superfluous += over;
      extra.push(`${tool}×${over}`);
    }
  }
  const expectedTotal = Object.values(expected).reduce((a, b) => a + b, 0);
  return { planned, matched, expectedTotal, superfluous, missing, extra };
}

/** Totals of one tool over all cases: calls expected, calls matched and calls planned beyond the expectation. */
export interface ToolTotals {
  expected: number;
  matched: number;
  superfluous: number;
}

/**
 * Sums each tool's expected, matched and superfluous calls over all cases (aggregate only: no case ids).
 * @param scores - Each case's planned and expected counts.
 * @returns Tool → totals, tools sorted by name.
 */
export function perToolTotals(
  scores: { planned: Record<string, number>; expected: Record<string, number> }[]
): Record<string, ToolTotals> {
  const totals: Record<string, ToolTotals> = {};
  const of = (tool: string): ToolTotals => {
    totals[tool] ??= { expected: 0, matched: 0, superfluous: 0 };
    return totals[tool];
  };
  for (const { planned, expected } of scores) {
    for (const tool of new Set([...Object.keys(planned), ...Object.keys(expected)])) {
      const got = planned[tool] ?? 0;
      const want = expected[tool] ?? 0;
      const t = of(tool);
      t.expected += want;
      t.matched += Math.min(got, want);
      t.superfluous += Math.max(0, got - want);
    }
  }
  return Object.fromEntries(Object.entries(totals).sort(([a], [b]) => a.localeCompare(b)));
}

const STOP = new Set(
  'about above after again against also because been before being between both could does doing during each from further have having here into itself more most other over same should some such than that their them then there these they this those through under until very what when where which while will with would your given consider'.split(
    ' '
  )
);

/**
 * Completeness proxy: the share of expected statements whose key terms mostly (≥ 60 %) appear in the report.
 * @param statements - Expected statements.
 * @param report - The report text.
 * @returns A share 0–1 (1 when there is nothing to cover).
 */
export function completeness(statements: string[], report: string): number {
  if (statements.length === 0) return 1;
  const text = report.toLowerCase();
  const covered = statements.filter((s) => {
    const terms = [...new Set(s.toLowerCase().match(/[a-z0-9][a-z0-9-]{3,}/g) ?? [])].filter((t) => !STOP.has(t));
    return terms.length === 0 || terms.filter((t) => text.includes(t)).length / terms.length >= 0.6;
  });
  return covered.length / statements.length;
}
