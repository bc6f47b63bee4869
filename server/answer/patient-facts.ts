// The facts that decide whether a guideline passage or a tumour-board option applies to this patient: tumour and
// primary site, setting and stage, metastatic sites, biomarker statuses, line of therapy and progression — read once
// from the answer input (record summary and findings) so that relevance and options judge by the same facts.
import { markerGroups } from './marker-groups';
import { sidedness, therapyLine } from './query-parts';
import { type MarkerName, type MarkerStatus, resultsOf } from './recorded-markers';
import { parseSummary, type SummaryFacts } from './summary';
import { tumoursIn } from './tumour-fit';
import type { AnswerInput } from './types';

export type Setting = 'localized' | 'locally advanced' | 'metastatic';
export type { MarkerName, MarkerStatus } from './recorded-markers';

export interface PatientFacts {
  /** Tumour groups (tumoursIn), e.g. {colorectal}. */
  tumour: Set<string>;
  tumourType: string;
  primarySite?: string;
  /** Colon or rectum, for colorectal primaries. */
  bowel?: 'colon' | 'rectum';
  side?: 'left' | 'right';
  /** Stage group as written by AJCC, e.g. "IIIB" ("IV" when metastatic). */
  stageGroup?: string;
  setting?: Setting;
  metastasisSites: string[];
  markers: Partial<Record<MarkerName, MarkerStatus>>;
  /** The line of systemic therapy the decision is about (1 when none was given). */
  decisionLine: number;
  /** The current regimen is running without recorded progression. */
  ongoing: boolean;
  progression: boolean;
  bclc?: string;
  /** The tumour as named when the knowledge has no document for it (anal cancer, GIST, a neuroendocrine neoplasm). */
  uncovered?: string;
  /** The primary was resected (pre-operative criteria no longer decide anything). */
  resected?: boolean;
  /** A checkpoint inhibitor is or was given (iRECIST applies). */
  immunotherapy?: boolean;
  ecog?: number;
  /** Response was measured or a change is reported (response criteria then decide what the change means). */
  responseInQuestion?: boolean;
  /** Only a Karnofsky score records performance status. */
  karnofskyOnly?: boolean;
  /** Recorded problems in words (other conditions, report conclusions): supportive care is cited only for these. */
  problems?: string;
}

// A resection named in a pathology report's title or a histology source, or stated as done in the record's text.
const OPERATION =
  /\b(resection|(hemi)?colectomy|gastrectomy|o?esophagectomy|hepatectomy|pancreatectomy|pancreatoduodenectomy|whipple)\b/i;
const DONE = /\b(resected|status post|s\/p|after (?:an? )?(?:\w+ )?(?:resection|\w*ectomy))\b/i;
const CHECKPOINT =
  /pembrolizumab|nivolumab|dostarlimab|atezolizumab|durvalumab|ipilimumab|tremelimumab|cemiplimab|tislelizumab/i;

const SITES: [string, RegExp][] = [
  ['liver', /\b(liver|hepatic)\b/i],
  ['lung', /\b(lung|pulmonary)\b/i],
  ['peritoneum', /periton/i],
  ['bone', /\bbone|osseous/i],
  ['brain', /\bbrain\b/i],
  ['adrenal', /adrenal/i],
  ['ovary', /ovar/i],
  ['distant nodes', /para-?aortic|distant (lymph )?node/i],
];

function resectedIn(summary: SummaryFacts, raw: string, texts: string[]): boolean {
  const histology = raw.split('\n').filter((l) => l.startsWith('Histology:'));
  // A pathological T or N category (pT3, ypN0) is assigned on the resected specimen.
  if (/\by?p[TN](?:is|[0-4x])/.test(summary.stage ?? '')) return true;
  return (
    [...summary.reports.map((r) => r.title), ...histology].some((t) => OPERATION.test(t)) ||
    texts.some((t) => DONE.test(t))
  );
}

