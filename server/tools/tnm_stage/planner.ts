// tnm_stage's planner rule: T, N and M known for a primary the AJCC tables cover (structured, else written in result
// text) and no stage group recorded → its stage group.

import { tnmStageContract } from '../../../common/contracts/tools';
import { recordedStageGroup, textTnm } from '../../agent/planner/text-tnm';
import type { PlannerRule } from '../adapter';

/**
 * A tnm_stage rule: first round only.
 * @returns The rule.
 */
export function tnmStageRule(): PlannerRule {
  return {
    start({ facts: { primary, tnm, texts }, nextId }) {
      if (!primary?.tnmSite || recordedStageGroup(texts)) return { calls: [] };
      const found = tnm ?? textTnm(primary.tnmSite, texts);
      if (!found) return { calls: [] };
      const adjusted = tnm?.adjusted ?? [];
      const call = {
        id: nextId(),
        tool: tnmStageContract.name,
        args: { site: primary.tnmSite, t: found.t, n: found.n, m: found.m },
        reason:
          `T, N and M recorded for the ${primary.tumourType} (${found.sources.join(', ')}) and no stage group: AJCC 8th stage group` +
          (adjusted.length ? ` (read as ${adjusted.join(', ')}, the categories the AJCC table uses)` : ''),
      };
      return { calls: [call] };
    },
  };
}
