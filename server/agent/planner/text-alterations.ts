// Actionable alterations written in the record's text (molecular reports, notes): point mutations, fusions,
// amplifications and MSI-H/dMMR, with ConText-style negation (a trigger negates only within its own clause, so
// "KRAS G12D detected; negative for BRAF V600E" keeps KRAS and drops BRAF). Wild-type results and expression
// markers that are not alterations (PD-L1, CLDN18.2) are never returned.
import { shortProtein } from '../../../common/protein';
import { TMB_HIGH } from '../record/biomarkers';
import type { RecordText } from '../record/texts';

export interface TextAlteration {
  ref: string;
  gene?: string;
  /** One-letter protein change, "mutation", "fusion", "amplification", "MSI-H", "dMMR" or "TMB-H". */
  alteration: string;
  partner?: string;
}

/** Genes with targeted options in ESMO/NCCN GI and thoracic guidance (or tumour-agnostic approvals). */
export const GENES =
  'KRAS|NRAS|HRAS|BRAF|ERBB2|HER2|EGFR|ALK|ROS1|RET|NTRK[123]?|MET|FGFR[1-3]|IDH[12]|PIK3CA|BRCA[12]|PALB2|KIT|PDGFRA|NRG1|POLE|MAP2K1';
const PROTEIN = String.raw`(?:p\.)?\(?([A-Z](?:[a-z]{2})?\d{1,4}(?:[A-Z](?:[a-z]{2})?|\*|fs\w*|del|dup|ins\w*)|exon\s*\d{1,2}\s*(?:deletion|insertion|skipping|mutation))\)?`;
const POINT = new RegExp(
  String.raw`\b(${GENES})\b[\s:-]*(?:gene\s+)?(?:mutation\s+|variant\s+)?(?:c\.\S+\s+)?${PROTEIN}`,
  'g'
);
const MUTATED = new RegExp(
  String.raw`\b(${GENES})\b[\s-]*(?:gene\s+)?(?:mutation|mutated|mutant|variant)\b(?!\s+(?:analysis|test\w*|status|panel|screen\w*|assay|not\b))`,
  'g'
);
const FUSION = new RegExp(
  String.raw`\b(?:([A-Z][A-Z0-9]{1,9})\s*(?:::|-|–|/)\s*)?(${GENES})\b(?:\s*(?:::|-|–|/)\s*([A-Z][A-Z0-9]{1,9}))?[\s-]*(?:gene\s+)?(?:fusion|rearrange\w*|translocation)`,
  'g'
);
const AMPLIFIED = /\b(ERBB2|HER2|MET|FGFR2|EGFR)\b[^.;\n]{0,30}?\b(?:amplifi\w*|(?:IHC\s*)?3\+|positive\b)/g;
const MSI_H =
  /\b(?:MSI[- ]?H(?:igh)?|microsatellite[- ]instab\w*[- ](?:high|\(MSI-H\))|MSI[- ]high|high(?:[- ]level)? microsatellite instab\w*)\b/gi;
const TMB_H =
  /\b(?:TMB[- ]?(?:H|high)|(?:high )?tumou?r mutational burden[- ](?:high|\(TMB-H\)))\b|\bTMB\b[^.;\d]{0,20}(\d{2,3}(?:\.\d+)?)\s*(?:mut\w*\s*\/\s*Mb|mutations per megabase)/gi;
const DMMR =
  /\b(?:dMMR|MMR[- ]deficien\w*|mismatch[- ]repair[- ]deficien\w*|deficient mismatch repair|loss of (?:nuclear )?(?:MLH1|MSH2|MSH6|PMS2)(?: expression)?)/gi;

/** Negation triggers that look forward within a clause, and those that look back. */
const PRE =
  /\b(?:no|not|without|negative for|absence of|absent|free of|ruled out|excluded|wild[- ]?type for)\b(?:[^,;]|,\s*(?=[A-Z][A-Z0-9]{1,7}\b|$))*$/i;
const POST =
  /^[^,;]{0,40}?\b(?:not (?:detected|identified|found|present|seen|amplified)|no (?:mutations?|alterations?|variants?|amplification|fusions?|rearrangements?)\b|negative|absent|wild[- ]?type|was excluded|ruled out|pending|failed|insufficient|not (?:assessable|evaluable|performed))\b/i;
