// AJCC 8th pN from the involved lymph node stations (relative to the tumor's side) and M from the clinical note.
import type { Doc, DocSentence } from '../../text/doc';

export interface CategoryFinding {
  value: string;
  sentences: DocSentence[];
  reasons: string[];
}

const N_ORDER = ['N0', 'N1', 'N2', 'N3'];
const maxN = (a: string, b: string) => (N_ORDER.indexOf(a) >= N_ORDER.indexOf(b) ? a : b);

/** The side of the primary tumor, from the lobe or procedure. */
export function tumorSide(doc: Doc): 'R' | 'L' | undefined {
  const m =
    /\b(right|left)\s+(?:upper|middle|lower|main)?\s*(?:lobe|lobectomy|pneumonectomy|lung|bilobectomy|bronchus)|\b(R|L)[UML]L\b/i.exec(
      doc.text
    );
  const side = (m?.[1] ?? m?.[2])?.[0]?.toUpperCase();
  return side === 'R' || side === 'L' ? side : undefined;
}

/** N for a station (IASLC map) on a side, for a tumor on `side`. */
function nForStation(station: string, side: 'R' | 'L' | undefined, contralateral: boolean): string {
  const num = Number.parseInt(station, 10);
  const stationSide = /R/i.test(station) ? 'R' : /L/i.test(station) ? 'L' : undefined;
  const other = contralateral || (side !== undefined && stationSide !== undefined && stationSide !== side);
  if (num === 1) return 'N3';
  if (num >= 10) return other ? 'N3' : 'N1';
  if (num === 7) return 'N2';
  // Stations 5 and 6 are left-sided (aortic) nodes.
  if ((num === 5 || num === 6) && side === 'R') return 'N3';
  return other ? 'N3' : 'N2';
}

const NAMED: [RegExp, (other: boolean) => string][] = [
  [/\b(?:supraclavicular|scalene|low cervical)\b/i, () => 'N3'],
  [/\b(?:subcarinal)\b/i, () => 'N2'],
  [
    /\b(?:mediastinal|paratracheal|subaortic|para-?aortic|aortopulmonary|para-?o?esophageal|pulmonary ligament|prevascular|retrotracheal)\b/i,
    (o) => (o ? 'N3' : 'N2'),
  ],
  [/\b(?:peribronchial|hilar|interlobar|lobar|segmental|intrapulmonary)\b/i, (o) => (o ? 'N3' : 'N1')],
];

/**
 * The pN category.
 * @param doc - The lung resection summary.
 * @returns N with evidence, or undefined when nodes are not mentioned.
 */
export function findN(doc: Doc): CategoryFinding | undefined {
  const side = tumorSide(doc);
  let n: string | undefined;
  const sentences: DocSentence[] = [];
  const reasons: string[] = [];
  let examined = false;
  for (const s of doc.sentences) {
    const t = s.masked;
    if (!/\b(?:lymph nodes?|nodes?|stations?)\b/i.test(t)) continue;
    let found = false;
    // "station 11R 1/3", "station 4R (contralateral) 1/2 positive", "Station 7 positive (1/3)"
    for (const m of t.matchAll(
      /\bstations?\s*(\d{1,2}[RL]?|[RL]\d{1,2})\b([^;,.]*?)(?:(\d+)\s*\/\s*(\d+)|\b(positive|negative|involved)\b)([^;,.]*)/gi
    )) {
      examined = true;
      found = true;
      const station = m[1]!.replace(/^([RL])(\d+)$/i, '$2$1');
      const positive = m[3] !== undefined ? Number(m[3]) > 0 : /positive|involved/i.test(m[5]!);
      if (!positive || (/\bnegative\b/i.test(m[6] ?? '') && m[3] === undefined)) continue;
      const value = nForStation(station, side, /contralateral/i.test(`${m[2]}${m[6]}`));
      n = n ? maxN(n, value) : value;
      reasons.push(`station ${station} positive → ${value}`);
      sentences.push(s);
    }
    // "metastatic carcinoma in 1 of 4 peribronchial lymph nodes", "subcarinal lymph nodes negative (0/3)"
    for (const m of t.matchAll(
      /\b(\d+)\s*(?:of|\/)\s*(\d+)\s+([\w\s-]{0,40}?)(?:lymph\s+)?nodes?\b|\b([\w-]+(?:\s+[\w-]+)?)\s+(?:lymph\s+)?nodes?\b[^;.]*?\b(positive|negative|involved)\b(?:\s*\((\d+)\s*\/\s*(\d+)\))?/gi
    )) {
      const where = `${m[3] ?? ''} ${m[4] ?? ''}`;
      const named = NAMED.find(([re]) => re.test(where));
      if (!named) continue;
      examined = true;
      found = true;
      const count = m[1] ?? m[6];
      const positive = count !== undefined ? Number(count) > 0 : /positive|involved/i.test(m[5]!);
      if (!positive) continue;
      const value = named[1](/contralateral/i.test(where));
      n = n ? maxN(n, value) : value;
      reasons.push(`${where.trim()} node positive → ${value}`);
      sentences.push(s);
    }
    // "Lymph nodes: 0/9", "All lymph nodes are negative (0/7)", "Lymph nodes 0/12"
    if (!found) {
      const total = /\b(\d+)\s*\/\s*(\d+)\b/.exec(t);
      if (
        (total && Number(total[2]) > 0) ||
        /\b(?:all|the)\s+(?:\w+\s+)?(?:lymph\s+)?nodes\s+(?:are\s+)?(?:negative|free|benign)\b/i.test(t)
      ) {
        examined = true;
        sentences.push(s);
        if (total && Number(total[1]) > 0) {
          n = n ?? 'N1';
          reasons.push('positive nodes of unstated station: at least N1');
        }
      } else if (/\bno (?:regional )?lymph nodes?\b[^.]*\b(?:identified|submitted|examined|received)\b/i.test(t)) {
        return { value: 'NX', sentences: [s], reasons: ['no lymph nodes examined'] };
      }
    }
  }
  if (n) return { value: n, sentences, reasons };
  if (examined) return { value: 'N0', sentences, reasons: ['all lymph nodes examined are negative'] };
  return undefined;
}

