// Finds the primary cancer in the problem list and what the tools need from it: tumour type and AJCC site.
import type { Condition } from '@medplum/fhirtypes';
import type { TnmSite } from '../../tools/tnm_stage';
import { conceptText, keyOf } from './text';

export type TumourKind =
  | 'colorectal'
  | 'pancreas'
  | 'hcc'
  | 'icc'
  | 'biliary'
  | 'gastric'
  | 'oesophageal'
  | 'lung'
  | 'gist'
  | 'net'
  | 'anal'
  | 'other';

export interface PrimaryCancer {
  ref: string;
  condition: Condition;
  /** The condition as written, e.g. "Adenocarcinoma of sigmoid colon". */
  text: string;
  kind: TumourKind;
  /** Free-text tumour type for variant_actionability, e.g. "colorectal cancer". */
  tumourType: string;
  /** The AJCC table tnm_stage uses for this tumour, when it carries one. */
  tnmSite?: TnmSite;
}

const MCODE_PRIMARY = 'mcode-primary-cancer-condition';
const MCODE_SECONDARY = 'mcode-secondary-cancer-condition';
const ICD10 = /icd-10/i;

const KINDS: { kind: TumourKind; icd: RegExp; text: RegExp; label: string; site?: TnmSite }[] = [
  // Entities named by their cell of origin come first: a gastric GIST or a rectal NET is not an adenocarcinoma of the
  // organ, and the tools (histology predictions, actionability by tumour type, AJCC tables) differ.
  {
    kind: 'gist',
    icd: /^C49\.A/,
    text: /\bGIST\b|gastrointestinal stromal/i,
    label: 'gastrointestinal stromal tumour',
  },
  {
    kind: 'net',
    // C7A neuroendocrine tumours; C25.4 malignant neoplasm of the endocrine pancreas (islet cells).
    icd: /^C7A|^C25\.4/,
    text: /neuroendocrine (?:tumou?r|neoplasm|carcinoma)|\bNE[TC]\b|carcinoid/i,
    label: 'neuroendocrine neoplasm',
  },
  { kind: 'anal', icd: /^C21/, text: /\banal (?:canal|margin|cancer|carcinoma)\b|\banus\b/i, label: 'anal cancer' },
  { kind: 'hcc', icd: /^C22\.0/, text: /hepatocellular|\bHCC\b/i, label: 'hepatocellular carcinoma', site: 'liver' },
  {
    kind: 'icc',
    icd: /^C22\.1/,
    text: /intrahepatic (bile duct|cholangio)/i,
    label: 'intrahepatic cholangiocarcinoma',
    site: 'intrahepatic_bile_duct',
  },
  {
    kind: 'biliary',
    icd: /^C2[34]/,
    text: /cholangio|bile duct|biliary|gall ?bladder/i,
    label: 'biliary tract cancer',
  },
  {
    kind: 'colorectal',
    icd: /^C(18|19|20)/,
    text: /colorectal|\bcolon|\brect(al|um)|sigmoid|c(a|e)cum/i,
    label: 'colorectal cancer',
    site: 'colorectal',
  },
  { kind: 'pancreas', icd: /^C25/, text: /pancrea/i, label: 'pancreatic adenocarcinoma', site: 'pancreas' },
  { kind: 'gastric', icd: /^C16/, text: /gastric|stomach/i, label: 'gastric adenocarcinoma' },
  { kind: 'oesophageal', icd: /^C15/, text: /o?esophag/i, label: 'oesophageal cancer' },
  { kind: 'lung', icd: /^C3[34]/, text: /\blung\b|NSCLC|bronch/i, label: 'non-small cell lung cancer', site: 'lung' },
];

/** Entities named by their cell of origin. */
const ORIGIN = new Set<TumourKind>(['gist', 'net']);

const CANCER_WORDS = /cancer|carcinoma|sarcoma|lymphoma|melanoma|malignan|neoplasm|tumou?r/i;
// "Metastases of X" names a secondary; "metastatic X cancer" and "X cancer with liver metastases" are still the primary.
const SECONDARY_WORDS = /\bmetastas[ie]s\b|\bsecondary\b/i;
const WITH_SECONDARY = /\b(?:with|and|plus)\b[^.;]{0,60}$|,\s*[^.;]{0,60}$/i;
/** ICD-10 C codes of a primary site (C00–C76, C80–C97); C77–C79 are secondary neoplasms. */
const PRIMARY_ICD = /^C(?!7[7-9])\d/;

function icdCodes(c: Condition): string[] {
  return (c.code?.coding ?? []).filter((k) => ICD10.test(k.system ?? '')).map((k) => k.code ?? '');
}

function profiled(c: Condition, name: string): boolean {
  return (c.meta?.profile ?? []).some((p) => p.endsWith(name));
}

/** Metastases named as the condition itself ("Liver metastases"), not as a feature of a named cancer ("… with …"). */
function secondaryWording(text: string): boolean {
  const m = SECONDARY_WORDS.exec(text);
  return !!m && !(CANCER_WORDS.test(text.slice(0, m.index)) && WITH_SECONDARY.test(text.slice(0, m.index)));
}

function isSecondary(c: Condition): boolean {
  if (profiled(c, MCODE_SECONDARY)) return true;
  // A primary-site ICD-10 code names the primary whatever the text adds about its metastases.
  if (icdCodes(c).some((code) => PRIMARY_ICD.test(code))) return false;
  return icdCodes(c).some((code) => /^C7[7-9]/.test(code)) || secondaryWording(conceptText(c.code));
}

/** How sure we are that a condition is a primary cancer: 4 profile, 3 ICD-10 C code, 2 coded and worded, 1 worded. */
function primaryRank(c: Condition): number {
  if (c.verificationStatus?.coding?.some((k) => k.code === 'refuted' || k.code === 'entered-in-error')) return 0;
  if (profiled(c, MCODE_PRIMARY)) return 4;
  if (isSecondary(c)) return 0;
  if (icdCodes(c).some((code) => /^C/.test(code))) return 3;
  if (!CANCER_WORDS.test(conceptText(c.code))) return 0;
  return c.code?.coding?.length ? 2 : 1;
}

/**
 * The patient's primary cancer: an mCODE primary cancer condition, else a condition coded or worded as a cancer.
 * @param conditions - The problem list.
 * @returns The cancer with its kind, or undefined when the record names none.
 */
export function findPrimaryCancer(conditions: Condition[]): PrimaryCancer | undefined {
  const ranked = conditions.map((c) => ({ c, rank: primaryRank(c) })).filter((x) => x.rank > 0);
  ranked.sort((a, b) => b.rank - a.rank);
  const condition = ranked[0]?.c;
  if (!condition) return undefined;
  const text = conceptText(condition.code);
  const icd = icdCodes(condition);
  const worded = (k: (typeof KINDS)[number]) => k.text.test(text) || k.text.test(conceptText(condition.bodySite?.[0]));
  // A cell-of-origin entity named in the text wins over the organ's ICD code (C25 for a pancreatic NET, C16 for a
  // gastric GIST): the organ's adenocarcinoma guidance does not apply to it.
  const match =
    KINDS.find((k) => ORIGIN.has(k.kind) && (icd.some((code) => k.icd.test(code)) || worded(k))) ??
    KINDS.find((k) => icd.some((code) => k.icd.test(code))) ??
    KINDS.find(worded);
  return {
    ref: keyOf(condition),
    condition,
    text,
    kind: match?.kind ?? 'other',
    tumourType: match?.label ?? text,
    ...(match?.site ? { tnmSite: match.site } : {}),
  };
}
