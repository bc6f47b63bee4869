// variant_actionability's write-back: therapeutic-implication Observations aligned with Genomics Reporting, one per
// matched therapy or resistance, derived from the variant Observation the workup cited with the call; and the variant
// knowledge (source and version) the Provenance names.
import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import type { WorkupResult } from '../../../common/contracts';
import { citedWith } from '../../writeback/citations';
import { CS, category, obsCode, ours, PROFILE, SYS } from '../../writeback/codes';
import { type BuildContext, type NotWritten, type PlanItem, workupItem } from '../../writeback/items';
import { ActionabilityOut, callsOf, type TherapyOutput } from '../../writeback/outputs';
import type { KnowledgeSource } from '../adapter';

const LOINC = (code: string, display: string) => ({ coding: [{ system: SYS.loinc, code, display }] });

function implication(
  ctx: BuildContext,
  alteration: string,
  t: TherapyOutput,
  effect: 'responsive' | 'resistant',
  knowledge: string,
  variants: string[]
): Observation {
  const component: ObservationComponent[] = [
    ...t.drugs.map((drug) => ({
      code: LOINC('51963-7', 'Medication assessed [ID]'),
      valueCodeableConcept: { text: drug },
    })),
    {
      code: LOINC('93044-6', 'Level of evidence'),
      valueCodeableConcept: ours(CS.evidenceLevel, t.level, `Level ${t.level}`),
    },
    { code: LOINC('81259-4', 'Associated phenotype'), valueCodeableConcept: { text: t.tumorType } },
    {
      code: { coding: [{ system: SYS.genomicsTbd, code: 'predicted-therapeutic-implication' }] },
      valueCodeableConcept: ours(CS.therapyEffect, effect, effect === 'responsive' ? 'Responsive' : 'Resistant'),
    },
    { code: obsCode('alteration-assessed', 'Alteration assessed'), valueCodeableConcept: { text: alteration } },
  ];
  const evidence = [
    `${t.source}${t.year ? ` (${t.year})` : ''}`,
    t.matchType === 'other tumour type' ? 'evidence from another tumour type' : undefined,
    t.note,
    t.pmids?.length ? `PMID ${t.pmids.join(', ')}` : undefined,
    `knowledge: ${knowledge}`,
  ]
    .filter((part): part is string => Boolean(part))
    .map((part) => part.replace(/[.;\s]+$/, ''));
  return {
    resourceType: 'Observation',
    meta: { profile: [PROFILE.therapeuticImplication] },
    status: 'preliminary',
    category: [
      category('laboratory', 'Laboratory'),
      { coding: [{ system: SYS.diagnosticService, code: 'GE', display: 'Genetics' }] },
    ],
    code: { coding: [{ system: SYS.genomicsTbd, code: 'therapeutic-implication' }], text: 'Therapeutic implication' },
    subject: ctx.patient,
    issued: ctx.issued,
    ...(variants.length ? { derivedFrom: variants.map((reference) => ({ reference })) } : {}),
    note: [{ text: evidence.join('; ') }],
    component,
  };
}

/**
 * The therapy items of a workup.
 * @param ctx - The build context.
 * @returns One item per therapy and per resistance of each variant_actionability call, and what could not be written.
 */
export function therapyItems(ctx: BuildContext): { items: PlanItem[]; notWritten: NotWritten[] } {
  const group = 'Therapy matches' as const;
  const { calls, problems } = callsOf(ctx.workup, 'variant_actionability', ActionabilityOut);
  const items: PlanItem[] = [];
  for (const { call, output } of calls) {
    const gene = output.query.normalised.gene ?? output.query.gene;
    const alteration = [gene, output.query.normalised.alteration].filter(Boolean).join(' ');
    const knowledge = `${output.source === 'oncokb' ? 'OncoKB' : 'OncoAgent offline knowledge'} ${output.knowledgeVersion}`;
    const variants = citedWith(ctx.workup, call.id, 'Observation');
    const all = [
      ...output.therapies.map((t) => ({ t, effect: 'responsive' as const })),
      ...output.resistance.map((t) => ({ t, effect: 'resistant' as const })),
    ];
    all.forEach(({ t, effect }, i) => {
      const resource = implication(ctx, alteration, t, effect, knowledge, variants);
      const verb = effect === 'responsive' ? 'may respond to' : 'resistant to';
      const text = `${alteration}: ${verb} ${t.drugs.join(' + ')} — level ${t.level}, ${t.tumorType} (${t.source})`;
      items.push(workupItem(ctx, `therapy:${call.id}:${i}`, group, text, resource));
    });
  }
  return { items, notWritten: problems.map((p) => ({ group, text: `Tool call ${p.id}`, reason: p.reason })) };
}

/**
 * The variant knowledge the workup's lookups used (one source per call, duplicates included).
 * @param workup - The workup.
 * @returns Source and version of each lookup, as the Provenance names them.
 */
export function variantKnowledge(workup: WorkupResult): KnowledgeSource[] {
  return callsOf(workup, 'variant_actionability', ActionabilityOut).calls.map(({ output }) => ({
    value: `variant-knowledge:${output.source}@${output.knowledgeVersion}`,
    display: `${output.source === 'oncokb' ? 'OncoKB' : 'OncoAgent offline variant knowledge'} ${output.knowledgeVersion}`,
  }));
}
