// predict_biomarkers' planner rule: histology of a GI adenocarcinoma (or an unnamed primary) → predict MSI, KRAS and
// BRAF, as the published workflow does routinely (Ferber et al., Nature Cancer 2025): targets not yet established are
// predicted to fill the gap, established ones to cross-check the reported status (conflicts.ts reports agreement or
// conflict); variant_actionability's rule looks up the positive predictions afterwards.
import type { PlannedCall } from '../../../common/contracts';
import { predictBiomarkersContract } from '../../../common/contracts/tools';
import { knownTargets } from '../../agent/record/biomarkers';
import type { TumourKind } from '../../agent/record/tumour';
import type { PlannerRule } from '../adapter';

const TARGETS = ['MSI', 'KRAS', 'BRAF'] as const;
/** Histology models for MSI/KRAS/BRAF were built and validated on colorectal and gastro-oesophageal adenocarcinoma. */
const SUITABLE = new Set<TumourKind>(['colorectal', 'gastric', 'oesophageal']);
const OTHER_HISTOLOGY = /squamous|neuroendocrine|small[- ]cell|lymphoma|sarcoma|melanoma/i;

/**
 * A predict_biomarkers rule: first round only.
 * @returns The rule.
 */
export function predictBiomarkersRule(): PlannerRule {
  return {
    start({ facts, nextId }) {
      const material = facts.histology[0];
      // The models read adenocarcinoma morphology: a squamous or neuroendocrine carcinoma of the same organ is out of
      // their domain, and a prediction there would be noise, not a cross-check.
      const suitable =
        !facts.primary || (SUITABLE.has(facts.primary.kind) && !OTHER_HISTOLOGY.test(facts.primary.text));
      if (!material || !suitable) return { calls: [] };
      const known = knownTargets(facts.biomarkers);
      const unknown = TARGETS.filter((t) => !known.has(t));
      const checked = TARGETS.filter((t) => known.has(t));
      const parts = [
        unknown.length ? `${unknown.join(', ')} not established in the record` : '',
        checked.length ? `${checked.join(', ')} reported: predicted to cross-check the reported status` : '',
      ].filter(Boolean);
      const call: PlannedCall = {
        id: nextId(),
        tool: predictBiomarkersContract.name,
        args: { features: material.ref, targets: [...TARGETS] },
        reason:
          `Histology is available (${material.ref}${material.kind === 'slide' ? ', a slide image' : ', a tile-feature bag'}); ` +
          `${parts.join('; ')}; positive predictions will be looked up`,
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
