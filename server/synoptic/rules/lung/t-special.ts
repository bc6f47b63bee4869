// AJCC 8th lung T rules that are not "size plus invaded structure": the superficial spreading tumor (T1a at any size),
// direct invasion of an adjacent lobe across the fissure (T2a), pneumonic-type adenocarcinoma (T3 in one lobe, T4
// across ipsilateral lobes), and no residual tumor (T0) or a tumor that cannot be assessed (TX).
import type { Doc, DocSentence } from '../../text/doc';
import { lobesIn } from './side';
import { clauseBounds } from './t-descriptors';

export interface SpecialT {
  t: string;
  s: DocSentence;
  why: string;
}

const NEG = /\b(?:no|not|without|absent|negative for|free of|rather than)\b/i;

function affirmedClause(s: DocSentence, re: RegExp): { clause: string } | undefined {
  const m = re.exec(s.masked);
  if (!m) return undefined;
  const [start, end] = clauseBounds(s.masked, m.index);
  const clause = s.masked.slice(start, end);
  const before = s.masked.slice(start, m.index);
  return NEG.test(before.split(/,|\band\b/).at(-1) ?? '') ? undefined : { clause };
}

/**
 * AJCC 8th: a superficial spreading tumor of any size whose invasive component is limited to the bronchial wall is
 * T1a, even where it extends proximal to the main bronchus.
 * @param doc - The report.
 * @returns The sentence, or undefined.
 */
export function superficialSpreading(doc: Doc): DocSentence | undefined {
  return doc.sentences.find(
    (s) =>
      /\bsuperficial(?:ly)?[- ]spreading\b/i.test(s.masked) &&
      doc.sentences.some((o) =>
        /\b(?:limited|confined|restricted) to the (?:bronchial )?(?:wall|mucosa)\b/i.test(o.masked)
      )
  );
}

const FISSURE =
  /\b(?:across|through|traversing|cross(?:es|ing)?)\s+(?:the\s+)?(?:interlobar\s+|major\s+|minor\s+|oblique\s+|horizontal\s+)?fissure\b|\b(?:invad\w*|invasion of|involv\w*|extend\w* into)\s+(?:the\s+)?adjacent\s+(?:[\w-]+\s+){0,2}?lobe\b/i;

/**
 * The T rules of this module that apply to the report, with the least T each implies.
 * @param doc - The report.
 * @returns The special findings.
 */
export function specialT(doc: Doc): SpecialT[] {
  const out: SpecialT[] = [];
  for (const s of doc.sentences) {
    // Direct invasion of an adjacent lobe across the fissure is visceral pleural invasion (PL2): T2a.
    if (affirmedClause(s, FISSURE))
      out.push({ t: 'T2a', s, why: 'direct invasion of an adjacent ipsilateral lobe across the fissure' });
    const pneumonic = affirmedClause(s, /\bpneumonic[- ]type\b|\bpneumonic pattern\b/i);
    if (pneumonic) {
      const lobes = new Set(lobesIn(s.masked).concat(/\blingula\b/i.test(s.masked) ? ['left upper'] : []));
      const sides = new Set([...lobes].map((l) => l.split(' ')[0]));
      const several =
        (lobes.size > 1 && sides.size === 1) ||
        /\b(?:multiple|two|several|both) (?:ipsilateral )?lobes\b|\b(?:upper|middle|lower)\s+(?:and|&|,)\s+(?:(?:right|left)\s+)?(?:upper|middle|lower)\s+lobes\b/i.test(
          s.masked
        );
      out.push(
        several
          ? { t: 'T4', s, why: 'pneumonic-type adenocarcinoma involving more than one ipsilateral lobe' }
          : { t: 'T3', s, why: 'pneumonic-type adenocarcinoma confined to one lobe' }
      );
    }
  }
  return out;
}

/**
 * T0 (no residual tumor after therapy) or TX (the primary cannot be assessed), used only when nothing else gives T.
 * @param doc - The report.
 * @returns The finding, or undefined.
 */
export function unassessedT(doc: Doc): SpecialT | undefined {
  for (const s of doc.sentences) {
    const t = s.masked;
    if (
      /\bno (?:residual |viable )+(?:tumou?r|carcinoma|malignancy|neoplasm)\b|\bcomplete (?:pathologic(?:al)? )?response\b|\bno evidence of (?:residual |viable )*(?:primary )?(?:tumou?r|carcinoma)\b/i.test(
        t
      ) &&
      !/\bmargins?\b|\bR0\b/i.test(t)
    )
      return { t: 'T0', s, why: 'no residual or viable primary tumor' };
    if (/\b(?:tumou?r|size|primary|extent)\b[^.;]{0,40}\bcannot be (?:assessed|determined|measured)\b/i.test(t))
      return { t: 'TX', s, why: 'the primary tumor cannot be assessed' };
  }
  return undefined;
}
