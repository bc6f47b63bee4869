// The one reading of "which biomarker results does this patient have, with what value, from which resource": the
// options table (patient-facts → select) and the "what is missing" list both ask it, so one can never say a status is
// absent while the other uses it. Results come from the summary's Molecular line (structured results and what the
// record reader found in report text, clinical notes and condition notes) and from the findings of tested results.
import type { Finding } from '../../common/contracts';
import { shortProtein } from '../../common/protein';
import type { SummaryFacts } from './summary';

/** Biomarker-defined groups guidelines condition on. `positive` means the altered/high group (RAS mutant, MSI-H). */
export type MarkerName = 'RAS' | 'KRAS G12C' | 'BRAF V600E' | 'MSI-H/dMMR' | 'HER2' | 'BRCA' | 'FGFR2' | 'IDH1';
export interface MarkerStatus {
  /** `partial`: a result exists but does not decide the group (a wild-type KRAS with NRAS not in the record). */
  status: 'positive' | 'negative' | 'discordant' | 'partial';
  /** How the record states it, e.g. "KRAS G12D", "MSS", "pMMR"; "(unverified)" when no final test report states it. */
  detail: string;
  /** Citation tokens of the resources that state it ("record:Observation/o1", "record:DocumentReference/n1"). */
  sources?: string[];
}

/** One stated result for one gene or test. */
export interface RecordedResult {
  /** HGNC symbol (ERBB2 for HER2), "RAS" when no gene is named, or "MSI" (MSI and MMR results). */
  gene: string;
  /** Altered, high or positive. */
  present: boolean;
  /** One-letter protein change when one is stated ("G12D"), or "fusion"/"amplification". */
  change?: string;
  /** How it is written: "MSS", "pMMR", "HER2 negative". */
  words: string;
  sources: string[];
  /** From a final test report (false: preliminary, or written in a note or letter). */
  verified: boolean;
}

const GENE_ITEM =
  /^(K-?RAS|N-?RAS|H-?RAS|RAS|BRAF|ERBB2|HER-?2|BRCA[12]|PALB2|FGFR[1-4]|IDH[12]|EGFR|ALK|ROS1|MET|RET|NTRK[123]?|PIK3CA)\b:?(.*)$/i;
const ABSENT =
  /\b(?:not detected|absent|negative|wild[- ]?type|no (?:\w+ )?(?:variants?|mutations?|alterations?) (?:detected|found|identified))\b/i;
const PRESENT = /\b(?:present|detected|positive|amplified|amplification|mutated|mutant)\b/i;
const MSI_HIGH = /MSI-H|\bdMMR\b|deficient mismatch|mismatch repair deficien|deficient \(dMMR\)/i;
const MSI_STABLE = /\bMSS\b|MSI-L|microsatellite stable|\bpMMR\b|proficient mismatch|mismatch repair proficien/i;
const REF = /\[([A-Z][A-Za-z]+\/[^\]\s]+)\]\s*$/;

const symbol = (raw: string): string => {
  const g = raw.toUpperCase().replace('-', '');
  return g === 'HER2' ? 'ERBB2' : g;
};

function geneResult(text: string, sources: string[], verified: boolean): RecordedResult | undefined {
  const m = GENE_ITEM.exec(text.trim());
  if (!m) return undefined;
  const rest = m[2]!.replace(REF, '');
  const absent = ABSENT.test(rest);
  if (!absent && !PRESENT.test(rest)) return undefined;
  const gene = symbol(m[1]!);
  // The change is what stands between the gene and its verdict ("p.Gly12Asp present", "fusion (partner X) present").
  const before = rest.split(/\b(?:present|detected|not detected|absent|negative|positive|wild[- ]?type|no)\b/i)[0]!;
  const protein = /\b([A-Z]\d{1,4}[A-Z*])\b/.exec(shortProtein(before.trim()))?.[1];
  const kind = /fusion|rearrange/i.test(before) ? 'fusion' : /amplif|\b3\+/i.test(rest) ? 'amplification' : undefined;
  const change = protein ?? kind;
  const words =
    gene === 'ERBB2'
      ? `HER2 ${absent ? 'negative' : 'positive'}`
      : absent
        ? `${gene}${protein ? ` ${protein} not detected` : ' wild-type'}`
        : `${gene}${change && change !== 'amplification' ? ` ${change}` : kind ? ' amplification' : ' mutation'}`;
  return { gene, present: !absent, ...(change ? { change } : {}), words, sources, verified };
}

