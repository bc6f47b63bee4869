// Molecular rules: histology with unknown MSI/KRAS/BRAF → predict_biomarkers; every known or predicted alteration →
// variant_actionability for the patient's tumour type; literature or web searches only when the question asks.
import { shortProtein } from '../../../common/protein';
import { FUSION_DRIVERS } from '../../tools/variant_actionability/knowledge';
import type { PlannedCall } from '../events';
import { questionAsks } from '../question';
import { knownTargets } from '../record/biomarkers';
import type { RecordFacts } from '../record/facts';
import type { WorkupToolCall } from '../workup-result';

const TARGETS = ['MSI', 'KRAS', 'BRAF'] as const;

/** A variant_actionability query; `key` dedupes the same alteration from several sources. */
interface Query {
  key: string;
  args: { gene?: string; alteration: string; tumorType?: string; partner?: string };
  why: string;
}

function recordQueries(facts: RecordFacts): Query[] {
  const tumorType = facts.primary?.tumourType;
  const b = facts.biomarkers;
  const queries: Query[] = b.variants
    .filter((v) => v.present)
    .map((v) => {
      // The 3' kinase is the actionable partner of a fusion; the record may list the genes either way round.
      const swap =
        v.alteration === 'fusion' && v.partner && FUSION_DRIVERS.has(v.partner) && !FUSION_DRIVERS.has(v.gene);
      const [gene, partner] = swap ? [v.partner!, v.gene] : [v.gene, v.partner];
      const shown =
        v.alteration === 'fusion'
          ? `${partner ? `${partner}::` : ''}${gene} fusion`
          : `${gene} ${shortProtein(v.alteration)}`;
      return {
        key: `${gene}|${v.alteration === 'fusion' ? 'fusion' : shortProtein(v.alteration)}`.toUpperCase(),
        args: { gene, alteration: v.alteration, ...(tumorType ? { tumorType } : {}), ...(partner ? { partner } : {}) },
        why: `${shown} in the record (${v.ref}${v.verified ? '' : ', unverified'})`,
      };
    });
  const msiH = b.msi.find((m) => m.status === 'MSI-H');
  const dmmr = b.mmr.find((m) => m.status === 'dMMR');
  if (msiH || dmmr) {
    const src = msiH ?? dmmr!;
    queries.push({
      key: 'MSI-H',
      args: { alteration: msiH ? 'MSI-H' : 'dMMR', ...(tumorType ? { tumorType } : {}) },
      why: `${msiH ? 'MSI-H' : 'dMMR'} in the record (${src.ref})`,
    });
  }
  const tmbHigh = b.tmb.find((t) => t.high);
  if (tmbHigh) {
    queries.push({
      key: 'TMB-H',
      args: { alteration: 'TMB-H', ...(tumorType ? { tumorType } : {}) },
      why: `TMB ${tmbHigh.value} mutations/Mb in the record (${tmbHigh.ref})`,
    });
  }
  return queries;
}

const toCall = (q: Query, id: string, tumour: string | undefined): PlannedCall => ({
  id,
  tool: 'variant_actionability',
  args: q.args,
  reason: `${q.why}: therapies and evidence levels${tumour ? ` for ${tumour}` : ''}`,
});

export interface MolecularPlan {
  calls: PlannedCall[];
  /** The predict_biomarkers call whose positive predictions are looked up next round. */
  predictCall?: string;
  queried: Set<string>;
}

/**
 * The molecular and search calls of the first round.
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @param nextId - Issues call ids.
 * @returns The calls and what to follow up.
 */
export function planMolecular(facts: RecordFacts, question: string, nextId: () => string): MolecularPlan {
  const tumour = facts.primary?.tumourType;
  const plan: MolecularPlan = { calls: [], queried: new Set() };
  const known = knownTargets(facts.biomarkers);
  const unknown = TARGETS.filter((t) => !known.has(t));
  const material = facts.histology[0];
  // The histology models were built for colorectal cancer; other tumours would be outside their intended use.
  const suitable = !facts.primary || facts.primary.kind === 'colorectal';
  if (material && unknown.length > 0 && suitable) {
    const call: PlannedCall = {
      id: nextId(),
      tool: 'predict_biomarkers',
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
    plan.calls.push(call);
    plan.predictCall = call.id;
  }
  for (const q of recordQueries(facts)) {
    if (plan.queried.has(q.key)) continue;
    plan.queried.add(q.key);
    plan.calls.push(toCall(q, nextId(), tumour));
  }
  const asks = questionAsks(question);
  const alterations = facts.biomarkers.variants
    .filter((v) => v.present)
    .map((v) => (v.alteration === 'fusion' ? `${v.gene} fusion` : `${v.gene} ${shortProtein(v.alteration)}`));
  const topic = [tumour ?? 'cancer', ...alterations.slice(0, 2), 'treatment'].join(' ');
  if (asks.literature) {
    plan.calls.push({
      id: nextId(),
      tool: 'pubmed_search',
      args: { query: topic, maxResults: 5 },
      reason: 'The question asks for published or recent evidence',
    });
  }
  if (asks.web) {
    plan.calls.push({
      id: nextId(),
      tool: 'web_search',
      args: { query: topic, maxResults: 5 },
      reason: 'The question asks for information from the web',
    });
  }
  return plan;
}

/**
 * variant_actionability calls for the positive predictions of a finished predict_biomarkers call.
 * @param plan - The molecular plan (already-queried alterations are skipped).
 * @param call - The finished prediction.
 * @param facts - The record's facts (tumour type).
 * @param nextId - Issues call ids.
 * @returns Calls for predicted MSI-H, KRAS mutation, BRAF V600E.
 */
export function lookupsForPredictions(
  plan: MolecularPlan,
  call: WorkupToolCall | undefined,
  facts: RecordFacts,
  nextId: () => string
): PlannedCall[] {
  const out =
    call?.status === 'ok' ? (call.output as { predictions?: { target: string; label: string }[] }) : undefined;
  const tumour = facts.primary?.tumourType;
  const queries: Query[] = (out?.predictions ?? []).flatMap((p): Query[] => {
    const why = `${p.label} predicted from histology (${call!.id}, not a test result)`;
    const t = tumour ? { tumorType: tumour } : {};
    if (p.target === 'MSI' && p.label === 'MSI-H') return [{ key: 'MSI-H', args: { alteration: 'MSI-H', ...t }, why }];
    if (p.target === 'KRAS' && /mutated/i.test(p.label))
      return [{ key: 'KRAS|ONCOGENIC', args: { gene: 'KRAS', alteration: 'oncogenic mutation', ...t }, why }];
    if (p.target === 'BRAF' && /V600E/i.test(p.label))
      return [{ key: 'BRAF|V600E', args: { gene: 'BRAF', alteration: 'V600E', ...t }, why }];
    return [];
  });
  return queries
    .filter((q) => !plan.queried.has(q.key))
    .map((q) => {
      plan.queried.add(q.key);
      return toCall(q, nextId(), tumour);
    });
}
