// variant_actionability's planner rule: every alteration the record establishes in a gene with targeted or predictive
// meaning (not a variant of uncertain significance) → a lookup for the patient's tumour type; once a histology
// prediction has run, its positive predictions too (each alteration looked up once).
import type { PlannedCall, WorkupToolCall } from '../../../common/contracts';
import { predictBiomarkersContract, toolOutput, variantActionabilityContract } from '../../../common/contracts/tools';
import { shortProtein } from '../../../common/protein';
import { alterationClass, textAlterations } from '../../agent/planner/text-alterations';
import type { RecordFacts } from '../../agent/record/facts';
import type { PlannerRule } from '../adapter';
import { FUSION_DRIVERS } from './knowledge';

/**
 * Tumour-suppressor and pathway genes without a targeted option or predictive use in GI or thoracic guidance (OncoKB
 * gives them no therapeutic level): their mutations are reported, not looked up.
 */
const NO_TARGET_GENES =
  /^(TP53|APC|SMAD4|CDKN2A|CDKN2B|ARID1A|ARID2|FBXW7|SOX9|TCF7L2|CTNNB1|AXIN1|AXIN2|TERT|KMT2[A-D]|LRP1B|SMAD2|ACVR2A|ELF3|GNAS|ZNRF3|PTPRT|BCOR|NOTCH[1-4]|STK11|KEAP1|RB1|PTEN)$/i;

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
    .filter((v) => v.present && !v.uncertain && !NO_TARGET_GENES.test(v.gene))
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
  return [...queries, ...textQueries(facts, queries)];
}

/** Alterations written only in report or note text (not yet structured); a gene already looked up is not repeated. */
function textQueries(facts: RecordFacts, structured: Query[]): Query[] {
  const tumorType = facts.primary?.tumourType;
  // One lookup per gene and alteration class: a report restating a structured result is not a second alteration.
  const genes = new Set(structured.map((q) => `${q.args.gene}|${alterationClass(q.args.alteration)}`));
  const keys = new Set(structured.map((q) => q.key));
  return textAlterations(facts.texts).flatMap((a): Query[] => {
    const t = tumorType ? { tumorType } : {};
    if (!a.gene) {
      const key = a.alteration === 'TMB-H' ? 'TMB-H' : 'MSI-H';
      if (keys.has(key)) return [];
      keys.add(key);
      return [{ key, args: { alteration: a.alteration, ...t }, why: `${a.alteration} written in ${a.ref}` }];
    }
    if (genes.has(`${a.gene}|${alterationClass(a.alteration)}`)) return [];
    const [gene, partner] =
      a.alteration === 'fusion' && a.partner && FUSION_DRIVERS.has(a.partner) && !FUSION_DRIVERS.has(a.gene)
        ? [a.partner, a.gene]
        : [a.gene, a.partner];
    const shown =
      a.alteration === 'fusion' ? `${partner ? `${partner}::` : ''}${gene} fusion` : `${gene} ${a.alteration}`;
    return [
      {
        key: `${gene}|${a.alteration}`.toUpperCase(),
        args: { gene, alteration: a.alteration, ...t, ...(partner ? { partner } : {}) },
        why: `${shown} written in ${a.ref} (text, not a structured result)`,
      },
    ];
  });
}

const toCall = (q: Query, id: string, tumour: string | undefined): PlannedCall => ({
  id,
  tool: variantActionabilityContract.name,
  args: q.args,
  reason: `${q.why}: therapies and evidence levels${tumour ? ` for ${tumour}` : ''}`,
});

/** Lookups for the positive predictions of a finished predict_biomarkers call (MSI-H, KRAS mutation, BRAF V600E). */
function predictedQueries(call: WorkupToolCall | undefined, facts: RecordFacts): Query[] {
  const out = toolOutput(call, predictBiomarkersContract.name);
  const tumour = facts.primary?.tumourType;
  return (out?.predictions ?? []).flatMap((p): Query[] => {
    const why = `${p.label} predicted from histology (${call!.id}, not a test result)`;
    const t = tumour ? { tumorType: tumour } : {};
    if (p.target === 'MSI' && p.label === 'MSI-H') return [{ key: 'MSI-H', args: { alteration: 'MSI-H', ...t }, why }];
    if (p.target === 'KRAS' && /mutated/i.test(p.label))
      return [{ key: 'KRAS|ONCOGENIC', args: { gene: 'KRAS', alteration: 'oncogenic mutation', ...t }, why }];
    if (p.target === 'BRAF' && /V600E/i.test(p.label))
      return [{ key: 'BRAF|V600E', args: { gene: 'BRAF', alteration: 'V600E', ...t }, why }];
    return [];
  });
}

/**
 * A fresh variant_actionability rule for one workup: recorded alterations first, predicted ones once the prediction
 * (if any was planned) has run.
 * @returns The rule.
 */
export function variantActionabilityRule(): PlannerRule {
  const queried = new Set<string>();
  const fresh = (queries: Query[], nextId: () => string, tumour: string | undefined): PlannedCall[] => {
    const calls: PlannedCall[] = [];
    // TMB-H beside MSI-H/dMMR asks the same question (checkpoint inhibitor eligibility): one lookup answers both.
    const hypermutated = queried.has('MSI-H') || queries.some((q) => q.key === 'MSI-H');
    for (const q of queries) {
      if (queried.has(q.key) || (q.key === 'TMB-H' && hypermutated)) continue;
      queried.add(q.key);
      calls.push(toCall(q, nextId(), tumour));
    }
    return calls;
  };
  return {
    start: ({ facts, nextId }) => ({ calls: fresh(recordQueries(facts), nextId, facts.primary?.tumourType) }),
    next({ facts, planned, calls, nextId }) {
      const predictions = planned.filter((c) => c.tool === predictBiomarkersContract.name);
      if (predictions.length === 0) return { done: true };
      if (!predictions.every((p) => calls.some((c) => c.id === p.id))) return { done: false };
      const queries = predictions.flatMap((p) =>
        predictedQueries(
          calls.find((c) => c.id === p.id),
          facts
        )
      );
      return { calls: fresh(queries, nextId, facts.primary?.tumourType), done: true };
    },
  };
}
