// The shape of the tumour-board decision table: an option in our own words, the facts that must hold for it to apply,
// and the knowledge section that states it (so an option never says more than its cited guideline text).
import type { MarkerName, Setting } from '../patient-facts';

export interface OptionWhen {
  /** Disease settings the option is for. */
  setting?: Setting[];
  /** Lines of systemic therapy the option is for (3 means third or later). */
  lines?: number[];
  /** Biomarker groups: `positive` = the altered/high group (RAS mutant, MSI-H/dMMR, HER2 positive). */
  markers?: Partial<Record<MarkerName, 'positive' | 'negative'>>;
  side?: 'left' | 'right';
  bowel?: 'colon' | 'rectum';
  /** AJCC stage groups without the letter, e.g. ["III"]. */
  stage?: string[];
  bclc?: string[];
  /** Metastases confined to these sites. */
  sitesOnly?: string[];
  /** `true`: needs a resection of the primary on record (adjuvant); `false`: only before one (pre-operative). */
  resected?: boolean;
  /** T categories without prefix or letter, e.g. ["T4"] (a missing T category excludes the option). */
  t?: string[];
}

export interface DecisionOption {
  id: string;
  /** Tumour group (tumoursIn): colorectal, hcc, pancreatic, biliary, gastro-oesophageal, lung. */
  tumour: string;
  when: OptionWhen;
  /** The option in our own words. */
  text: string;
  /** What cannot be judged when a marker it needs is not in the record, e.g. "anti-EGFR eligibility". */
  decides?: string;
  /** The knowledge section that states it: document id and `##` heading as written. */
  cite: { doc: string; heading: string };
  /** Words the option rests on; each must occur in the cited section (checked by a test and at answer time). */
  terms: string[];
}
