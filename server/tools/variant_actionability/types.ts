// Shapes shared by the normaliser, the offline knowledge, the OncoKB mapping and the tool output.
import type { Level } from '../../../common/contracts/tools/variant-actionability';
import type { TumourCode } from './tumour-types';

/** OncoKB-style levels: 1 FDA-recognised here, 2 guideline standard here, 3A/3B clinical evidence here/elsewhere, 4 biological, R1/R2 resistance. */
export type { Level } from '../../../common/contracts/tools/variant-actionability';
export const SENSITIVE_LEVELS: readonly Level[] = ['1', '2', '3A', '3B', '4'];
export const RESISTANCE_LEVELS: readonly Level[] = ['R1', 'R2'];

/** Rank for sorting: lower is stronger. */
export function levelRank(level: Level): number {
  return ['1', '2', '3A', '3B', '4', 'R1', 'R2'].indexOf(level);
}

/** The strongest of some levels, or null. */
export function highestLevel(levels: Level[]): Level | null {
  return levels.length ? levels.reduce((a, b) => (levelRank(b) < levelRank(a) ? b : a)) : null;
}

/** Alteration classes the knowledge and the normaliser share. */
export type AlterationClass =
  | 'amplification'
  | 'deletion'
  | 'overexpression'
  | 'fusion'
  | 'msi-h'
  | 'tmb-h'
  | 'exon19del'
  | 'exon20ins'
  | 'met-ex14'
  | 'lof'
  | 'oncogenic';

export type ProteinEffect =
  | 'missense'
  | 'codon'
  | 'nonsense'
  | 'frameshift'
  | 'inframe-del'
  | 'inframe-ins'
  | 'delins'
  | 'splice'
  | 'synonymous';

/** An alteration after normalisation. `kind` 'status' covers inputs that are not alterations (wild-type, MSS, negative, low TMB). */
export interface NormalisedAlteration {
  kind: 'protein' | 'class' | 'status';
  /** Canonical text: 'V600E', 'E746_A750del', 'Amplification', 'Fusion', 'MSI-H/dMMR', 'Wild-type'. */
  display: string;
  protein?: { ref: string; pos: number; end?: number; alt?: string; effect: ProteinEffect };
  /** Classes this alteration belongs to, for matching class-level knowledge. */
  classes: AlterationClass[];
  partner?: string;
  /** Both genes when a fusion was written as a pair ('EML4-ALK'), in the order written. */
  fusionGenes?: [string, string];
  germline?: boolean;
}

export interface NormalisedQuery {
  /** HGNC symbol, upper case; absent for biomarker-only calls. */
  gene?: string;
  alteration: NormalisedAlteration;
  tumourCode?: TumourCode;
  tumourText?: string;
}

export type { ActionabilityOutput, MatchType, TherapyOut } from '../../../common/contracts/tools/variant-actionability';
