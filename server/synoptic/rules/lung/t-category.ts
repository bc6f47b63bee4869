// AJCC 8th pT of a lung resection from its summary: the size of the invasive tumor against the 1-2-3-4-5-7 cm
// thresholds, raised by the invasion descriptors and separate nodules the text affirms (negated mentions are ignored).
import type { Doc, DocSentence } from '../../text/doc';
import { DIMS, dimensionsCm, formatCm } from '../../text/measure';
import { findTumorSize } from '../tumor-size';

export const LUNG_TUMOR = /\b(?:tumou?rs?|carcinomas?|adenocarcinomas?|neoplasms?|mass(?:es)?|lesions?)\b/i;
export const T_ORDER = ['TX', 'T0', 'Tis', 'T1mi', 'T1a', 'T1b', 'T1c', 'T2a', 'T2b', 'T3', 'T4'] as const;

export interface TFinding {
  t: string;
  sentences: DocSentence[];
  reasons: string[];
}

const LOBE = /\b(right|left)\s+(upper|middle|lower)\s+lobe\b|\b(R|L)(U|M|L)L\b/gi;

/** Structures whose invasion raises T (AJCC 8th lung), with the least T each implies. */
const STRUCTURES: { re: RegExp; t: string; why: string }[] = [
  {
    re: /\bdiaphragm\w*|\bmediastin(?:um|al)\b(?!\s+(?:lymph|nodes?|stations?|dissection))|\bheart\b|\bgreat vessels?\b|\baorta\b|\bsuperior vena cava\b|\btrachea\b|\bcarina\b|\bo?esophag\w*|\bvertebra\w*|\brecurrent laryngeal nerve\b/gi,
    t: 'T4',
    why: 'invasion of a T4 structure (diaphragm, mediastinum, heart, great vessels, trachea, carina, oesophagus, vertebra)',
  },
  {
    re: /\bchest wall\b|\bribs?\b|\bparietal pleura\b|\bphrenic nerve\b|\b(?:parietal )?pericardi(?:um|al)\b|\bsuperior sulcus\b/gi,
    t: 'T3',
    why: 'invasion of the chest wall, parietal pleura, phrenic nerve or parietal pericardium',
  },
  { re: /\bvisceral pleura\b/gi, t: 'T2a', why: 'visceral pleural invasion' },
  { re: /\b(?:(?:right|left)\s+)?main(?:stem)? bronchus\b/gi, t: 'T2a', why: 'main bronchus involvement' },
];
const INVASION_VERB = /\b(?:invad\w*|invasion|involv\w*|infiltrat\w*|extend\w*|grow\w*|penetrat\w*|through|into)\b/gi;
const AFTER_NEG =
  /^\s*(?:\([^)]*\)\s*)?(?:invasion|involvement|infiltration)?\s*(?::\s*|,?\s*(?:which\s+)?(?:is|are|was|were)\s+)?(?:not|no|none|absent|negative|free|uninvolved|clear)\b|^[^;:]*:\s*(?:not|no|none|absent|negative)\b/i;
const NOUN_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:invasion|involvement|infiltration)\b|^[^;:]*:\s*(?:present|involved|invaded|identified|positive)\b/i;

/** The clause around a position: between `;` or sentence ends. */
function clauseBounds(t: string, at: number): [number, number] {
  const start = t.lastIndexOf(';', at) + 1;
  const endRel = t.slice(at).search(/;/);
  return [start, endRel < 0 ? t.length : at + endRel];
}

/** Whether a structure mention is affirmed as invaded (and not negated) in its clause. */
function invaded(t: string, at: number, len: number): boolean {
  const [start, end] = clauseBounds(t, at);
  const before = t.slice(start, at);
  const after = t.slice(at + len, end);
  // "No chest wall, diaphragm or pericardial invasion", "without invasion of the diaphragm"
  if (
    /\b(?:no|not|without|free of|negative for)\b(?:(?!\b(?:invad\w*|involv\w*|is|are|was|shows?|extends?|grows?)\b)[\w\s,/-])*$/i.test(
      before
    )
  )
    return false;
  if (AFTER_NEG.test(after)) return false;
  if (NOUN_AFTER.test(after)) return true;
  const verbs = [...before.matchAll(INVASION_VERB)];
  const last = verbs.at(-1);
  if (!last) return false;
  const between = before.slice(last.index);
  return between.length <= 90 && !/\bfrom\b|\d+(?:\.\d+)?\s*(?:cm|mm)\b/i.test(between);
}

const rank = (t: string) => T_ORDER.indexOf(t as (typeof T_ORDER)[number]);
export const maxT = (a: string, b: string): string => (rank(a) >= rank(b) ? a : b);

/** T from the invasive size in cm. */
export function tForSize(cm: number): string {
  if (cm <= 1) return 'T1a';
  if (cm <= 2) return 'T1b';
  if (cm <= 3) return 'T1c';
  if (cm <= 4) return 'T2a';
  if (cm <= 5) return 'T2b';
  if (cm <= 7) return 'T3';
  return 'T4';
}

function lobesIn(text: string): string[] {
  return [...text.matchAll(LOBE)].map((m) => {
    if (m[1]) return `${m[1].toLowerCase()} ${m[2]!.toLowerCase()}`;
    const side = m[3]!.toUpperCase() === 'R' ? 'right' : 'left';
    return `${side} ${{ U: 'upper', M: 'middle', L: 'lower' }[m[4]!.toUpperCase() as 'U' | 'M' | 'L']}`;
  });
}

