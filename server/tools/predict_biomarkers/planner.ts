// predict_biomarkers' planner rule: colorectal histology with MSI, KRAS or BRAF not established in the record → predict
// them (variant_actionability's rule looks up the positive predictions afterwards).
import type { PlannedCall } from '../../../common/contracts';
import { predictBiomarkersContract } from '../../../common/contracts/tools';
import { knownTargets } from '../../agent/record/biomarkers';
import type { PlannerRule } from '../adapter';

const TARGETS = ['MSI', 'KRAS', 'BRAF'] as const;

/**
 * A predict_biomarkers rule: first round only.
 * @returns The rule.
 */
export function predictBiomarkersRule(): PlannerRule {
  return {
    start({ facts, nextId }) {
      const known = knownTargets(facts.biomarkers);
      const unknown = TARGETS.filter((t) => !known.has(t));
      const material = facts.histology[0];
      // The histology models were built for colorectal cancer; other tumours would be outside their intended use.
      const suitable = !facts.primary || facts.primary.kind === 'colorectal';
      if (!material || unknown.length === 0 || !suitable) return { calls: [] };
      const call: PlannedCall = {
        id: nextId(),
        tool: predictBiomarkersContract.name,
        args: { features: material.ref, targets: unknown },
        reason:
          `${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not established in the record and histology is available ` +
          `(${material.ref}${material.kind === 'slide' ? ', a slide image' : ', a tile-feature bag'}); positive predictions will be looked up`,
        ...(material.kind === 'slide'
          ? {
              unavailable: `${material.ref} is a slide image without extracted tile features; the biomarker model reads feature bags and no feature extractor is installed here`,
            }
          : {}),
      };
      return { calls: [call] };
    },
  };
}
