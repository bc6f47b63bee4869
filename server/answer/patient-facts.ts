// The facts that decide whether a guideline passage or a tumour-board option applies to this patient: tumour and
// primary site, setting and stage, metastatic sites, biomarker statuses, line of therapy and progression — read once
// from the answer input (record summary and findings) so that relevance and options judge by the same facts.
import { markerGroups } from './marker-groups';
import { sidedness } from './query-parts';
import { type MarkerName, type MarkerStatus, resultsOf } from './recorded-markers';
import { decisionLine } from './regimens';
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
  /** The primary was resected (pre-operative criteria no longer decide anything); absent: no resection on record. */
  resected?: boolean;
  /** The citation token of the resource that records the resection ("record:Procedure/p1"). */
  resectionSource?: string;
  /** The T category as recorded, prefix kept ("cT4b", "pT3"), for options that depend on local extent. */
  tCategory?: string;
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

// A resection named in a pathology report's title or a histology source (the record reader's "Resection:" line
// carries one read from Procedures, pathological staging and text).
const OPERATION =
  /\b(resection|(hemi)?colectomy|gastrectomy|o?esophagectomy|hepatectomy|pancreatectomy|pancreatoduodenectomy|whipple)\b/i;
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

/** A clause that states progression ("no evidence of progression" and "progression-free" do not). */
const statesProgression = (text: string): boolean =>
  text
    .split(/[.;]\s+|,\s+(?:but|while|with)\b/)
    .some(
      (c) =>
        /progressi/i.test(c) &&
        !/\b(?:no|not|nor|without|absence of|free of|negative for)\b[^.;]{0,40}progressi|progression-free|non-?progressi/i.test(
          c
        )
    );

/** The resource that records the resection of the primary ("" when only the summary's stage or a title says so). */
function resectionIn(summary: SummaryFacts, raw: string): string | undefined {
  const line = /^Resection: .* \[([A-Za-z]+\/[^\]\s]+)\]$/m.exec(raw);
  if (line) return `record:${line[1]}`;
  // A pathological T or N category (pT3, ypN0) is assigned on the resected specimen.
  if (/\by?p[TN](?:is|[0-4x])/.test(summary.stage ?? ''))
    return summary.primaryRef ? `record:${summary.primaryRef}` : '';
  const report = summary.reports.find((r) => OPERATION.test(r.title));
  if (report) return `record:${report.ref}`;
  const histology = raw.split('\n').find((l) => l.startsWith('Histology:') && OPERATION.test(l));
  if (!histology) return undefined;
  const ref = /\[([^\]]+)\]$/.exec(histology)?.[1];
  return ref ? `record:${ref}` : '';
}

function sitesOf(texts: string[], stage: string, colorectal: boolean): string[] {
  const metastatic = texts.filter((t) => /metasta|carcinomatosis|deposits|implants/i.test(t));
  const sites = SITES.filter(([, re]) => metastatic.some((t) => re.test(t))).map(([name]) => name);
  // AJCC M1c (colorectal, appendix) is peritoneal spread; M1b is spread to more than one organ or site.
  const m = colorectal ? /(?<![A-Za-z])[cp]?M1([abc])(?![A-Za-z])/.exec(stage)?.[1] : undefined;
  if (m === 'c' && !sites.includes('peritoneum')) sites.push('peritoneum');
  if (
    texts.some((t) => /\bextra-?hepatic (?:disease|metasta|spread|lesion)/i.test(t) && !/\bno extra-?hepatic/i.test(t))
  )
    sites.push('outside the liver');
  if (m === 'b' && sites.length < 2) sites.push('another organ');
  return sites;
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
    summary.reports.some((r) => statesProgression(r.conclusion)) ||
    summary.therapies.some((t) => statesProgression(t.note));
  const line = decisionLine(summary.therapies, progression);
  const stage = stageOf(summary, input);
  const primary = summary.primaryText ?? '';
  const tumour = tumoursIn(tumourType || primary);
  const bclc = input.findings.map((f) => /BCLC (?:stage )?(0|A|B|C|D)\b/.exec(f.text)?.[1]).find(Boolean);
  // A tumour type none of the knowledge's tumour groups names: nothing written for another tumour applies to it.
  const uncovered = tumour.size === 0 && (tumourType || primary) ? tumourType || primary : undefined;
  const resection = resectionIn(summary, input.patientSummary);
  const t = /(?<![A-Za-z])((?:yp|yc|c|p)?T(?:is|[0-4])[a-d]?)(?![A-Za-z0-9])/.exec(summary.stage ?? '')?.[1];
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
    metastasisSites:
      stage.setting === 'metastatic' ? sitesOf(texts, summary.stage ?? '', tumour.has('colorectal')) : [],
    markers: markerGroups(resultsOf(summary, input.findings), input.findings),
    decisionLine: line ? line.line : 1,
    ongoing: line?.ongoing ?? false,
    progression,
    ...(bclc ? { bclc } : {}),
    ...(uncovered ? { uncovered } : {}),
    ...(resection !== undefined ? { resected: true, ...(resection ? { resectionSource: resection } : {}) } : {}),
    ...(t ? { tCategory: t } : {}),
    ...(summary.therapies.some((t) => CHECKPOINT.test(t.drug)) ? { immunotherapy: true } : {}),
    ...(summary.ecog !== undefined ? { ecog: summary.ecog } : {}),
    ...(summary.ecog === undefined && /karnofsky/i.test(input.patientSummary) ? { karnofskyOnly: true } : {}),
    ...(input.findings.some((f) => f.kind === 'response') ? { responseInQuestion: true } : {}),
    problems: texts.slice(1).join('; '),
  };
}