function sitesOf(texts: string[]): string[] {
  const metastatic = texts.filter((t) => /metasta/i.test(t));
  return SITES.filter(([, re]) => metastatic.some((t) => re.test(t))).map(([name]) => name);
}

function stageOf(facts: SummaryFacts, input: AnswerInput): { group?: string; setting?: Setting } {
  const texts = [facts.stage ?? '', ...input.findings.filter((f) => f.kind === 'stage').map((f) => f.text)];
  const groups = texts.flatMap((t) => [...t.matchAll(/\bstage(?: group)?\s+(0|IV[ABC]?|I{1,3}[ABC]?\d?)\b/gi)]);
  const group = groups.map((m) => m[1]!.toUpperCase()).sort((a, b) => b.localeCompare(a))[0];
  if (facts.metastatic || group?.startsWith('IV'))
    return { group: group?.startsWith('IV') ? group : 'IV', setting: 'metastatic' };
  const all = `${texts.join(' ')} ${facts.conditions.map((c) => c.text).join(' ')}`;
  if (/locally advanced|unresectable/i.test(all)) return { ...(group ? { group } : {}), setting: 'locally advanced' };
  return group ? { group, setting: 'localized' } : {};
}

/**
 * Reads the facts that decide relevance from the answer input.
 * @param input - Question, record summary and findings.
 * @param summary - The parsed summary (parsed here when not given).
 * @returns The patient's facts; what the record lacks stays undefined.
 */
export function patientFacts(input: AnswerInput, summary = parseSummary(input.patientSummary)): PatientFacts {
  const tumourType = summary.tumourType ?? summary.primaryText ?? '';
  const progression =
    input.findings.some((f) => /^RECIST 1\.1: PD/.test(f.text)) ||
    summary.reports.some((r) => /progressi/i.test(r.conclusion)) ||
    summary.therapies.some((t) => /progressi/i.test(t.note));
  const line = therapyLine(summary.therapies, progression);
  const stage = stageOf(summary, input);
  const primary = summary.primaryText ?? '';
  const tumour = tumoursIn(tumourType || primary);
  const bclc = input.findings.map((f) => /BCLC (?:stage )?(0|A|B|C|D)\b/.exec(f.text)?.[1]).find(Boolean);
  // A tumour type none of the knowledge's tumour groups names: nothing written for another tumour applies to it.
  const uncovered = tumour.size === 0 && (tumourType || primary) ? tumourType || primary : undefined;
  const texts = [
    summary.stage ?? '',
    ...summary.conditions.map((c) => c.text),
    ...summary.reports.map((r) => r.conclusion),
  ];
  return {
    tumour,
    tumourType,
    ...(primary ? { primarySite: primary } : {}),
    ...(tumour.has('colorectal') && primary
      ? { bowel: /rect/i.test(primary) && !/rectosigmoid/i.test(primary) ? 'rectum' : 'colon' }
      : {}),
    ...(tumour.has('colorectal') && sidedness(primary) ? { side: sidedness(primary) } : {}),
    ...(stage.group ? { stageGroup: stage.group } : {}),
    ...(stage.setting ? { setting: stage.setting } : {}),
    metastasisSites: stage.setting === 'metastatic' ? sitesOf(texts) : [],
    markers: markerGroups(resultsOf(summary, input.findings), input.findings),
    decisionLine: line ? line.line : 1,
    ongoing: line?.ongoing ?? false,
    progression,
    ...(bclc ? { bclc } : {}),
    ...(uncovered ? { uncovered } : {}),
    ...(resectedIn(summary, input.patientSummary, texts) ? { resected: true } : {}),
    ...(summary.therapies.some((t) => CHECKPOINT.test(t.drug)) ? { immunotherapy: true } : {}),
    ...(summary.ecog !== undefined ? { ecog: summary.ecog } : {}),
    ...(summary.ecog === undefined && /karnofsky/i.test(input.patientSummary) ? { karnofskyOnly: true } : {}),
    ...(input.findings.some((f) => f.kind === 'response') ? { responseInQuestion: true } : {}),
    problems: texts.slice(1).join('; '),
  };
}
