// Regional lymph node stations of the IASLC map as a lung report names them ("station 4R", "Level 10R", "4R", named
// stations such as "subcarinal" or "left hilar") and the AJCC 8th N each implies for a tumor on a given side.
import { otherSide, type Side } from './side';

export interface Station {
  at: number;
  end: number;
  /** IASLC station number (named stations map to their number). */
  num: number;
  /** Side of the station when the text gives it (suffix R/L, "right", "left", or "contralateral"/"ipsilateral"). */
  side?: Side;
  contra?: boolean;
  ipsi?: boolean;
  label: string;
}

const NAMED: [RegExp, number][] = [
  [/supraclavicular|scalene|low(?:er)? cervical|sternal notch/, 1],
  [/upper paratracheal/, 2],
  [/prevascular|retrotracheal/, 3],
  [/(?:lower )?paratracheal|tracheobronchial|mediastinal/, 4],
  [/subaortic|aorto-?pulmonary(?: window)?|ap window/, 5],
  [/para-?aortic/, 6],
  [/subcarinal/, 7],
  [/para-?o?esophageal/, 8],
  [/(?:inferior )?pulmonary ligament/, 9],
  [/peri-?hilar|hilar|bronchopulmonary/, 10],
  [/interlobar/, 11],
  [/peribronchial|intrapulmonary|lobar/, 12],
  [/segmental/, 13],
  [/subsegmental/, 14],
];
const NAMED_RE = new RegExp(
  String.raw`\b(?:${NAMED.map(([re]) => re.source).join('|')})\b(?!\s*(?:bronch\w*|vessels?|vascular|arter\w*|veins?|margins?|fat|soft|structures?|pleura|region|atelecta\w*))`,
  'gi'
);
const NODE_AFTER = /^\s*(?:\((?:station|level)?\s*\d{1,2}[RL]?\)\s*)?(?:lymph|nodes?\b|LNs?\b|stations?\b|:|\()/i;
const TOKEN = String.raw`(?:[RL]\s?)?(?:1[0-4]|[1-9])(?:[RL]|[apAP])?(?:[si])?`;
const PREFIXED = new RegExp(
  String.raw`\b(?:nodal\s+)?(?:stations?|levels?|LNs?|zones?)\s*[:#]?\s*(${TOKEN}(?:\s*(?:,|&|\/|\band\b|\bor\b)\s*${TOKEN}(?!\s*(?:\/|of\b|out\b|lymph|nodes?|LN|cm|mm|%|positive|negative)))*)\b`,
  'gi'
);
/** A bare side-suffixed station ("4R 0/3", "10L: 1/1", "4-R 1/1", "4 R 1/1"), written in capitals. */
const BARE = /\b(?:1[0-4]|[1-9])(?:[RL]|-[RL]|\s[RL](?=\s*[:(]?\s*\d+\s*(?:\/|of\b)))(?:[si])?\b/g;
/** "R4", "L10"; never R0/R1 (residual tumor) or L0/L1 (lymphatic invasion), and not a lumbar vertebra. */
const BARE_LEAD = /\b[RL](?:1[0-4]|[2-9])\b(?!\s*(?:vertebra|spine|root|nerve))/g;
/** A bare station number opening a list item followed by a count ("…, 7 0/2", "7: 1/3"). */
const LIST_ITEM = /(?<=(?:^|[,;:]\s*|\band\s+))(?:1[0-4]|[1-9])(?=\s*[:(]?\s*\d+\s*(?:\/|of\b)\s*\d+)/g;

function side(label: string, before: string, after: string): Pick<Station, 'side' | 'contra' | 'ipsi'> {
  const suffix = /^(?:[RL]\s?)?\d+(?:\s?-?\s?([RL]))?/i.exec(label);
  const lead = /^([RL])\s?\d/.exec(label)?.[1] ?? suffix?.[1];
  const word = /\b(right|left|contralateral|ipsilateral)\s+(?:[\w-]+\s+){0,2}$/i.exec(before)?.[1]?.toLowerCase();
  // "station 4 right (paratracheal)", "level 10 (left)": the side written after the number.
  const paren = /^\s*,?\s*\(?\s*(contralateral|ipsilateral|right|left)\b/i.exec(after)?.[1]?.toLowerCase();
  const out: Pick<Station, 'side' | 'contra' | 'ipsi'> = {};
  const named = word === 'right' || word === 'left' ? word : paren === 'right' || paren === 'left' ? paren : undefined;
  if (lead) out.side = lead.toUpperCase() as Side;
  else if (named) out.side = named === 'right' ? 'R' : 'L';
  if (word === 'contralateral' || paren === 'contralateral') out.contra = true;
  if (word === 'ipsilateral' || paren === 'ipsilateral') out.ipsi = true;
  return out;
}

/**
 * The stations a clause names, in order. Named stations count only when a node word, a colon or a bracket follows
 * them, or when `nodeContext` says the clause is about nodes ("hilar: 1/2" in a node list).
 * @param t - The clause (numbers already in digits).
 * @param nodeContext - Whether the clause is known to be about lymph nodes.
 * @returns The stations.
 */
export function findStations(t: string, nodeContext: boolean): Station[] {
  const out: Station[] = [];
  const add = (at: number, label: string, num: number) => {
    if (out.some((s) => at < s.end && at + label.length > s.at)) return;
    const extra = side(label, t.slice(Math.max(0, at - 40), at), t.slice(at + label.length, at + label.length + 20));
    out.push({ at, end: at + label.length, num, label, ...extra });
  };
  for (const m of t.matchAll(PREFIXED)) {
    const list = m[1]!;
    const offset = m.index + m[0].length - list.length;
    for (const tok of list.matchAll(new RegExp(TOKEN, 'g')))
      add(offset + tok.index, tok[0], Number(/\d+/.exec(tok[0])![0]));
  }
  for (const m of t.matchAll(BARE)) add(m.index, m[0], Number.parseInt(m[0], 10));
  // "R4 1/3", "L10 0/2": the side written first, read only where the clause is about nodes ("L4" is also a vertebra).
  if (nodeContext) for (const m of t.matchAll(BARE_LEAD)) add(m.index, m[0], Number(m[0].slice(1)));
  if (nodeContext) for (const m of t.matchAll(LIST_ITEM)) add(m.index, m[0], Number(m[0]));
  for (const m of t.matchAll(NAMED_RE)) {
    const after = t.slice(m.index + m[0].length);
    if (!nodeContext && !NODE_AFTER.test(after)) continue;
    const name = m[0].toLowerCase();
    add(m.index, m[0], NAMED.find(([re]) => new RegExp(`^(?:${re.source})$`).test(name))?.[1] ?? 4);
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * AJCC 8th N for a positive station: ipsilateral peribronchial/hilar/intrapulmonary (10–14) N1; ipsilateral
 * mediastinal or subcarinal (2–9) N2; contralateral mediastinal or hilar, scalene or supraclavicular (1) N3.
 * @param st - The station.
 * @param tumor - The side of the primary tumor, if known.
 * @returns N1, N2 or N3.
 */
export function nForStation(st: Station, tumor: Side | undefined): 'N1' | 'N2' | 'N3' {
  if (st.num === 1) return 'N3';
  const stSide = st.side ?? (st.contra && tumor ? otherSide(tumor) : undefined);
  const other = st.contra === true || (!st.ipsi && tumor !== undefined && stSide !== undefined && stSide !== tumor);
  if (st.num >= 10) return other ? 'N3' : 'N1';
  if (st.num === 7) return 'N2';
  // Stations 5 and 6 (aortic nodes) lie on the left.
  if ((st.num === 5 || st.num === 6) && tumor === 'R' && !st.ipsi) return 'N3';
  return other ? 'N3' : 'N2';
}
