// The HCC tumour burden BCLC needs (nodule count, largest size, macrovascular invasion, extrahepatic spread), wherever
// the record states it: the primary's stage summary or notes first, then the newest imaging report ("two nodules, the
// larger 4.1 cm; no portal vein thrombus; no extrahepatic disease"). Invasion and spread come from TNM when staged
// (T4 = major vessel, N1/M1 = outside the liver), else from the text; a part nobody stated leaves the burden unknown.
import type { Condition } from '@medplum/fhirtypes';
import { isNegated } from '../../synoptic/text/negation';
import { digitize } from '../../synoptic/text/numbers';
import type { RecordTnm } from './staging';
import { conceptText } from './text';
import type { RecordText } from './texts';

export interface HccBurden {
  /** Absent when not stated and invasion or spread stages the tumour whatever its burden. */
  tumourCount?: number;
  largestTumourCm?: number;
  vascularInvasion: boolean;
  extrahepaticSpread: boolean;
}

const COUNT =
  /\b(\d{1,2})\s+(?:(?:hepatic|liver|arterially enhancing|enhancing|hypervascular|LI-RADS\s*\S+)\s+)?(?:nodules?|tumou?rs?|lesions?|masses|mass|foci|focus)\b/i;
const SINGLE = /\b(single|solitary|unifocal)\s+(?:\S+\s+){0,3}?(?:nodule|tumou?r|lesion|mass|HCC)\b/i;
/** One tumour named with an article ("a 4.2 cm arterially enhancing mass"): each such mention is one more. */
const ONE =
  /\b(?:an?|one|another)\s+(?:[\w./×-]+\s+){0,5}?(?:nodule|tumou?r|lesion|mass|HCC|hepatocellular carcinoma)\b/gi;
/** Tumours in the plural without a number ("multiple nodules", "lesions in both lobes"): the count is not stated. */
const UNCOUNTED =
  /\b(?:multiple|several|numerous|innumerable|multifocal|multinodular|diffuse|infiltrative)\b|\b(?:nodules|lesions|masses|tumou?rs)\b/i;
/** A mention about another organ or a benign finding (a lung nodule, a simple cyst) is no liver tumour. */
const NOT_HCC =
  /\b(?:lung|pulmonary|adrenal|renal|kidney|bone|osseous|node|nodal|pancrea\w*|spleen|splenic|cyst|haemangioma|hemangioma|FNH|regenerative)\b/i;
const SIZE = /(\d+(?:\.\d+)?)\s*(?:[x×]\s*\d+(?:\.\d+)?\s*)*(mm|cm)\b/gi;
const VASCULAR =
  /\b(?:macro)?vascular invasion\b|\bportal vein (?:tumou?r )?(?:thromb\w*|invasion)\b|\btumou?r thromb\w*/i;
const SPREAD =
  /\bextra-?hepatic (?:spread|disease|metastas\w*|lesions?)\b|\b(?:lung|pulmonary|bone|osseous|adrenal|peritoneal|nodal) metastas\w*|\bdistant metastas\w*|\b(?:lung|pulmonary|bone|osseous|adrenal|peritone\w*)\b[^.;]{0,40}\b(?:suspicious for|consistent with|compatible with|in keeping with) metastas\w*/i;
const IMAGING = /^(DiagnosticReport|DocumentReference)\//;
const LIVER = /\b(liver|hepatic|HCC|hepatocellular|segment\s+[IVX\d]|(?:right|left|caudate) lobe|portal vein)/i;

/** Whether a text affirms (true), denies (false) or does not mention (undefined) a finding. */
function stated(text: string, finding: RegExp): boolean | undefined {
  let result: boolean | undefined;
  for (const sentence of text.split(/(?<=[.;])\s+|\n/)) {
    const m = finding.exec(sentence);
    if (!m) continue;
    if (!isNegated(sentence, m.index, m.index + m[0].length)) return true;
    result = false;
  }
  return result;
}

