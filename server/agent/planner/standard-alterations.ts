// Which alterations are common in a tumour and answered by its own guideline's first algorithm (ESMO/NCCN testing at
// diagnosis), so that only a rare (about 5 % or fewer of that tumour) or uncommon-tumour alteration calls for a
// literature search: HER2 in gastric cancer or KIT in GIST is standard care; KRAS G12C or HER2 in colorectal cancer,
// MSI-H in pancreatic cancer are not.
import type { TumourKind } from '../record/tumour';

const RAS_NON_G12C = '(?:KRAS|NRAS|HRAS) (?!G12C)';

/** "GENE change" patterns (as recordAlterations writes them) that each tumour's guideline algorithm addresses. */
const STANDARD: Partial<Record<TumourKind, RegExp>> = {
  colorectal: /^(?:BRAF V600E$|MSI-H$|dMMR$)/,
  gastric: /^(?:ERBB2 amplification$|MSI-H$|dMMR$)/,
  oesophageal: /^(?:ERBB2 amplification$|MSI-H$|dMMR$)/,
  pancreas: /^(?:BRCA[12] |PALB2 )/,
  icc: /^(?:IDH1 |FGFR2 fusion$)/,
  biliary: /^(?:IDH1 |FGFR2 fusion$|ERBB2 amplification$)/,
  lung: /^(?:EGFR |ALK fusion$|KRAS )/,
  gist: /^(?:KIT |PDGFRA )/,
};

/** Alterations so common in every tumour that no tumour makes them rare (RAS outside G12C has no targeted option). */
const ANYWHERE = new RegExp(`^(?:${RAS_NON_G12C}|KRAS mutation$|PIK3CA )`);

/**
 * Whether the tumour's own guideline already answers an alteration.
 * @param kind - The tumour kind (undefined when the record names none).
 * @param alteration - "GENE change" or "MSI-H"/"dMMR"/"TMB-H".
 * @returns True when standard for that tumour (no search needed on its account).
 */
export function isStandardAlteration(kind: TumourKind | undefined, alteration: string): boolean {
  return ANYWHERE.test(alteration) || (kind !== undefined && (STANDARD[kind]?.test(alteration) ?? false));
}
