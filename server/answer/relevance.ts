// Whether a guideline passage applies to this patient, judged from the scope its heading states: another tumour is
// dropped; a biomarker group the patient is not in is kept only as evidence against that option; another stage,
// setting, primary site or metastatic site is ranked down, or dropped when it cannot apply.
import type { EvidenceItem } from '../../common/contracts';
import { generalUnneeded } from './general-scope';
import type { MarkerName, PatientFacts } from './patient-facts';
import { histologyOf, subtypeMismatch, upperGiSite } from './subtype-fit';
import { tumourFit, tumoursIn } from './tumour-fit';

export interface Relevance {
  /** Higher first: 1 names the patient's tumour, 0 no tumour in particular, -1 ranked down. */
  rank: number;
  /** Not shown at all (another tumour, a setting that cannot apply). */
  drop: boolean;
  /** Why the passage's group excludes the patient, e.g. "KRAS G12D": shown only as evidence against. */
  against?: string;
  /** Why it was ranked down or dropped (for tests and notes). */
  why?: string;
}

/** A biomarker group a heading is scoped to, and whether the group is the altered (`positive`) one. */
export const MARKER_GROUPS: { re: RegExp; marker: MarkerName; wants: 'positive' | 'negative' }[] = [
  { re: /\bK?RAS wild[- ]type/i, marker: 'RAS', wants: 'negative' },
  { re: /\bKRAS G12C/i, marker: 'KRAS G12C', wants: 'positive' },
  { re: /\b(K?RAS)[- ]mut(ant|ated)/i, marker: 'RAS', wants: 'positive' },
  { re: /\bBRAF V600E/i, marker: 'BRAF V600E', wants: 'positive' },
  { re: /\bMSI-H|\bdMMR\b|mismatch repair deficient/i, marker: 'MSI-H/dMMR', wants: 'positive' },
  { re: /\bHER2-(amplified|positive)/i, marker: 'HER2', wants: 'positive' },
  { re: /\bHER2-negative/i, marker: 'HER2', wants: 'negative' },
  { re: /\bBRCA-associated|\bBRCA-mutated/i, marker: 'BRCA', wants: 'positive' },
  { re: /\bFGFR2 fusion/i, marker: 'FGFR2', wants: 'positive' },
  { re: /\bIDH1-mutant/i, marker: 'IDH1', wants: 'positive' },
];

const METASTATIC_SCOPE = /metasta|\bmcrc\b|advanced|second-line|later-line|refractory|maintenance|rechallenge/i;
const CURATIVE_SCOPE =
  /adjuvant|locali[sz]ed|resectable|resection|surgical|watch and wait|organ preservation|surveillance after curative/i;
const PREOPERATIVE =
  /neoadjuvant|resectab|borderline|vascular contact|MRI staging|diagnostic workup|short-course|watch and wait|organ preservation|surgical principles/i;
const SITE_SCOPE: [string, RegExp][] = [
  ['liver', /\bliver metasta|\bliver-only/i],
  ['lung', /\blung metasta/i],
  ['peritoneum', /\bperitoneal metasta/i],
];

function biomarkerAgainst(heading: string, p: PatientFacts): string | undefined {
  // "Reconciling discordant MSI …" or "… testing" sections are about the test, not a group's treatment.
  if (/reconcil|discordan|testing|scoring|work-?up/i.test(heading)) return undefined;
  for (const g of MARKER_GROUPS) {
    if (!g.re.test(heading)) continue;
    const s = p.markers[g.marker];
    if (!s || s.status === 'discordant' || s.status === 'partial' || s.status === g.wants) continue;
    // "RAS-mutant or right-sided": the patient belongs through the other branch.
    const side = /\bor (left|right)-sided/i.exec(heading)?.[1];
    if (side && p.side === side) continue;
    return s.detail;
  }
  return undefined;
}

/** A reconciliation text when there is nothing to reconcile (a group of unknown status stays: the options name it). */
function groupWhy(heading: string, p: PatientFacts): { drop: boolean; why: string } | undefined {
  const discordant = Object.values(p.markers).some((s) => s?.status === 'discordant');
  if (/reconcil|discordan/i.test(heading)) return discordant ? undefined : { drop: true, why: 'no discordant results' };
  return undefined;
}

function stageWhy(heading: string, p: PatientFacts): { drop: boolean; why: string } | undefined {
  const scoped = /\bstage (I{1,3}V?)\b/i.exec(heading)?.[1]?.toUpperCase();
  const own = p.stageGroup?.replace(/[ABC]\d?$/, '');
  if (scoped && own && scoped !== own)
    return { drop: true, why: `written for stage ${scoped}, patient stage ${p.stageGroup}` };
  // Adjuvant, surveillance and resection criteria for the primary cannot apply to metastatic disease.
  if (p.setting === 'metastatic' && /non-metasta/i.test(heading))
    return { drop: true, why: 'written for non-metastatic disease' };
  if (p.setting === 'metastatic' && CURATIVE_SCOPE.test(heading) && !/metasta/i.test(heading))
    return { drop: true, why: 'written for localized disease' };
  if (
    p.setting === 'localized' &&
    METASTATIC_SCOPE.test(heading.replace(/non-metasta\w*/gi, '')) &&
    !/locally advanced/i.test(heading)
  )
    return { drop: true, why: 'written for metastatic disease' };
  if (
    p.setting === 'locally advanced' &&
    METASTATIC_SCOPE.test(heading) &&
    !/locally advanced|\badvanced\b/i.test(heading.replace(/metasta\w*/gi, ''))
  )
    return { drop: false, why: 'written for metastatic disease' };
  return undefined;
}

