// Distances from the tumor to the proximal, distal and radial margins: numbers tied to margin names by "from/to",
// margin-first phrasing, paired lists ("respectively"), and involvement wording ("extends to", "abuts") meaning 0 cm.
// Margin names and lengths are found in margin-refs.ts, involvement in margin-zero.ts, the closest in margin-closest.ts.
import type { Doc, DocSentence } from '../../text/doc';
import { NUM, toCm, UNIT } from '../../text/measure';
import { digitize } from '../../text/numbers';
import { TUMOR_NOUN } from '../../text/sentences';
import { closestDistance, closestStatement } from './margin-closest';
import { farMargins } from './margin-far';
import { marginRuns, statusThenDistance } from './margin-lines';
import { listedMargins } from './margin-list';
import { pairedDistances } from './margin-pairs';
import { lengths, marginRefs } from './margin-refs';
import { sideDistances } from './margin-sides';
import { KIND, KW, kindOf, MARGIN_KINDS, type MarginKind } from './margin-words';
import { involvedMargins, negated, STATED_INVOLVED } from './margin-zero';

export type { MarginKind } from './margin-words';
export { MARGIN_KINDS } from './margin-words';

export interface DistanceFinding {
  cm: number;
  sentence: DocSentence;
  how: string;
}

export interface MarginFindings {
  distances: Partial<Record<MarginKind, DistanceFinding>>;
  /** A margin the report names as the closest. */
  closest?: { kind: MarginKind; sentence: DocSentence };
  /** "Margins are free" / "tumor extends to the margin" without a side or distance. */
  stated?: { involved: boolean; sentence: DocSentence };
  /** Margins stated to be far from the tumor without a distance ("the longitudinal margins are well clear"), with
   * the lower bound when one is given ("more than 5 cm"). */
  far?: Partial<Record<MarginKind, { sentence: DocSentence; min?: number }>>;
  /** A sentence applying the ≤ 1 mm convention ("involved by the 1 mm rule"): a status that CAP's 0 mm does not give. */
  convention?: DocSentence;
  /** Distances to bowel ends whose side is not known ("6 cm from one end and 12 cm from the other"). */
  unnamedEnds?: number[];
  /** The tumor's extent along the bowel measured from the distal margin, when both ends are given. */
  span?: { from: number; to: number; sentence: DocSentence };
}

const LANDMARK = /\b(?:reflection|dentate|verge|diverticul\w*|polyps?|nodes?|perforation|valve|appendix|taeniae?)\b/i;
/** The ≤ 1 mm convention for an involved (circumferential) margin. */
const CONVENTION =
  /\b(?:involved|positive)\b[^.;]{0,60}?(?:\b1(?:\.0)?\s*mm\b|≤|<=)|(?:≤|<=|less than|within)\s*1(?:\.0)?\s*mm\b[^.;]{0,40}?\b(?:involved|positive)\b/i;
/** A line that is only a distance ("Distance: 3 cm", "Distance from tumour: 12 mm"). */
const BARE_DISTANCE = new RegExp(
  String.raw`^\W*distance(?:\s+(?:from|to)\s+(?:the\s+)?(?:invasive\s+)?(?:carcinoma|tumou?r|lesion|margin))?\s*(?:[:=]|\bis\b)?\s*${NUM}\s*${UNIT}\W*$`,
  'i'
);
/** A length to a bowel end named without its side. */
const UNNAMED_END = new RegExp(
  String.raw`${NUM}\s*${UNIT}\s+(?:away\s+)?from\s+(?:one|1|the other|the opposite|the (?:near|far|furth)(?:er|est)?|an?|another)\s+(?:(?:cut|resection|bowel|surgical|open|stapled)\s+)?(?:end|margin|edge|one)s?\b(?!\s*\()`,
  'gi'
);
/** Words that, between a margin name and a length, show the length belongs to something else. */
const GAP_STOP =
  /\b(?:with|a|an|and|which|that|defects?|tumou?r(?![- ]free)|mass|lesion|nodes?|polyps?|reflection|to the|from the)\b/i;

/** A landmark named as a subject, not as the object of a preposition ("a sessile polyp 1.2 cm, 3 cm from …"). */
const LANDMARK_SUBJECT = new RegExp(
  String.raw`(?<!\b(?:from|to|of|above|below|with|at|in|near|beyond|towards?)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+)?)${LANDMARK.source}`,
  'gi'
);