function invasiveSize(doc: Doc): { cm: number; s: DocSentence } | undefined {
  for (const s of doc.sentences) {
    const m = new RegExp(
      String.raw`invasive (?:component|focus|part|size|portion)\s*(?:of|measur\w*|:)?\s*(?:up to\s+)?${DIMS}|${DIMS}\s+invasive (?:component|focus|size)`,
      'i'
    ).exec(s.masked);
    const dims = m ? dimensionsCm(m[1] ?? m[2] ?? '') : [];
    if (dims.length) return { cm: Math.max(...dims), s };
  }
  return undefined;
}

/**
 * The pT category.
 * @param doc - The lung resection summary.
 * @returns T with the sentences and reasons, or undefined when neither size nor descriptors are given.
 */
export function findT(doc: Doc): TFinding | undefined {
  const all = doc.sentences;
  const insitu = all.find((s) =>
    /\b(?:adenocarcinoma in situ|carcinoma in situ|squamous cell carcinoma in situ)\b|\bAIS\b/i.test(s.masked)
  );
  if (insitu && !all.some((s) => /\binvasive\b/i.test(s.masked) && !/\bno invasive\b|\bwithout invasi/i.test(s.masked)))
    return { t: 'Tis', sentences: [insitu], reasons: ['carcinoma in situ without invasion'] };
  const mia = all.find((s) => /\bminimally invasive adenocarcinoma\b|\bMIA\b/.test(s.masked));
  const size =
    invasiveSize(doc) ??
    (() => {
      const f = findTumorSize(all, LUNG_TUMOR) ?? findTumorSize(all, /\bnodules?\b/i);
      return f ? { cm: f.cm, s: f.sentence } : undefined;
    })();
  let t: string | undefined;
  const sentences: DocSentence[] = [];
  const reasons: string[] = [];
  if (mia) {
    t = 'T1mi';
    sentences.push(mia);
    reasons.push('minimally invasive adenocarcinoma');
  } else if (size) {
    t = tForSize(size.cm);
    sentences.push(size.s);
    reasons.push(`invasive size ${formatCm(size.cm)} cm → ${t}`);
  }
  for (const s of all) {
    const txt = s.masked;
    const pl = /\bPL([0-3])\b/.exec(txt);
    for (const d of STRUCTURES) {
      const hit = [...txt.matchAll(d.re)].find((m) => invaded(txt, m.index, m[0].length));
      const explicit = d.t === 'T2a' && pl && (pl[1] === '1' || pl[1] === '2') && /pleura/i.test(txt);
      if (!hit && !explicit) continue;
      // T2 features raise a tumor of up to 4 cm to T2a; above 4 cm its size already gives T2b or more.
      const least = d.t === 'T2a' && size && size.cm > 4 ? maxT('T2b', tForSize(size.cm)) : d.t;
      t = t ? maxT(t, least) : least;
      sentences.push(s);
      reasons.push(d.why);
    }
    if (pl?.[1] === '3') {
      t = t ? maxT(t, 'T3') : 'T3';
      sentences.push(s);
      reasons.push('parietal pleural invasion (PL3)');
    }
    if (
      /\b(?:atelectasis|obstructive pneumonitis)\b[^.;]*\bhil(?:um|ar)\b/i.test(txt) &&
      !/\b(?:no|absent|without)\b/i.test(txt)
    ) {
      t = t ? maxT(t, size && size.cm > 4 ? maxT('T2b', tForSize(size.cm)) : 'T2a') : 'T2a';
      sentences.push(s);
      reasons.push('atelectasis or obstructive pneumonitis to the hilum');
    }
  }
  const nodule = separateNodule(doc);
  if (nodule) {
    t = t ? maxT(t, nodule.t) : nodule.t;
    sentences.push(nodule.s);
    reasons.push(nodule.why);
  }
  return t ? { t, sentences, reasons } : undefined;
}

/** A separate tumor nodule: same lobe T3, another ipsilateral lobe T4 (a contralateral one is M1a, handled as M). */
function separateNodule(doc: Doc): { t: string; s: DocSentence; why: string } | undefined {
  const primary =
    doc.sentences
      .map((s) => {
        const m = LUNG_TUMOR.exec(s.masked);
        return m ? lobesIn(s.masked.slice(m.index))[0] : undefined;
      })
      .find(Boolean) ?? lobesIn(doc.text)[0];
  for (const s of doc.sentences) {
    const t = s.masked;
    const m = /\b(?:separate|additional|satellite|second|another)\s+(?:[\w.]+\s+){0,3}?nodules?\b/i.exec(t);
    if (!m) continue;
    const [start, end] = clauseBounds(t, m.index);
    if (
      /\b(?:no|not|without)\s+(?:[\w-]+\s+){0,2}$/i.test(t.slice(start, m.index)) ||
      AFTER_NEG.test(t.slice(m.index + m[0].length, end))
    )
      continue;
    if (/\bcontralateral\b/i.test(t)) continue;
    if (/\bsame lobe\b/i.test(t)) return { t: 'T3', s, why: 'separate tumor nodule in the same lobe' };
    const others = lobesIn(t).filter((l) => l !== primary);
    const sameSide = others.some((l) => primary && l.split(' ')[0] === primary.split(' ')[0]);
    if (/\b(?:different|another|other) (?:ipsilateral )?lobe\b/i.test(t) || sameSide) {
      return { t: 'T4', s, why: 'separate tumor nodule in a different ipsilateral lobe' };
    }
    if (primary && lobesIn(t).includes(primary)) return { t: 'T3', s, why: 'separate tumor nodule in the same lobe' };
  }
  return undefined;
}