/** The count when each tumour is named on its own with an article and none in the plural without a number. */
function namedOneByOne(text: string): number | undefined {
  if (UNCOUNTED.test(text)) return undefined;
  const named = [...text.matchAll(ONE)].filter(
    (m) =>
      !NOT_HCC.test(m[0]) &&
      !/\b(?:no|not|without|free)\b/i.test(m[0]) &&
      !isNegated(text, m.index, m.index + m[0].length)
  );
  return named.length > 0 ? named.length : undefined;
}

/** The words that say what a size measures: a tumour, or an organ, vessel, node or total that is not one. */
const MEASURED =
  /\b(?:(nodules?|tumou?rs?|lesions?|mass(?:es)?|HCC|observations?|LR-?\d|LI-?RADS)|(kidneys?|renal|spleen|splenic|span|aorta|duct|CBD|nodes?|nodal|lymph|pancrea\w*|gallbladder|cysts?|sum|total))\b/gi;

/** Whether the words just before a size say it measures something other than a tumour ("spleen 14 cm"). */
function otherMeasure(before: string): boolean {
  const last = [...before.matchAll(MEASURED)].at(-1);
  return last?.[2] !== undefined;
}

function countAndSize(text: string): { count: number; cm: number } | undefined {
  const digits = digitize(text);
  const counted = COUNT.exec(digits);
  const count = counted ? Number(counted[1]) : SINGLE.test(text) ? 1 : namedOneByOne(text);
  const sizes = [...digits.matchAll(SIZE)]
    .filter((m) => !otherMeasure(digits.slice(Math.max(0, m.index - 48), m.index)))
    .map((m) => (m[2]!.toLowerCase() === 'mm' ? Number(m[1]) / 10 : Number(m[1])));
  const cm = sizes.filter((x) => x > 0 && x < 30).sort((a, b) => b - a)[0];
  return count && cm ? { count, cm } : undefined;
}

/**
 * HCC burden for BCLC.
 * @param primary - The HCC condition.
 * @param tnm - Its TNM categories, when staged.
 * @param texts - The record's texts (imaging reports are read newest first).
 * @returns The burden (without count and size when invasion or spread decides and they are not stated), or undefined
 *   when the count, the size, or (without TNM) invasion or spread is not stated.
 */
export function readHccBurden(
  primary: Condition,
  tnm: RecordTnm | undefined,
  texts: readonly RecordText[] = []
): HccBurden | undefined {
  const own = [...(primary.stage ?? []).map((s) => conceptText(s.summary)), ...(primary.note ?? []).map((n) => n.text)];
  const reports = texts
    .filter((t) => IMAGING.test(t.ref) && LIVER.test(t.text))
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  const source = [own.join(' '), ...reports.map((r) => r.text)].find((t) => countAndSize(t));
  const found = source ? countAndSize(source) : undefined;
  const cat = (x: string) => x.replace(/^[a-z]+/, '');
  // Invasion and spread are often written apart from the sizes (the problem list's "HCC with portal vein invasion"):
  // the text giving the sizes first, then the condition's own wording and the other reports.
  const elsewhere = [conceptText(primary.code), own.join(' '), ...reports.map((r) => r.text)];
  const anywhere = (finding: RegExp) =>
    (source ? stated(source, finding) : undefined) ??
    elsewhere.map((t) => stated(t, finding)).find((x) => x !== undefined);
  const vascular = tnm ? /^T4/.test(cat(tnm.t)) : anywhere(VASCULAR);
  const spread = tnm ? /^N1/.test(cat(tnm.n)) || /^M1/.test(cat(tnm.m)) : anywhere(SPREAD);
  // Either one affirmed makes the stage advanced (BCLC C) whatever the other and whatever the burden: the unstated
  // one is then taken as not found, and an unstated count or size is not needed; with neither affirmed, both must be
  // stated, and the count and size too.
  if (!vascular && !spread && (vascular === undefined || spread === undefined || !found)) return undefined;
  return {
    ...(found ? { tumourCount: found.count, largestTumourCm: found.cm } : {}),
    vascularInvasion: vascular ?? false,
    extrahepaticSpread: spread ?? false,
  };
}
