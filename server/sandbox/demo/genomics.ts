// Biomarker builders: Genomics Reporting variants and fusions, MSI, TMB and mismatch-repair immunohistochemistry.
import type { Observation, ObservationComponent, Patient, Specimen } from '@medplum/fhirtypes';
import { concept, type WithId } from './builders';
import { HGNC, LOINC, PROFILE, SYSTEM } from './codes';
import { observation } from './observations';

type Common = { id: string; subject: Patient & WithId; date: string; specimen?: Specimen & WithId; note?: string };

function geneStudied(symbol: string): ObservationComponent {
  const hgnc = (HGNC as Record<string, string>)[symbol];
  return {
    code: concept(SYSTEM.loinc, LOINC.geneStudied),
    valueCodeableConcept: hgnc ? concept(SYSTEM.hgnc, [hgnc, symbol], symbol) : { text: symbol },
  };
}

const SOMATIC: ObservationComponent = {
  code: concept(SYSTEM.loinc, ['48002-0', 'Genomic source class [Type]']),
  valueCodeableConcept: concept(SYSTEM.loinc, ['LA6684-0', 'Somatic']),
};

/** Inputs of {@link variant}. */
export interface VariantInput extends Common {
  gene: string;
  /** p.HGVS, three-letter amino acids, e.g. "p.Val600Glu". */
  protein?: string;
  /** c.HGVS, e.g. "c.1799T>A". */
  dna?: string;
  /** Variant allele fraction 0–1. */
  vaf?: number;
  /** False for a gene tested and found wild-type. */
  present?: boolean;
}

/** A Genomics Reporting variant Observation (present, or absent for a wild-type result). */
export function variant(v: VariantInput): Observation & WithId {
  const present = v.present ?? true;
  const component: ObservationComponent[] = [geneStudied(v.gene)];
  if (v.dna) component.push({ code: concept(SYSTEM.loinc, LOINC.dnaChange), valueCodeableConcept: { text: v.dna } });
  if (v.protein) {
    component.push({ code: concept(SYSTEM.loinc, LOINC.aminoAcidChange), valueCodeableConcept: { text: v.protein } });
  }
  if (present) component.push(SOMATIC);
  if (v.vaf !== undefined) {
    component.push({
      code: concept(SYSTEM.loinc, ['81258-6', 'Sample variant allelic frequency [NFr]']),
      valueQuantity: { value: v.vaf, unit: '1', system: SYSTEM.ucum, code: '1' },
    });
  }
  return observation({
    ...v,
    category: 'laboratory',
    code: concept(SYSTEM.loinc, LOINC.variantAssessment),
    value: { valueCodeableConcept: concept(SYSTEM.loinc, present ? LOINC.present : LOINC.absent) },
    profile: PROFILE.variant,
    component,
  });
}

/** A gene fusion as a Genomics Reporting variant: both partner genes studied, DNA change type "gene fusion". */
export function fusion(f: Common & { genes: [string, string]; description: string }): Observation & WithId {
  return observation({
    ...f,
    category: 'laboratory',
    code: concept(SYSTEM.loinc, LOINC.variantAssessment),
    value: { valueCodeableConcept: concept(SYSTEM.loinc, LOINC.present) },
    profile: PROFILE.variant,
    component: [
      geneStudied(f.genes[0]),
      geneStudied(f.genes[1]),
      { code: concept(SYSTEM.loinc, ['48019-4', 'DNA change type']), valueCodeableConcept: { text: 'gene fusion' } },
      { code: { text: 'Fusion description' }, valueString: f.description },
      SOMATIC,
    ],
  });
}

/** Microsatellite instability status as reported, e.g. "MSI-H (microsatellite instability-high)" or "MSS". */
export function msi(m: Common & { status: string; method?: string }): Observation & WithId {
  return observation({
    ...m,
    category: 'laboratory',
    code: concept(SYSTEM.loinc, LOINC.msi),
    value: { valueCodeableConcept: { text: m.status } },
    ...(m.method ? { component: [{ code: { text: 'Method' }, valueString: m.method }] } : {}),
  });
}

/** Tumor mutational burden in mutations per megabase. */
export function tmb(t: Common & { value: number }): Observation & WithId {
  return observation({
    ...t,
    category: 'laboratory',
    code: concept(SYSTEM.loinc, LOINC.tmb),
    value: { valueQuantity: { value: t.value, unit: 'mutations/Mb' } },
    interpretation: t.value >= 10 ? 'TMB-high (>= 10 mutations/Mb)' : 'TMB-low (< 10 mutations/Mb)',
  });
}

const MMR_PROTEINS = ['MLH1', 'PMS2', 'MSH2', 'MSH6'] as const;

/** Mismatch-repair protein immunohistochemistry: each protein retained or lost; proficient when all are retained. */
export function mmrIhc(m: Common & { lost?: (typeof MMR_PROTEINS)[number][] }): Observation & WithId {
  const lost = m.lost ?? [];
  const status = lost.length
    ? `Deficient (dMMR): loss of ${lost.join(' and ')}`
    : 'Proficient (pMMR): MLH1, PMS2, MSH2 and MSH6 retained';
  return observation({
    ...m,
    category: 'laboratory',
    code: { text: 'Mismatch repair protein expression by immunohistochemistry' },
    value: { valueCodeableConcept: { text: status } },
    component: MMR_PROTEINS.map((p) => ({
      code: { text: `${p} protein expression by immunohistochemistry` },
      valueString: lost.includes(p)
        ? 'Lost (no nuclear staining in tumor cells)'
        : 'Retained (intact nuclear staining)',
    })),
  });
}
