// tnm_stage's planner rule: T, N and M recorded for a primary the AJCC tables cover → its stage group.
import { tnmStageContract } from '../../../common/contracts/tools';
import type { PlannerRule } from '../adapter';

/**
 * A tnm_stage rule: first round only.
 * @returns The rule.
 */
export function tnmStageRule(): PlannerRule {
  return {
    start({ facts: { primary, tnm }, nextId }) {
      if (!primary?.tnmSite || !tnm) return { calls: [] };
      const call = {
        id: nextId(),
        tool: tnmStageContract.name,
        args: { site: primary.tnmSite, t: tnm.t, n: tnm.n, m: tnm.m },
        reason:
          `T, N and M recorded for the ${primary.tumourType} (${tnm.sources.join(', ')}): AJCC 8th stage group` +
          (tnm.adjusted.length ? ` (read as ${tnm.adjusted.join(', ')}, the categories the AJCC table uses)` : ''),
      };
      return { calls: [call] };
    },
  };
}
