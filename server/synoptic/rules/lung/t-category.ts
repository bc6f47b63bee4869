// AJCC 8th pT of a lung resection from its summary: the size of the invasive tumor against the 1-2-3-4-5-7 cm
// thresholds, raised by the invasion descriptors and separate nodules the text affirms (negated mentions are ignored).
import type { Doc, DocSentence } from '../../text/doc';
import { formatCm } from '../../text/measure';
import { isNegated } from '../../text/negation';
import { lobesIn, primaryLobe } from './side';
import { clauseBounds, invaded, locatedIn, STRUCTURES } from './t-descriptors';
import { miaDiagnosis } from './t-mia';
import { obstructionToHilum } from './t-obstruction';
import { invasiveSize, LUNG_TUMOR, lepidicEstimate, totalSize } from './t-size';
import { specialT, superficialSpreading, unassessedT } from './t-special';

export { LUNG_TUMOR };
export const T_ORDER = ['TX', 'T0', 'Tis', 'T1mi', 'T1a', 'T1b', 'T1c', 'T2a', 'T2b', 'T3', 'T4'] as const;

export interface TFinding {
  t: string;
  sentences: DocSentence[];
  reasons: string[];
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

/** An invasive carcinoma the sentence affirms ("margins negative for invasive carcinoma" does not). */
function affirmsInvasion(s: DocSentence): boolean {
  return [...s.masked.matchAll(/\binvasive\b/gi)].some(
    (m) =>
      !isNegated(s.masked, m.index, m.index + m[0].length) &&
      !/\binvasive \w+:? (?:not|absent|none)/i.test(s.masked.slice(m.index)) &&
      !/\bmargins?\b/i.test(s.masked)
  );
}

/**
 * A carcinoma named without "in situ" (the primary of "adenocarcinoma, 2.4 cm" next to a separate AIS focus), not
 * negated ("margins negative for carcinoma") and not about lymph nodes.
 */
function namesInvasiveCarcinoma(s: DocSentence): boolean {
  return s.masked
    .split(/[;,]/)
    .some(
      (clause) =>
        !/\b(?:lymph|nodes?|margins?)\b/i.test(clause) &&
        [...clause.matchAll(/\b(?:adeno|squamous cell |large cell |sarcomatoid )?carcinoma\b(?!\s+in situ)/gi)].some(
          (m) =>
            !isNegated(clause, m.index, m.index + m[0].length) &&
            !/\b(?:no|without|negative for|free of)\s+(?:[\w-]+\s+){0,3}$/i.test(clause.slice(0, m.index))
        )
    );
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
  if (insitu && !all.some(affirmsInvasion) && !all.some(namesInvasiveCarcinoma))
    return { t: 'Tis', sentences: [insitu], reasons: ['carcinoma in situ without invasion'] };
  const total = totalSize(doc);
  const superficial = superficialSpreading(doc);
  const lepidic = all.some((s) => /\blepidic\b/i.test(s.masked));
  const invasive = invasiveSize(doc) ?? (total && lepidic ? lepidicEstimate(doc, total) : undefined);
  const mia = miaDiagnosis(all, invasive);
  const size = invasive ?? total;
  let t: string | undefined;
  const sentences: DocSentence[] = [];
  const reasons: string[] = [];
  // IASLC/AJCC: a lepidic-predominant adenocarcinoma of at most 3 cm with at most 0.5 cm invasion is minimally invasive.
  if (mia || (invasive && invasive.cm <= 0.5 && lepidic && (!total || total.cm <= 3))) {
    t = 'T1mi';
    sentences.push(mia ?? invasive!.s);
    reasons.push('minimally invasive adenocarcinoma');
  } else if (superficial) {
    t = 'T1a';
    sentences.push(superficial);
    reasons.push('superficial spreading tumor with invasion limited to the bronchial wall (any size)');
  } else if (size) {
    t = tForSize(size.cm);
    sentences.push(size.s);
    reasons.push(`${invasive ? 'invasive' : 'tumor'} size ${formatCm(size.cm)} cm → ${t}`);
  }
  const t2 = () => (size && size.cm > 4 ? maxT('T2b', tForSize(size.cm)) : 'T2a');
  for (const s of all) {
    const txt = s.masked;
    const pl = /\bPL\s?-?([0-3])\b/.exec(txt);
    for (const d of STRUCTURES) {
      if (superficial && d.why.startsWith('main bronchus')) continue;
      const hit = [...txt.matchAll(d.re)].find(
        (m) => invaded(txt, m.index, m[0].length) || (d.located === true && locatedIn(txt, m.index))
      );
      const explicit = d.why.startsWith('visceral') && pl && (pl[1] === '1' || pl[1] === '2') && /pleura/i.test(txt);
      if (!hit && !explicit) continue;
      // T2 features raise a tumor of up to 4 cm to T2a; above 4 cm its size already gives T2b or more.
      const least = d.t === 'T2a' ? t2() : d.t;
      t = t ? maxT(t, least) : least;
      sentences.push(s);
      reasons.push(d.why);
    }
    if (pl?.[1] === '3') {
      t = t ? maxT(t, 'T3') : 'T3';
      sentences.push(s);
      reasons.push('parietal pleural invasion (PL3)');
    }
  }
  const obstruction = obstructionToHilum(all);
  if (obstruction) {
    t = t ? maxT(t, t2()) : 'T2a';
    sentences.push(obstruction);
    reasons.push('atelectasis or obstructive pneumonitis extending to the hilar region');
  }
  for (const sp of specialT(doc)) {
    t = t ? maxT(t, sp.t === 'T2a' ? t2() : sp.t) : sp.t;
    sentences.push(sp.s);
    reasons.push(sp.why);
  }
  const nodule = separateNodule(doc);
  if (nodule) {
    t = t ? maxT(t, nodule.t) : nodule.t;
    sentences.push(nodule.s);
    reasons.push(nodule.why);
  }
  if (t) return { t, sentences, reasons };
  const none = unassessedT(doc);
  return none ? { t: none.t, sentences: [none.s], reasons: [none.why] } : undefined;
}

/** A lesion called the same tumor in a sentence naming a lobe ("LLL wedge: metastatic adenocarcinoma"). */
const SAME_TUMOR =
  /\b(?:metastatic (?:adeno|squamous cell )?carcinoma|same (?:histolog|morpholog|pattern|type)\w*|identical (?:histolog|morpholog)\w*|(?:(?:similar|identical|comparable) (?:to|with)|resembl\w*|match\w*|like) (?:that (?:of|in) |those (?:of|in) )?(?:the )?(?:part|specimen|tumou?r|primary|main|resected|index|lobectomy)|intrapulmonary metasta\w*)\b/i;
const NODULE =
  /\b(?:separate|additional|satellite|second|another|two|multiple|discrete)\s+(?:[\w.]+\s+){0,3}?(?:nodules?|foci|focus|tumou?rs?)\b|\bintrapulmonary metastas[ie]s\b|\bsatellite (?:lesions?|nodules?)\b/i;
const ELSEWHERE =
  /\b(?:pleural|pericardial) (?:nodules?|implants?|deposits?|foci)\b|\b(?:nodules?|implants?|deposits?|foci)\b[^.;]{0,30}\b(?:on|of|studding|involving) the (?:parietal |visceral |diaphragmatic )?(?:pleura|pericardium)\b|\b(?:liver|hepatic|brain|cerebr\w*|cerebell\w*|adrenal\w*|bones?|osseous|vertebra\w*|kidney|renal|spleen|skin|subcutaneous|soft tissue|peritone\w*|axillary)\b/i;
const NEG_NODULE = /\b(?:no|not|without|none)\s+(?:[\w-]+\s+){0,2}$/i;

/** A separate tumor nodule: same lobe T3, another ipsilateral lobe T4 (a contralateral one is M1a, handled as M). */
function separateNodule(doc: Doc): { t: string; s: DocSentence; why: string } | undefined {
  const primary = primaryLobe(doc);
  let found: { t: string; s: DocSentence; why: string } | undefined;
  for (const s of doc.sentences) {
    const t = s.masked;
    // Only a lobe other than the primary's makes "same histology" a second lesion; in the primary's it is the tumor.
    const m = NODULE.exec(t) ?? (lobesIn(t).some((l) => l !== primary) ? SAME_TUMOR.exec(t) : null);
    if (!m) continue;
    const [start, end] = clauseBounds(t, m.index);
    const after = t.slice(m.index + m[0].length, end);
    if (
      NEG_NODULE.test(t.slice(start, m.index)) ||
      /^\s*(?:is|are|were|was)?\s*(?:not|none|absent)\b|^[^;:]*:\s*(?:not|no|none|absent)\b/i.test(after)
    )
      continue;
    // A second primary is staged on its own; "not a separate primary" / "rather than a new primary" affirm the nodule.
    if (/(?<!\b(?:not|rather than)\s+(?:an?\s+)?)\b(?:synchronous|separate|second|independent|new)\s+primar/i.test(t))
      continue;
    if (/\bcontralateral\b/i.test(t)) continue;
    // A nodule in the other lung ("right lung metastases" with a left primary) is M1a, not T.
    const lungSide = /\b(right|left)\s+(?:lung|hemithorax)\b/i.exec(t.slice(start, end))?.[1]?.toLowerCase();
    if (primary && lungSide && !primary.startsWith(lungSide)) continue;
    // Nodules on the pleura or pericardium are M1a, and foci in another organ are distant metastases: not T.
    if (ELSEWHERE.test(t.slice(start, end))) continue;
    // AJCC 8th: multifocal ground-glass/lepidic tumors are multiple primaries, staged by the largest with (m).
    if (
      /\b(?:ground[- ]glass|GGOs?|GGNs?|lepidic|multifocal|in situ|AIS|MIA)\b|\b(?:two|multiple|several) (?:[\w-]+\s+){0,2}?primaries\b/i.test(
        t.slice(start, end)
      )
    )
      continue;
    if (/\b(?:benign|granuloma\w*|hamartoma|lymph node)\b/i.test(t)) continue;
    const lobes = lobesIn(t);
    const other = lobes.filter((l) => l !== primary);
    if (primary && other.some((l) => l.split(' ')[0] !== primary.split(' ')[0])) continue;
    if (/\b(?:different|another|other|separate) (?:ipsilateral )?lobes?\b/i.test(t) || other.length > 0) {
      return { t: 'T4', s, why: 'separate tumor nodule in a different ipsilateral lobe' };
    }
    if (/\bsame lobe\b/i.test(t) || (primary && lobes.includes(primary)) || lobes.length === 0)
      found ??= { t: 'T3', s, why: 'separate tumor nodule in the same lobe' };
  }
  return found;
}