/**
 * The M category from the clinical information (AJCC 8th): M0 unless distant spread is described.
 * @param doc - The lung resection summary.
 * @returns M with evidence; M0 with no evidence when nothing is said (AJCC has no MX).
 */
export function findM(doc: Doc): CategoryFinding {
  let m0: DocSentence | undefined;
  for (const s of doc.sentences) {
    const t = s.masked;
    if (
      /\bno\s+(?:known\s+|evidence of\s+)?(?:distant|extrathoracic)\s+(?:disease|metastas[ie]s|spread)|\bnegative for (?:distant|metasta)\w*|\bno (?:distant )?metastas[ie]s\b/i.test(
        t
      )
    ) {
      m0 ??= s;
      continue;
    }
    if (
      /\bmalignant (?:pleural|pericardial) effusion\b|\b(?:pleural|pericardial) (?:fluid|effusion)\b[^.;]*\b(?:positive|malignant)\b|\b(?:pleural|pericardial) (?:nodules?|metastas[ie]s|dissemination|implants?)\b|\bcontralateral (?:lung|lobe)\b[^.;]*\b(?:nodule|metasta\w*|carcinoma|adenocarcinoma|tumou?r)\b|\bnodule\b[^.;]*\bcontralateral (?:lung|lobe)\b/i.test(
        t
      ) &&
      !/\b(?:no|negative|without)\b[^.;]{0,20}(?:effusion|nodules?)/i.test(t)
    )
      return {
        value: 'M1a',
        sentences: [s],
        reasons: ['intrathoracic spread (pleura, pericardium or contralateral lung)'],
      };
    const extra =
      /\b(brain|adrenal|liver|hepatic|bone|osseous|skeletal|kidney|renal|distant lymph node|skin|spleen)\b[^.;]{0,30}\bmetastas[ie]s\b|\bmetastas[ie]s\b[^.;]{0,30}\b(?:to|in) the (brain|adrenal|liver|bone)/i.exec(
        t
      );
    if (extra) {
      const many =
        /\bmultiple|several|numerous|innumerable|metastases\b/i.test(t) ||
        /\b(?:and|,)\s+(?:\w+\s+)?(?:bone|liver|brain|adrenal)\b/i.test(t);
      const single = /\b(?:solitary|single|isolated|one|a)\s+(?:\w+\s+){0,2}?metastasis\b/i.test(t);
      return single && !/\bmultiple|several|numerous\b/i.test(t)
        ? { value: 'M1b', sentences: [s], reasons: ['a single extrathoracic metastasis'] }
        : many
          ? { value: 'M1c', sentences: [s], reasons: ['multiple extrathoracic metastases'] }
          : { value: 'M1b', sentences: [s], reasons: ['a single extrathoracic metastasis'] };
    }
  }
  if (m0) return { value: 'M0', sentences: [m0], reasons: ['no distant metastasis'] };
  return {
    value: 'M0',
    sentences: [],
    reasons: ['no distant metastasis described (AJCC has no MX: clinical M0 assumed)'],
  };
}