/** The clause before a position is about a landmark (the reflection, a polyp), not the tumor: no tumor noun in it,
 * or a landmark named as the subject after the last tumor noun ("Lesion 1: a sessile polyp 1.2 cm, 3 cm from …"). */
function landmarkSubject(t: string, at: number): boolean {
  const clause = t.slice(t.lastIndexOf(';', at) + 1, at);
  if (!LANDMARK.test(clause)) return false;
  if (!TUMOR_NOUN.test(clause) && !/\b(?:it|its)\b/i.test(clause)) return true;
  const lastTumor = Math.max(
    ...[...clause.matchAll(new RegExp(String.raw`${TUMOR_NOUN.source}|\b(?:it|its)\b`, 'gi'))].map((m) => m.index)
  );
  const subjects = [...clause.matchAll(LANDMARK_SUBJECT)];
  return subjects.some((m) => m.index > lastTumor);
}

/**
 * Finds the margin distances of a gross description.
 * @param doc - The gross description.
 * @param rightSided - Whether "colonic margin" means the distal one (a right-sided resection with ileum).
 * @returns Distances (first statement per margin wins; involvement wins over a number), closest and stated status.
 */
export function findMargins(doc: Doc, rightSided: boolean): MarginFindings {
  const out: MarginFindings = { distances: {} };
  // The first measured (non-zero) distance of each margin: a margin called involved by a convention (≤ 1 mm) keeps it.
  const measured: Partial<Record<MarginKind, DistanceFinding>> = {};
  const set = (kind: MarginKind, f: DistanceFinding, override = false) => {
    if (f.cm > 0) measured[kind] ??= f;
    if (override || !out.distances[kind]) out.distances[kind] = f;
  };
  // Read last and kept only for a margin no other statement gives.
  const weak: Partial<Record<MarginKind, DistanceFinding>> = {};
  let previous: MarginKind | undefined;
  for (const s of doc.sentences) {
    // Numbers in words read as digits, offsets kept ("three centimetres from the distal margin").
    // "3 cms": the plural abbreviation read as cm (same length, so offsets hold).
    // "between 8 and 12 cm from the distal margin": the tumor's span above the distal margin (rectal location).
    const range = new RegExp(
      String.raw`(?:between\s+${NUM}\s*(?:${UNIT})?\s*and|${NUM}\s*(?:${UNIT})?\s*(?:-|–|to))\s*${NUM}\s*${UNIT}\s+(?:away\s+)?(?:from|above|proximal to)\s+the\s+distal`,
      'i'
    ).exec(digitize(s.masked));
    if (range) {
      const unit = range[6]!;
      const from = toCm(range[1] ?? range[3]!, range[2] ?? range[4] ?? unit);
      out.span ??= { from, to: toCm(range[5]!, unit), sentence: s };
    }
    // "between 10 and 14 cm from the proximal margin", "8-12 cm from …": the tumor's near edge, the lower number.
    const t = digitize(s.masked)
      .replace(/(\d\s*)cms\b/gi, '$1cm ')
      .replace(
        /(?<!\bfrom\s)(?:between\s+(\d+(?:[.,]\d+)?)\s*(cm|mm)?\s*and|(\d+(?:[.,]\d+)?)\s*(cm|mm)?\s*(?:-|–|to))\s*\d+(?:[.,]\d+)?\s*(cm|mm)\b(?=\s+(?:away\s+)?(?:from|above|below|proximal to|distal to)\b)/gi,
        (...g: (string | undefined)[]) => `${g[1] ?? g[3]} ${g[2] ?? g[4] ?? g[5]}`
      );
    const refs = marginRefs(t, rightSided);
    const lens = lengths(t);
    const used = new Set<number>();
    const markUsed = (from: number, to: number) => {
      for (const l of lens) if (l.start >= from && l.end <= to) used.add(l.start);
    };
    // "Distal margin: negative" then "Distance: 3 cm" on the next line: the distance of the margin just named.
    const kinds = new Set(refs.map((r) => r.kind));
    const bare = refs.length === 0 ? BARE_DISTANCE.exec(t) : null;
    if (bare && previous)
      set(previous, { cm: toCm(bare[1]!, bare[2]!), sentence: s, how: 'distance line under the margin' });
    previous = kinds.size === 1 && lens.length === 0 ? [...kinds][0] : undefined;

    // "extends from 7.0 cm to 11.0 cm above the distal margin": the lower end is the distal distance.
    const span = new RegExp(
      String.raw`from\s+${NUM}\s*(?:${UNIT})?\s+to\s+${NUM}\s*${UNIT}\s+(?:above|from|proximal to)\s+the\s+distal`,
      'i'
    ).exec(t);
    if (span) {
      const unit = span[5]!;
      const from = toCm(span[1]!, span[2] ?? unit);
      out.span ??= { from, to: toCm(span[4]!, unit), sentence: s };
      set('distal', { cm: from, sentence: s, how: 'lower end of the tumor span' });
      markUsed(span.index, span.index + span[0].length);
    }

    // "12 cm from either end", "10 cm from both resection margins": the same distance to both longitudinal margins.
    for (const m of t.matchAll(
      new RegExp(
        String.raw`${NUM}\s*${UNIT}\s+(?:away\s+)?from\s+(?:either|each|both)\s+(?:of\s+the\s+)?(?:(?:resection|bowel|longitudinal|cut|surgical)\s+)?(?:ends?|margins?)\b`,
        'gi'
      )
    )) {
      const cm = toCm(m[1]!, m[2]!);
      for (const k of ['proximal', 'distal'] as const) set(k, { cm, sentence: s, how: 'distance from either end' });
      markUsed(m.index, m.index + m[0].length);
    }

    // "10.5 cm and 13 cm from the proximal and distal margins, respectively", "Proximal/distal margins: 12/4 cm".
    for (const p of pairedDistances(t, rightSided)) {
      set(p.kind, { cm: p.cm, sentence: s, how: 'paired list' });
      markUsed(p.start, p.end);
    }

    // "Proximal 14 cm, distal 6.5 cm", "Distal Margin: Uninvolved; distance 4.5 cm": lines without a margin heading.
    for (const d of [...marginRuns(t, rightSided), ...statusThenDistance(t, refs)]) {
      if (used.has(d.start)) continue;
      set(d.kind, { cm: d.cm, sentence: s, how: 'margin line' });
      used.add(d.start);
    }

    // "tumor extends to / abuts the inked radial margin", "distal margin: involved" → 0 cm.
    for (const z of involvedMargins(t, refs)) set(z.kind, { cm: 0, sentence: s, how: z.how }, true);

    // "Margins: proximal 6 cm, distal 7 cm, mesenteric 2 cm" — side words directly followed by a length.
    if (/\b(?:margins?|distances?|clearances?)\b[^.;:\d]{0,30}:/i.test(t)) {
      for (const m of t.matchAll(
        new RegExp(
          // A length followed by "from/to …" belongs to what follows ("proximal margin, 17.5 cm from the distal").
          String.raw`\b${KIND}(?:\s*\([^)]*\))?(?:\s+margin\s*(?:[:=]|\bat\b|\s-)?|\s*(?:[:,=]|\bat\b|\s-)?)\s*${NUM}\s*${UNIT}(?!\s*(?:away\s+)?(?:from|to)\b)`,
          'gi'
        )
      )) {
        const kind = kindOf(m[1]!, rightSided);
        const l = lens.find((x) => x.start > m.index && x.end <= m.index + m[0].length);
        if (!kind || !l || used.has(l.start)) continue;
        set(kind, { cm: l.cm, sentence: s, how: 'margin list' });
        used.add(l.start);
      }
    }

    // "closest margin: distal, at 15 mm" / "the radial margin is the closest".
    const c = closestStatement(t, refs, rightSided);
    if (c) out.closest ??= { kind: c.kind, sentence: s };
    if (c?.end !== undefined) {
      const end = c.end;
      const l = lens.find((x) => x.start >= end && x.start - end < 15 && !used.has(x.start));
      if (l) {
        set(c.kind, { cm: l.cm, sentence: s, how: 'closest margin with its distance' });
        used.add(l.start);
      }
    }

    // "9.5 cm from the distal margin", "60 mm to the proximal margin", "within 2 mm of the circumferential margin".
    const connector =
      /^\s*\)?\s*(?:away\s+)?(?:from|to|of|short of|clear of|free of|above|below|proximal to|distal to)\s+(?:the\s+)?(?:(?!(?:and|or|tumou?r|mass|lesion|carcinoma|is|are)\b)[\w-]+(?:\s+|\s*\/\s*)){0,3}?$/i;
    for (const l of lens) {
      if (used.has(l.start)) continue;
      const r = refs.find((x) => x.start >= l.end && connector.test(t.slice(l.end, x.start)));
      if (!r || landmarkSubject(t, l.start)) continue;
      set(r.kind, { cm: l.cm, sentence: s, how: 'distance from the margin' });
      used.add(l.start);
    }

    // "the distal resection margin is 2.5 cm from the tumor", "Radial margin: 2.0 cm", "clear by 3.2 cm".
    for (const r of refs) {
      const l = lens.find((x) => x.start >= r.end);
      if (!l || used.has(l.start)) continue;
      const gap = t.slice(r.end, l.start);
      // "the mesenteric margin, which is 5 mm from the tumour": a relative clause about the margin keeps its length.
      const relative = /^\s*,?\s*(?:which|that)\s+(?:is|lies|measures)\s+(?:approximately\s+|about\s+)?$/i.test(gap);
      const stop = new RegExp(KW, 'i').test(gap) || GAP_STOP.test(gap);
      if (gap.length > 30 || /[\d;]/.test(gap) || (stop && !relative)) continue;
      set(r.kind, { cm: l.cm, sentence: s, how: 'margin with its distance' });
      used.add(l.start);
    }

    // "clear by 12 cm proximally", "Margin distances are proximal 12 cm": a side word and a length in one phrase.
    for (const d of sideDistances(t, used))
      weak[d.side] ??= { cm: d.cm, sentence: s, how: 'side and length in one phrase' };

    // "The longitudinal margins are widely clear", "more than 5 cm away": no distance, but farther than others.
    for (const f of farMargins(t, (clause) => marginRefs(clause, rightSided).map((r) => r.kind))) {
      out.far ??= {};
      out.far[f.kind] ??= { sentence: s, ...(f.min === undefined ? {} : { min: f.min }) };
    }

    if (CONVENTION.test(t)) out.convention ??= s;
    // "Cut ends unidentified; tumour 6 cm from one end and 12 cm from the other": lengths to ends of unknown side.
    const ends = [...t.matchAll(UNNAMED_END)].map((m) => toCm(m[1]!, m[2]!));
    if (ends.length) out.unnamedEnds = [...(out.unnamedEnds ?? []), ...ends];

    const free = /\bmargins?\b[^.;\d]{0,30}?\b(?:free|uninvolved|negative|clear)\b/i.exec(t);
    const reaches = /\b(?:extends|abuts|reaches)\s+(?:to\s+)?the\s+(?:resection\s+)?margin\b/i.exec(t);
    if (free && !/\bnot\b/i.test(free[0])) out.stated ??= { involved: false, sentence: s };
    else if (reaches && !negated(t, reaches.index, reaches.index)) out.stated ??= { involved: true, sentence: s };
  }
  // CAP synoptic: "Closest Margin(s): Distal" and, on another line, "Distance from Invasive Carcinoma to Closest
  // Margin: 3 cm": the distance to the closest margin is that margin's distance.
  const toClosest = closestDistance(doc);
  if (out.closest && toClosest) set(out.closest.kind, { ...toClosest, how: 'distance to the closest margin' });
  // "Margins:" then "Proximal: 11 cm" / "- distal 4 cm" on the lines below: the heading names them margins.
  for (const l of listedMargins(doc)) {
    const kind = kindOf(l.side, rightSided);
    if (kind) set(kind, { cm: l.cm, sentence: l.sentence, how: 'margin list' }, l.cm === 0);
  }
  for (const kind of MARGIN_KINDS) if (weak[kind]) set(kind, weak[kind]);
  // CAP: the distance item is the measured distance; "involved" under the ≤ 1 mm convention is a status, not 0 mm.
  for (const kind of MARGIN_KINDS) {
    const d = out.distances[kind];
    const m = measured[kind];
    if (d?.cm === 0 && d.how === STATED_INVOLVED && m && m.cm <= 0.1) {
      out.distances[kind] = m;
      out.convention ??= d.sentence;
    }
  }
  return out;
}