/** First-line text for a later-line decision and the reverse (lines count regimens given, see patient-facts). */
function lineWhy(heading: string, p: PatientFacts): { drop: boolean; why: string } | undefined {
  if (p.setting !== 'metastatic' && p.setting !== 'locally advanced') return undefined;
  const line = p.decisionLine;
  const first = /\bfirst-line|\bfirst line|maintenance after first-line|induction/i.test(heading);
  const second = /\bsecond-line|\bsecond line/i.test(heading);
  const later = /\blater-line|\bthird-line|refractory|rechallenge|after trastuzumab/i.test(heading);
  if (first && !second && line >= 2) return { drop: true, why: `first-line text, decision about line ${line}` };
  if (second && !first && line === 1) return { drop: true, why: 'second-line text, decision about the first line' };
  if (later && !first && !second && line === 1) return { drop: true, why: 'later-line text, decision about line 1' };
  return undefined;
}

/** HCC and liver-directed options by the stage they need, and pre-operative criteria once the primary is resected. */
function eligibilityWhy(heading: string, p: PatientFacts): { drop: boolean; why: string } | undefined {
  const advancedHcc = p.setting === 'metastatic' || p.bclc === 'C' || p.bclc === 'D';
  if (
    p.tumour.has('hcc') &&
    advancedHcc &&
    /early-stage|milan|transplant|intermediate-stage|\bTACE\b|ablation/i.test(heading)
  )
    return { drop: true, why: 'locoregional or transplant criteria, advanced HCC' };
  if (p.tumour.has('hcc') && p.bclc && ['0', 'A'].includes(p.bclc) && /second-line/i.test(heading))
    return { drop: true, why: 'second-line systemic therapy, early HCC' };
  if (
    p.resected &&
    p.setting !== 'metastatic' &&
    PREOPERATIVE.test(heading) &&
    !/\badjuvant/i.test(heading.replace(/neoadjuvant/gi, ''))
  )
    return { drop: true, why: 'pre-operative criteria, primary already resected' };
  return undefined;
}

function siteWhy(heading: string, p: PatientFacts): { drop: boolean; why: string } | undefined {
  if (p.bowel === 'colon' && /\brectal|\brectum/i.test(heading) && !/colon|colorectal/i.test(heading))
    return { drop: true, why: 'written for rectal cancer, primary in the colon' };
  if (p.bowel === 'rectum' && /\bcolon cancer/i.test(heading) && !/rect|colorectal/i.test(heading))
    return { drop: false, why: 'written for colon cancer, primary in the rectum' };
  if (/liver-only|transplant/i.test(heading) && /metasta/i.test(heading)) {
    const outside = p.metastasisSites.filter((s) => s !== 'liver');
    if (outside.length || !p.metastasisSites.includes('liver'))
      return {
        drop: true,
        why: outside.length ? `metastases outside the liver (${outside.join(', ')})` : 'no liver metastases',
      };
  }
  if (p.setting && p.setting !== 'metastatic' && SITE_SCOPE.some(([, re]) => re.test(heading)))
    return { drop: true, why: 'no metastases' };
  if (p.setting !== 'metastatic' || p.metastasisSites.length === 0) return undefined;
  for (const [site, re] of SITE_SCOPE)
    if (re.test(heading) && !p.metastasisSites.includes(site))
      return { drop: true, why: `no ${site} metastases recorded` };
  return undefined;
}

/**
 * How a passage relates to the patient, by the scope its section heading states.
 * @param e - The passage (title and section).
 * @param p - The patient's facts.
 * @param question - The clinician's question: general sections (performance status, RECIST) only when it needs them.
 * @returns Rank, whether to drop it, and the reason it is evidence against (biomarker group) when it is.
 */
export function passageRelevance(
  e: Pick<EvidenceItem, 'title' | 'section'>,
  p: PatientFacts,
  question = ''
): Relevance {
  // A tumour the knowledge has no document for: text written for any named tumour is borrowed, never evidence.
  if (p.uncovered && tumoursIn(`${e.section} ${e.title}`).size > 0)
    return { rank: -1, drop: true, why: `no guidance for ${p.uncovered}` };
  const fit = tumourFit(e, p.tumour);
  if (fit < 0) return { rank: -1, drop: true, why: 'another tumour' };
  const heading = e.section;
  // The document title states the setting when the heading does not (a "Localized colon and rectal cancer" section).
  const found = [
    stageWhy(heading, p),
    siteWhy(heading, p),
    lineWhy(heading, p),
    eligibilityWhy(heading, p),
    groupWhy(heading, p),
    // Only the title's subject (before its dash) states a setting; the list after it names the topics covered.
    fit > 0 ? stageWhy(e.title.split(/\s[-—–]\s/)[0]!, p) : undefined,
  ].filter((x): x is { drop: boolean; why: string } => x !== undefined);
  if (p.tumour.has('gastro-oesophageal')) {
    const own = `${p.tumourType} ${p.primarySite ?? ''}`;
    const why = subtypeMismatch(heading, upperGiSite(own), histologyOf(own));
    if (why) found.unshift({ drop: true, why });
  }
  const general = generalUnneeded(e, p, question);
  if (general) found.unshift({ drop: true, why: general });
  // A reason that excludes the passage outweighs one that only ranks it down, and a setting that cannot apply
  // outweighs a biomarker group (adjuvant dMMR text is not evidence against anything in metastatic disease).
  const dropped = found.find((x) => x.drop);
  if (dropped) return { rank: -1, drop: true, why: dropped.why };
  const against = biomarkerAgainst(heading, p);
  if (against) return { rank: -1, drop: false, against, why: `biomarker group excludes ${against}` };
  const scoped = found[0];
  if (scoped) return { rank: -1, drop: false, why: scoped.why };
  return { rank: fit, drop: false };
}
