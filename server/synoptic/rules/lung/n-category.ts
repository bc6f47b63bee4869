// AJCC 8th pN of a lung resection: every node statement is bound to the stations it speaks of (a count right before
// a station, else the statement after the station or its list, else the one before it), each positive station is
// classed by the IASLC map against the tumor's side, and the highest N wins. No nodes examined → NX.
import type { Doc, DocSentence } from '../../text/doc';
import { DISTANT_NODE } from './m-specimens';
import { findStatuses, type NodeStatus, verdict } from './node-status';
import { tableRows } from './node-table';
import { tumorSide } from './side';
import { findStations, nForStation, type Station } from './stations';
import { digitsForWords } from './words';

export interface CategoryFinding {
  value: string;
  sentences: DocSentence[];
  reasons: string[];
}

const N_ORDER = ['N0', 'N1', 'N2', 'N3'];
const maxN = (a: string, b: string) => (N_ORDER.indexOf(a) >= N_ORDER.indexOf(b) ? a : b);
const NODE_WORD = /\b(?:lymph|nodes?|LNs?|stations?|levels?|nodal)\b/i;
const CAP_INVOLVED =
  /\b(?:number of )?(?:lymph )?nodes? (?:involved|positive|with (?:tumou?r|metasta\w*))\s*[:=]\s*(\d+)\b/gi;
const CAP_EXAMINED = /\b(?:number of )?(?:lymph )?nodes? (?:examined|retrieved|identified)\s*[:=]\s*(\d+)\b/gi;
/**
 * No nodes to assess (NX): none received, sampled or found ("No nodal tissue in the specimen", "Nodes: none received",
 * "there are no lymph nodes in this wedge"); "no lymph node metastasis" is a negative finding, not NX.
 */
const NONE =
  /\bno (?:regional |hilar |mediastinal |peribronchial )?(?:lymph[- ]?nodes?|nodes?|LNs?)\b(?!\s+(?:metasta\w*|involvement|with|(?:are|is|were|was)\s+(?:positive|involved)))[^.;]*\b(?:identified|submitted|examined|received|present|sampled|found|seen|included|recovered|retrieved|in (?:the|this) (?:specimen|material|tissue|resection|wedge))\b|\bno (?:lymph node |nodal |lymphoid )tissue\b|\b(?:regional\s+)?(?:lymph\s+)?nodes?\s*(?:\([^)]*\)\s*)?:\s*(?:none\b(?!\s+(?:involved|positive|metastatic))|nil\b|not (?:submitted|sampled|identified|received|examined|present|included)\b)|\b(?:contains?|contained|containing|includes?|included|with|has|had|there (?:are|were|is|was))\s+no\s+(?:regional\s+)?(?:lymph[- ]?nodes?|nodes?|nodal tissue)\b(?!\s+(?:metasta\w*|involvement|involved|positive|with))|\b(?:lymph\s+)?nodes?\s*:\s*0\s+(?:examined|submitted|identified|received|retrieved|found)\b|\b(?:lymph nodes?|nodal status|regional (?:lymph )?nodes?|pN)\b[^.;]{0,20}\bcannot be (?:assessed|evaluated)\b|\bpNX\b/i;
const CLAUSE = /;|\bbut\b|\bwhereas\b|\bwhile\b|\bhowever\b/gi;

interface Bound {
  station: Station;
  statuses: NodeStatus[];
}

/** Binds the statements of one clause to its stations; the rest are general statements about "the nodes". */
function bind(stations: Station[], statuses: NodeStatus[], t: string): { bound: Bound[]; general: NodeStatus[] } {
  const owned = new Set<NodeStatus>();
  const bound: Bound[] = stations.map((station) => ({ station, statuses: [] }));
  const free = (a: number, z: number) => statuses.filter((s) => s.at >= a && s.end <= z && !owned.has(s));
  // "2 of 4 subcarinal nodes": a count right before the station, only words between.
  for (const b of bound) {
    const q = statuses.findLast((s) => s.count && s.end <= b.station.at);
    if (q && !owned.has(q) && /^\s*(?:[a-z-]+\s+){0,3}$/i.test(t.slice(q.end, b.station.at))) {
      b.statuses.push(q);
      owned.add(q);
    }
  }
  // "station 4R 1/2", "stations 4R and 7: 0/5": the statements after the station or its list, up to the next one.
  const after = bound.map((b, i) => {
    if (b.statuses.length) return [];
    let j = i;
    while (j + 1 < bound.length && free(bound[j]!.station.end, bound[j + 1]!.station.at).length === 0) j++;
    return free(bound[j]!.station.end, bound[j + 1]?.station.at ?? t.length);
  });
  for (const [i, list] of after.entries()) bound[i]!.statuses.push(...list);
  for (const b of bound) for (const s of b.statuses) owned.add(s);
  // "Metastatic carcinoma in stations 4R and 7": the statement before the station (or before its list).
  for (let i = 0; i < bound.length; i++) {
    const b = bound[i]!;
    if (b.statuses.length) continue;
    const before = free(i > 0 ? bound[i - 1]!.station.end : 0, b.station.at);
    b.statuses.push(
      ...(before.length ? before : i > 0 ? bound[i - 1]!.statuses.filter((s) => s.end <= b.station.at) : [])
    );
  }
  for (const b of bound) for (const s of b.statuses) owned.add(s);
  return { bound, general: statuses.filter((s) => !owned.has(s)) };
}