function msiResult(text: string, sources: string[], verified: boolean): RecordedResult | undefined {
  // Read only where the item is about MSI/MMR (a gene item naming "MSS" in a note is read by its gene).
  if (!/\bMSI\b|\bMMR\b|mismatch repair|microsatellite|\bMSS\b/i.test(text)) return undefined;
  const stable = MSI_STABLE.exec(text);
  const high = MSI_HIGH.exec(text);
  if (high && !stable)
    return { gene: 'MSI', present: true, words: /MSI-H/.test(text) ? 'MSI-H' : 'dMMR', sources, verified };
  if (stable && !high) return { gene: 'MSI', present: false, words: stable[0], sources, verified };
  return undefined;
}

function herText(text: string, sources: string[], verified: boolean): RecordedResult | undefined {
  if (!/\bHER2\b/i.test(text) || GENE_ITEM.test(text.trim())) return undefined;
  if (/HER2[^;]*?(negative|\b0|1\+)(?!\w)/i.test(text))
    return { gene: 'ERBB2', present: false, words: 'HER2 negative', sources, verified };
  if (/HER2[^;]*?(positive|3\+|amplifi)/i.test(text))
    return { gene: 'ERBB2', present: true, change: 'amplification', words: 'HER2 positive', sources, verified };
  return undefined;
}

/** "KRAS: no variant detected (date)." as the agent's record findings write a negative variant result. */
function findingGene(text: string, sources: string[], verified: boolean): RecordedResult | undefined {
  const m = /^([A-Z0-9-]+): no variant detected/.exec(text);
  if (m) return { gene: symbol(m[1]!), present: false, words: `${symbol(m[1]!)} wild-type`, sources, verified };
  return geneResult(text, sources, verified);
}

/**
 * Every biomarker result the answer input states (never a histology prediction).
 * @param molecular - The summary's Molecular line.
 * @param findings - The workup's findings.
 * @returns The results, each with its sources and whether a final test report states it.
 */
export function recordedResults(molecular: string, findings: Finding[]): RecordedResult[] {
  const out: RecordedResult[] = [];
  for (const item of molecular.split(/;\s+/).filter(Boolean)) {
    const ref = REF.exec(item)?.[1];
    const sources = ref ? [`record:${ref}`] : [];
    const verified = !/unverified/i.test(item);
    const r =
      geneResult(item, sources, verified) ?? msiResult(item, sources, verified) ?? herText(item, sources, verified);
    if (r) out.push(r);
  }
  for (const f of findings) {
    if ((f.kind !== 'biomarker' && f.kind !== 'alteration') || /^Predicted/.test(f.text)) continue;
    const sources = f.sources.filter((s) => s.startsWith('record:') || s.startsWith('tool:'));
    const verified = !/Not verified/.test(f.text);
    const r =
      findingGene(f.text, sources, verified) ??
      msiResult(f.text, sources, verified) ??
      herText(f.text, sources, verified);
    if (r) out.push(r);
  }
  return out;
}

/**
 * The results of the answer input, read from the summary and findings.
 * @param summary - The parsed record summary.
 * @param findings - The workup's findings.
 * @returns The results (see recordedResults).
 */
export const resultsOf = (summary: SummaryFacts, findings: Finding[]): RecordedResult[] =>
  recordedResults(summary.molecular, findings);
