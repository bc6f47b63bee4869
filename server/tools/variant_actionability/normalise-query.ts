// Normalises a whole query: gene symbol (aliases, case), alteration, fusion partner, and tumour type (kept alongside the original text).
import { ToolInputError } from '../types';
import { normaliseAlteration } from './normalise-alteration';
import { mapTumourType } from './tumour-types';
import type { NormalisedQuery } from './types';

// Common non-HGNC names clinicians and reports use.
const GENE_ALIASES: Record<string, string> = {
  HER2: 'ERBB2',
  'HER-2': 'ERBB2',
  NEU: 'ERBB2',
  HER1: 'EGFR',
  HER3: 'ERBB3',
  'C-MET': 'MET',
  CMET: 'MET',
  TRKA: 'NTRK1',
  TRKB: 'NTRK2',
  TRKC: 'NTRK3',
  'CLDN18.2': 'CLDN18',
  'CLAUDIN18.2': 'CLDN18',
  'CLAUDIN 18.2': 'CLDN18',
  MSI: '',
  MMR: '',
  TMB: '',
};

export interface QueryInput {
  gene?: string;
  alteration: string;
  tumorType?: string;
  partner?: string;
}

/**
 * Normalises the tool's arguments.
 * @param input - gene, alteration, tumorType and fusion partner as given.
 * @param fusionDrivers - Genes the knowledge has fusion entries for (picks the driver of 'EML4-ALK' when gene is omitted).
 * @returns The normalised query.
 * @throws ToolInputError naming the problem.
 */
export function normaliseQuery(input: QueryInput, fusionDrivers: ReadonlySet<string>): NormalisedQuery {
  let gene = normaliseGene(input.gene);
  // Callers often repeat the gene in the alteration ('KRAS G12C', 'BRAF p.V600E').
  let text = input.alteration.trim();
  if (gene && text.toUpperCase().startsWith(`${gene} `)) text = text.slice(gene.length + 1);
  if (input.gene && text.toUpperCase().startsWith(`${input.gene.trim().toUpperCase()} `)) {
    text = text.slice(input.gene.trim().length + 1);
  }
  let alteration = normaliseAlteration(text, gene);
  const biomarker = alteration.classes.includes('msi-h') || alteration.classes.includes('tmb-h');
  if (alteration.fusionGenes && !gene) {
    const [a, b] = alteration.fusionGenes;
    gene = fusionDrivers.has(b) || !fusionDrivers.has(a) ? b : a;
    alteration = { ...alteration, partner: gene === a ? b : a };
  }
  if (!gene && !biomarker && alteration.kind !== 'status') {
    throw new ToolInputError(
      'gene is required (HGNC symbol such as KRAS) except for MSI-H/dMMR and TMB-H biomarker queries'
    );
  }
  if (input.partner?.trim()) {
    if (!alteration.classes.includes('fusion')) {
      throw new ToolInputError(
        `partner '${input.partner}' given, but alteration '${input.alteration}' is not a fusion`
      );
    }
    alteration = { ...alteration, partner: normaliseGene(input.partner) };
  }
  const tumourText = input.tumorType?.trim() || undefined;
  return { gene, alteration, tumourText, tumourCode: tumourText ? mapTumourType(tumourText) : undefined };
}

/**
 * Upper-cases a gene symbol and resolves common aliases (HER2 → ERBB2).
 * @param raw - As written.
 * @returns The HGNC symbol, or undefined when empty (or a biomarker word like 'MSI').
 * @throws ToolInputError when it cannot be a gene symbol.
 */
export function normaliseGene(raw: string | undefined): string | undefined {
  const upper = raw?.trim().toUpperCase();
  if (!upper) return undefined;
  const aliased = GENE_ALIASES[upper] ?? upper;
  if (!aliased) return undefined;
  if (!/^[A-Z][A-Z0-9-]{0,14}$/.test(aliased))
    throw new ToolInputError(`'${raw}' is not a gene symbol (HGNC, e.g. KRAS, ERBB2)`);
  return aliased;
}
