// T, N and M categories written in result text (pathology and imaging reports, conditions), each possibly in its own
// sentence ("pT3 … pN1b (3/17) …; staging CT: cM0"), and whether a stage group is already recorded. Categories are
// kept only when the AJCC table of the tumour's site knows them (sub-categories narrowed, e.g. T3c → T3).
import type { TnmSite } from '../../tools/tnm_stage';
import { fitCategory } from '../record/staging';
import type { RecordText } from '../record/texts';
import { RESULT_SOURCE } from './text-alterations';

export interface TextTnm {
  t: string;
  n: string;
  m: string;
  sources: string[];
}

const PREFIX = '(?:yp|yc|rp|rc|p|c|y|r|a)?';
const AXIS = {
  t: new RegExp(`(?<![A-Za-z0-9])(${PREFIX}T(?:is|X|[0-4](?:mi|[a-d])?))(?![A-Za-z0-9-])`, 'g'),
  n: new RegExp(`(?<![A-Za-z0-9])(${PREFIX}N(?:X|[0-3][a-c]?))(?![A-Za-z0-9-])`, 'g'),
  m: new RegExp(`(?<![A-Za-z0-9])(${PREFIX}M(?:X|[01][a-d]?))(?![A-Za-z0-9-])`, 'g'),
} as const;
/** A stage group as written ("stage IIIB", "UICC stage IV", "Stadium IIA"). */
const STAGE_GROUP = /\b(?:stage|stadium)\s+(?:0|I{1,3}[ABC]?[123]?|IV[ABC]?)\b/i;
/** MRI weighting ("T2-weighted") and similar are not staging. */
const NOT_STAGING = /weighted|\bT[12]\s*(?:signal|hyper|hypo)/i;

/**
 * T, N and M from result texts, when all three are written (the first of each, texts in record order).
 * @param site - The AJCC table to fit them to.
 * @param texts - Record texts.
 * @returns The categories with the texts they came from, or undefined.
 */
export function textTnm(site: TnmSite, texts: readonly RecordText[]): TextTnm | undefined {
  const found: Partial<Record<'t' | 'n' | 'm', { value: string; ref: string }>> = {};
  for (const { ref, text } of texts.filter((t) => RESULT_SOURCE.test(t.ref))) {
    const clean = text.replace(/\S*weighted\S*|T[12]\s*(?:signal|hyper\w*|hypo\w*)/gi, ' ');
    if (NOT_STAGING.test(clean)) continue;
    for (const axis of ['t', 'n', 'm'] as const) {
      if (found[axis]) continue;
      AXIS[axis].lastIndex = 0;
      for (let m = AXIS[axis].exec(clean); m && !found[axis]; m = AXIS[axis].exec(clean)) {
        const value = fitCategory(site, axis, m[1]!);
        if (value) found[axis] = { value, ref };
      }
    }
  }
  const { t, n, m } = found;
  return t && n && m ? { t: t.value, n: n.value, m: m.value, sources: [...new Set([t.ref, n.ref, m.ref])] } : undefined;
}

/**
 * Where a stage group is already recorded, if anywhere.
 * @param texts - Record texts.
 * @returns The reference of the first text stating one.
 */
export function recordedStageGroup(texts: readonly RecordText[]): string | undefined {
  return texts.find((t) => RESULT_SOURCE.test(t.ref) && STAGE_GROUP.test(t.text))?.ref;
}