/** Clause boundaries: sentence ends, semicolons, and conjunctions that start a new finding. */
const CLAUSES =
  /(?<=[.;])\s+|\n|\s(?=but\b|however\b|whereas\b|while\b)|,\s*(?=and\b)|\s(?=and (?:is |are )?(?:negative|positive)\b)/i;

function clauses(text: string): string[] {
  return text.split(CLAUSES).filter((c) => c.trim());
}

function negated(clause: string, index: number, length: number): boolean {
  return PRE.test(clause.slice(0, index)) || POST.test(clause.slice(index + length));
}

function each(clause: string, re: RegExp, fn: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(clause); m; m = re.exec(clause)) if (!negated(clause, m.index, m[0].length)) fn(m);
}

/** A clause about a variant of uncertain or benign significance, or about a relative, states no target of this tumour. */
const NOT_ACTIONABLE_CLAUSE =
  /\b(?:uncertain (?:clinical )?significance|VUS|(?:likely )?benign|polymorphism)\b|\b(?:mother|father|sister|brother|sibling|daughter|son|aunt|uncle|cousin|relative|family history)\b/i;

/** Resources whose text states results. */
export const RESULT_SOURCE = /^(DiagnosticReport|Observation|Condition)\//;

const gene = (g: string): string => (g.toUpperCase() === 'HER2' ? 'ERBB2' : g.toUpperCase());

/**
 * The affirmed actionable alterations of some texts, once each per text.
 * @param texts - Record texts with their references.
 * @returns Alterations in text order.
 */
export function textAlterations(texts: readonly RecordText[]): TextAlteration[] {
  const out: TextAlteration[] = [];
  // Results only (reports, observations, conditions): free notes and documents can carry text that is not a finding.
  for (const { ref, text: written } of texts.filter((t) => RESULT_SOURCE.test(t.ref))) {
    // An Observation reads "test name\nvalue": the value ("Not detected", "Wild-type", "Pending") is the result of the
    // alteration the name announces, so both are one clause and a negating value negates the name.
    const text = ref.startsWith('Observation/') ? written.replace('\n', ': ') : written;
    const seen = new Set<string>();
    const push = (a: TextAlteration) => {
      const key = `${a.gene ?? ''}|${a.alteration}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.push(a);
    };
    for (const clause of clauses(text)) {
      // AMP/ASCO/CAP tier III–IV (uncertain or benign) variants and a relative's result are not this tumour's targets.
      if (NOT_ACTIONABLE_CLAUSE.test(clause)) continue;
      each(clause, POINT, (m) => push({ ref, gene: gene(m[1]!), alteration: shortProtein(m[2]!) }));
      each(clause, FUSION, (m) => {
        const partner = m[1] ?? m[3];
        push({ ref, gene: gene(m[2]!), alteration: 'fusion', ...(partner ? { partner: partner.toUpperCase() } : {}) });
      });
      each(clause, AMPLIFIED, (m) => {
        // "HER2: not amplified", "ERBB2 non-amplified": the negation sits inside the match.
        if (!/\b(?:not|no|non|without|negative|equivocal)\b/i.test(m[0]))
          push({ ref, gene: gene(m[1]!), alteration: 'amplification' });
      });
      each(clause, MUTATED, (m) => {
        if (!out.some((a) => a.ref === ref && a.gene === gene(m[1]!)))
          push({ ref, gene: gene(m[1]!), alteration: 'mutation' });
      });
      each(clause, MSI_H, () => push({ ref, alteration: 'MSI-H' }));
      each(clause, DMMR, () => push({ ref, alteration: 'dMMR' }));
      each(clause, TMB_H, (m) => {
        if (m[1] === undefined || Number(m[1]) >= TMB_HIGH) push({ ref, alteration: 'TMB-H' });
      });
    }
  }
  // A generic "KRAS mutation" adds nothing when any text names the gene's specific change.
  const specific = new Set(out.filter((a) => a.gene && !CLASSES.has(a.alteration)).map((a) => a.gene));
  return out.filter((a) => !(a.alteration === 'mutation' && specific.has(a.gene)));
}

/** Alteration classes other than a specific protein change. */
const CLASSES = new Set(['mutation', 'fusion', 'amplification', 'MSI-H', 'dMMR', 'TMB-H']);

/**
 * The class of an alteration, for deduplication across sources.
 * @param alteration - A protein change or a class name.
 * @returns "point" for protein changes and generic mutations, else the class.
 */
export function alterationClass(alteration: string): string {
  return /fusion|amplif/i.test(alteration) ? alteration.toLowerCase() : 'point';
}
