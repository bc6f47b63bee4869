// The schema of the bundled offline knowledge: entries of gene + alteration pattern, each with its therapies and their evidence.
import type { TumourCode } from '../tumour-types';
import type { AlterationClass, Level } from '../types';

export interface KbTherapy {
  /** Generic drug names in lower case; several = a combination. */
  drugs: string[];
  level: Level;
  /** Tumour types the level holds in ('solid' = tumour-agnostic). */
  tumourTypes: TumourCode[];
  /** Tumour types the indication explicitly leaves out (and where it is not offered even as other-tumour evidence). */
  excludes?: TumourCode[];
  /** Why the excluded tumour types are left out (shown as a note there). */
  excludeReason?: string;
  note?: string;
  /** 'FDA label (2024)', 'NCCN Colon 2025', 'ESMO mCRC 2023'… */
  source: string;
  year: number;
}

export interface KbNote {
  text: string;
  /** Only shown for these tumour types; always when absent. */
  tumourTypes?: TumourCode[];
  source: string;
  year: number;
}

export interface KbEntry {
  /** HGNC symbol, or BIOMARKER for tumour-wide biomarkers (MSI-H/dMMR, TMB-H). */
  gene: string;
  /** Human-readable pattern, e.g. 'KRAS codons 12, 13, 59, 61, 117, 146'. */
  label: string;
  /** Exact protein changes (1-letter, no 'p.'). */
  exact?: string[];
  /** Any missense change at these codons. */
  codons?: number[];
  classes?: AlterationClass[];
  /** With 'fusion': only fusions with this partner. */
  fusionPartner?: string;
  oncogenicity: 'Oncogenic' | 'Likely Oncogenic' | 'Not applicable';
  effect: string;
  therapies: KbTherapy[];
  notes?: KbNote[];
}

export interface KnowledgeBase {
  version: string;
  /** ISO date the file was last edited. */
  updated: string;
  /** What period of approvals and guideline versions it reflects. */
  coverage: string;
  entries: KbEntry[];
  /** Shown when a tumour type has no therapy for the query (e.g. HCC: genomics do not drive systemic therapy). */
  tumourNotes: (KbNote & { tumourTypes: TumourCode[] })[];
}

/** Pseudo-gene of tumour-wide biomarkers (OncoKB calls it 'Other Biomarkers'). */
export const BIOMARKER = 'Other Biomarkers';
