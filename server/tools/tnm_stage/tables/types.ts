// The shape of an AJCC stage table as data: category lists plus rows of T/N/M patterns mapped to a stage group.

export const SITES = ['colorectal', 'lung', 'pancreas', 'liver', 'intrahepatic_bile_duct'] as const;
export type TnmSite = (typeof SITES)[number];

/** One row of a stage table; `'any'` stands for every category of that axis (AJCC's "Any T", "Any N"). */
export interface StageRow {
  t: readonly string[] | 'any';
  n: readonly string[] | 'any';
  m: readonly string[];
  group: string;
}

export interface SiteTable {
  site: TnmSite;
  title: string;
  /** Every category accepted for the axis, including broader ones (e.g. T1 besides T1a–T1c). */
  t: readonly string[];
  n: readonly string[];
  m: readonly string[];
  /**
   * Broader categories and the subcategories they stand for. Rows use subcategories only; a broader input is staged
   * when all its subcategories give the same group (lung T1 N1 → IIB) and refused as ambiguous otherwise (T1 N0).
   */
  broader: Readonly<Record<string, readonly string[]>>;
  /** Other spellings of a category (e.g. lung "T1a(mi)" for T1mi). */
  aliases?: Readonly<Record<string, string>>;
  rows: readonly StageRow[];
}