/** Blanks a span, keeping offsets. */
const blank = (t: string, re: RegExp) => t.replace(re, (m) => ' '.repeat(m.length));

/**
 * The pN category.
 * @param doc - The lung resection report.
 * @returns N with evidence, NX when no nodes were examined, or undefined when nodes are not mentioned.
 */
export function findN(doc: Doc): CategoryFinding | undefined {
  const side = tumorSide(doc);
  let n: string | undefined;
  let anyPositive: DocSentence | undefined;
  let examined = false;
  let none: DocSentence | undefined;
  const sentences: DocSentence[] = [];
  const reasons: string[] = [];
  const positive = (st: Station, s: DocSentence) => {
    const value = nForStation(st, side);
    n = n ? maxN(n, value) : value;
    reasons.push(`station ${st.label} positive → ${value}`);
    sentences.push(s);
  };
  const table = tableRows(doc);
  let pending: Station[] = [];
  let inList = false;
  for (const s of doc.sentences) {
    const rows = table.get(s.index);
    if (rows) {
      examined = true;
      for (const r of rows) if (r.positive) positive(r.station, s);
      if (!sentences.includes(s)) sentences.push(s);
      continue;
    }
    // A node outside the regional map (axillary, inguinal, abdominal) is a distant metastasis (M), not N.
    let t = digitsForWords(s.masked).replace(/[^;]+/g, (c) => (DISTANT_NODE.test(c) ? ' '.repeat(c.length) : c));
    // "4R: 1/2" needs no node word: a side-suffixed station with a count is a node statement.
    const context =
      NODE_WORD.test(t) ||
      inList ||
      /\b(?:1[0-4]|[1-9])[RL]\b\s*[:(]?\s*\d+\s*(?:\/\s*\d+|positive|negative|of\b)/.test(t) ||
      // "Lower paratracheal (4R): 2/5", "Subcarinal (7): 0/3": a station number in brackets, then a count.
      /\(\s*(?:station\s*|level\s*|#\s*)?(?:1[0-4]|[1-9])(?:[RL]|[ap])?\s*\)\s*:?\s*\d+\s*(?:\/\s*\d+|positive|negative|of\b)/i.test(
        t
      );
    if (!context) {
      pending = [];
      continue;
    }
    if (NONE.test(t)) none ??= s;
    for (const m of t.matchAll(CAP_INVOLVED)) {
      examined = true;
      sentences.push(s);
      if (Number(m[1]) > 0) anyPositive ??= s;
      // "Lymph nodes with metastasis: 2 (4R, 7)": the stations in brackets after a positive count are the involved ones.
      const listed = /^\s*\(([^)]*)\)/.exec(t.slice(m.index + m[0].length))?.[1];
      if (Number(m[1]) > 0 && listed) for (const st of findStations(listed, true)) positive(st, s);
    }
    // "Number of lymph nodes examined: 0" is no node examined (NX), not a negative dissection.
    for (const m of t.matchAll(CAP_EXAMINED)) {
      if (Number(m[1]) > 0) examined = true;
      else none ??= s;
    }
    t = blank(blank(t, CAP_INVOLVED), CAP_EXAMINED);
    let sawStation = false;
    let sawStatus = false;
    const carried: Bound[] = [];
    for (const clause of t.split(CLAUSE)) {
      const stations = findStations(clause, context);
      let masked = clause;
      for (const st of stations) masked = masked.slice(0, st.at) + ' '.repeat(st.end - st.at) + masked.slice(st.end);
      const statuses = findStatuses(masked);
      sawStation ||= stations.length > 0;
      sawStatus ||= statuses.length > 0;
      // A station named on its own line ("Lymph node, station 4R, excision:") takes the findings of the next one.
      const { bound, general } =
        stations.length === 0 && pending.length
          ? { bound: pending.map((station) => ({ station, statuses })), general: [] }
          : bind(stations, statuses, masked);
      carried.push(...bound);
      for (const g of general) {
        examined = true;
        if (g.positive && (g.count || NODE_WORD.test(clause))) anyPositive ??= s;
      }
    }
    for (const b of carried) {
      const v = verdict(b.statuses);
      if (v === undefined) continue;
      examined = true;
      if (v) positive(b.station, s);
      else if (!sentences.includes(s)) sentences.push(s);
    }
    pending = sawStation && !sawStatus ? carried.map((b) => b.station) : [];
    inList =
      /:\s*$/.test(s.masked) ||
      /^\s*(?:regional\s+)?(?:lymph\s+nodes?|nodes?|nodal\s+(?:status|stations))\s*$/i.test(s.masked) ||
      (inList && (sawStation || sawStatus));
    if (!sawStation && sawStatus && !sentences.includes(s)) sentences.push(s);
  }
  if (n) return { value: n, sentences, reasons };
  if (anyPositive) {
    return {
      value: 'N1',
      sentences: [...sentences, anyPositive],
      reasons: ['positive lymph nodes of unstated station: at least N1'],
    };
  }
  if (examined) return { value: 'N0', sentences, reasons: ['all lymph nodes examined are negative'] };
  if (none) return { value: 'NX', sentences: [none], reasons: ['no lymph nodes examined'] };
  return undefined;
}
