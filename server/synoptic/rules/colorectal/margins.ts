// Distances from the tumor to the proximal, distal and radial margins: numbers tied to margin names by "from/to",
// margin-first phrasing, paired lists ("respectively"), and involvement wording ("extends to", "abuts") meaning 0 cm.
import type { Doc, DocSentence } from '../../text/doc';
import { NUM, toCm, UNIT } from '../../text/measure';
import { digitize } from '../../text/numbers';
import { NEGATION, TUMOR_NOUN } from '../../text/sentences';
import { farMargins } from './margin-far';
import { listedMargins } from './margin-list';
import { pairedDistances } from './margin-pairs';
import { sideDistances } from './margin-sides';
import { KIND, KW, kindOf, MARGIN_KINDS, type MarginKind } from './margin-words';

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
  /** The tumor's extent along the bowel measured from the distal margin, when both ends are given. */
  span?: { from: number; to: number; sentence: DocSentence };
}

/** A side named as the closest margin, the CRM included. */
const CLOSEST_KIND = `(${KW}|CRM)`;
const MARGIN_WORD =
  /^\)?(?:\s*\([^)]*\))?(?:\s*\/\s*\w+)?(?:\s+[\w-]+){0,2}?\s+(?:margins?|edges?|ends?|lines?|surfaces?|clearances?|fascia|resections?(?!\s+(?:margins?|lines?|limits?|edges?|ends?)\b))\b/i;
const LANDMARK = /\b(?:reflection|dentate|verge|diverticul\w*|polyps?|nodes?|perforation|valve|appendix|taeniae?)\b/i;
const ZERO_VERB =
  /\b(?:extend\w*|reach\w*|abut\w*|involv\w*|invad\w*|infiltrat\w*|touch\w*|present|impinge\w*|transect\w*|breach\w*|comes?|coming|came|(?:is|lies|lying)\s+in\s+contact\s+with|contact\w*)\b(?:\s+at\s+(?:the\s+)?ink(?:ed)?(?:\s+(?:surface|edge))?)?(?:\s+(?:through|into|across)\s+(?:the\s+)?[a-z\s-]{0,25}?)?\s+(?:(?:right\s+|all the way\s+)?up\s+)?(?:to|at|on|upon|into)?\s*(?:the\s+)?(?:inked\s+|painted\s+)?(?:\w+\s+)?$/i;
const AT_MARGIN =
  /\b(?:tumou?r|mass|lesion|carcinoma|growth|neoplasm|it)\s+(?:is\s+|lies\s+|sits\s+)?(?:present\s+|seen\s+)?(?:at\s+ink\s+)?(?:at|on)\s+(?:the\s+)?(?:inked\s+|painted\s+)?$/i;
/** Words that, between a margin name and a length, show the length belongs to something else. */
const GAP_STOP =
  /\b(?:with|a|an|and|which|that|defects?|tumou?r(?![- ]free)|mass|lesion|nodes?|polyps?|reflection|to the|from the)\b/i;
interface MarginRef {
  kind: MarginKind;
  start: number;
  end: number;
}

/** Margin names: a side word followed by margin/edge/end/line/surface, or CRM. */
function marginRefs(t: string, rightSided: boolean): MarginRef[] {
  const refs: MarginRef[] = [];
  for (const m of t.matchAll(/\bCRM\b/g)) refs.push({ kind: 'radial', start: m.index, end: m.index + 3 });
  // "the nearest bowel end (proximal)": a margin named generically, its side in brackets.
  for (const m of t.matchAll(
    new RegExp(
      String.raw`\b(?:(?:bowel|longitudinal|resection|cut|surgical)\s+)?(?:ends?|margins?|edges?)\s*\(\s*${KIND}\s*\)`,
      'gi'
    )
  )) {
    const kind = kindOf(m[1]!, rightSided);
    if (kind) refs.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  for (const m of t.matchAll(new RegExp(String.raw`\b${KIND}\b`, 'gi'))) {
    const kind = kindOf(m[1]!, rightSided);
    const rest = t.slice(m.index + m[0].length);
    // "upper / lower (cranial, caudal) edge" is an edge of the tumour: these words name a margin only with "margin".
    if (
      /^(?:upper|lower|cranial|caudal)$/i.test(m[1]!) &&
      !/^\s+(?:(?:resection|surgical)\s+)?(?:margins?|limits?|resection lines?)\b/i.test(rest)
    )
      continue;
    const word = MARGIN_WORD.exec(rest);
    if (kind && word && !/\b(?:of|to|from)\b/i.test(word[0]))
      refs.push({ kind, start: m.index, end: m.index + m[0].length + word[0].length });
    // "12 cm from the proximal and 9.5 cm from the distal margins": the plural names both sides.
    else if (
      kind &&
      (/^\s+(?:and|or)\s(?:(?![;]|\.\s).){0,40}?\bmargins\b/i.test(rest) ||
        // "6 cm from the proximal and 3 cm from the distal margin": a length and another side follow.
        new RegExp(
          String.raw`^\s+(?:and|or)\s+${NUM}\s*${UNIT}\s+(?:away\s+)?(?:from|to|of)\s+(?:the\s+)?${KW}\s+(?:(?:resection\s+|surgical\s+)?(?:margin|end|limit|line|edge)|line of resection)`,
          'i'
        ).test(rest))
    )
      refs.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  return refs.sort((a, b) => a.start - b.start);
}

interface Length {
  cm: number;
  start: number;
  end: number;
}

function lengths(t: string): Length[] {
  return [...t.matchAll(new RegExp(`${NUM}\\s*${UNIT}`, 'gi'))].map((m) => ({
    cm: toCm(m[1]!, m[2]!),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

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

function negated(t: string, from: number, to: number): boolean {
  return NEGATION.test(t.slice(Math.max(0, from - 30), to));
}

/** "Distance to (the) closest margin: 3 cm" with no side named in the sentence. */
const TO_CLOSEST = new RegExp(
  String.raw`\b(?:closest|nearest)\s+(?:resection\s+)?margin(?:\(s\)|s)?\s*(?:is\s+|[:=]\s*)?(?:at\s+)?${NUM}\s*${UNIT}`,
  'i'
);

function closestDistance(doc: Doc): { cm: number; sentence: DocSentence } | undefined {
  for (const s of doc.sentences) {
    const t = digitize(s.masked);
    const m = TO_CLOSEST.exec(t);
    if (m && !new RegExp(String.raw`\b${KW}\b|\bCRM\b`, 'i').test(t)) return { cm: toCm(m[1]!, m[2]!), sentence: s };
  }
  return undefined;
}

/**
 * Finds the margin distances of a gross description.
 * @param doc - The gross description.
 * @param rightSided - Whether "colonic margin" means the distal one (a right-sided resection with ileum).
 * @returns Distances (first statement per margin wins; involvement wins over a number), closest and stated status.
 */
export function findMargins(doc: Doc, rightSided: boolean): MarginFindings {
  const out: MarginFindings = { distances: {} };
  const set = (kind: MarginKind, f: DistanceFinding, override = false) => {
    if (override || !out.distances[kind]) out.distances[kind] = f;
  };
  // Read last and kept only for a margin no other statement gives.
  const weak: Partial<Record<MarginKind, DistanceFinding>> = {};
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

    // "tumor extends to / abuts the inked radial margin", "distal margin: involved" → 0 cm.
    for (const r of refs) {
      const z = ZERO_VERB.exec(t.slice(0, r.start));
      const positive =
        /^\s*,?\s*(?::|is|are|appears?\s+(?:to\s+be\s+)?|seems?\s+(?:to\s+be\s+)?)?\s*(?:grossly\s+|focally\s+|macroscopically\s+)?(?:involved|positive|transected|tumou?r at ink)\b|^\s*(?:shows?|contains?)\s+(?:invasive\s+)?(?:tumou?r|carcinoma)\b|^\s*(?:is|lies)\s+at\s+the\s+(?:tumou?r|lesion|growth)(?:'s)?\s+edge\b/i.test(
          t.slice(r.end, r.end + 40)
        );
      // "the tumour is at the distal margin": tumor at a margin is tumor reaching it (CAP: involved, 0 cm).
      // Only a margin proper: "tumour at the distal end" places it along the specimen, not at the resection line.
      // A staple line, resection line or cut edge is the margin itself.
      const proper = /margin|\bCRM\b|\blines?\b|\blimits?\b|\bcut (?:ends?|edges?)\b|\bsurfaces?\b|\bfascia\b/i.test(
        t.slice(r.start, r.end)
      );
      const at = proper ? AT_MARGIN.exec(t.slice(0, r.start)) : null;
      if (
        (z && !/\d/.test(z[0]) && !negated(t, z.index, z.index + z[0].length)) ||
        (at && !negated(t, at.index, at.index + at[0].length)) ||
        positive
      )
        set(r.kind, { cm: 0, sentence: s, how: 'tumor reaches the margin' }, true);
    }

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
    const c =
      new RegExp(
        String.raw`(?:closest|nearest)(?:\s+(?:resection\s+)?margin(?:\(s\)|s)?(?:\s+to\s+(?:the\s+)?(?:invasive\s+)?(?:carcinoma|tumou?r))?\s*(?:is|:|,)?|\s*:)\s*\(?\s*(?:the\s+)?${CLOSEST_KIND}`,
        'i'
      ).exec(t) ??
      new RegExp(
        String.raw`${CLOSEST_KIND}\s+(?:(?:resection\s+)?margin\s+)?is\s+(?:the\s+)?(?:closest|nearest)`,
        'i'
      ).exec(t) ??
      // "nearest margin: 5 mm (mesenteric)": the side in brackets after the distance.
      new RegExp(
        String.raw`(?:closest|nearest)\s+(?:resection\s+)?margin\s*(?:is|:)?\s*(?:at\s+)?\d+(?:[.,]\d+)?\s*(?:cm|mm)\s*\(\s*(?:the\s+)?${CLOSEST_KIND}`,
        'i'
      ).exec(t) ??
      // "the closest (distal) margin", "margin closest to the tumour: distal".
      new RegExp(String.raw`(?:closest|nearest)\s*\(\s*${CLOSEST_KIND}\s*\)`, 'i').exec(t) ??
      new RegExp(
        String.raw`\bmargin\s+(?:closest|nearest)\s+to\s+(?:the\s+)?(?:tumou?r|lesion|carcinoma|growth)\s*(?:is\s+|[:,-]\s*)?(?:the\s+)?${CLOSEST_KIND}`,
        'i'
      ).exec(t) ??
      // "the tumour is closest to the radial margin": the margin the tumour lies nearest to.
      new RegExp(
        String.raw`\b(?:(?:closest|nearest)\s+to|(?:lies|is|sits|located|situated)\s+(?:closest|nearest))\s+(?:the\s+)?${CLOSEST_KIND}(?=\s+(?:resection\s+)?margin|\s*[(,.;:]|$)`,
        'i'
      ).exec(t);
    const ck = c ? kindOf(c[1]!, rightSided) : undefined;
    if (c && ck) {
      out.closest ??= { kind: ck, sentence: s };
      const end = c.index + c[0].length;
      const l = lens.find((x) => x.start >= end && x.start - end < 15 && !used.has(x.start));
      if (l) {
        set(ck, { cm: l.cm, sentence: s, how: 'closest margin with its distance' });
        used.add(l.start);
      }
    } else {
      // "3 cm from the distal margin (closest)", "the distal margin, at 3 cm, is the closest": a closest with no
      // side of its own names the one margin mentioned before it in its clause.
      const w =
        /(?:\(\s*|\bis\s+(?:the\s+)?)(?:closest|nearest)\b|\b(?:closest|nearest)\b(?!\s+(?:to\b|(?:resection\s+)?margin))/i.exec(
          t
        );
      const clause = w ? t.lastIndexOf(';', w.index) + 1 : 0;
      const before = w
        ? [...new Set(refs.filter((r) => r.start >= clause && r.end <= w.index).map((r) => r.kind))]
        : [];
      if (w && before.length === 1) out.closest ??= { kind: before[0]!, sentence: s };
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

    // "abuts the inked margin" without a side: the inked surface of a resection is its radial (mesenteric) margin.
    const inked =
      /\b(?:extend\w*|abut\w*|reach\w*|present|involv\w*)\s+(?:to\s+|at\s+)?the\s+inked\s+(?:resection\s+)?margin/i.exec(
        t
      );
    if (inked && !negated(t, inked.index, inked.index))
      set('radial', { cm: 0, sentence: s, how: 'tumor reaches the inked margin' }, true);

    // "clear by 12 cm proximally", "Margin distances are proximal 12 cm": a side word and a length in one phrase.
    for (const d of sideDistances(t, used))
      weak[d.side] ??= { cm: d.cm, sentence: s, how: 'side and length in one phrase' };

    // "The longitudinal margins are widely clear", "more than 5 cm away": no distance, but farther than others.
    for (const f of farMargins(t, (clause) => marginRefs(clause, rightSided).map((r) => r.kind))) {
      out.far ??= {};
      out.far[f.kind] ??= { sentence: s, ...(f.min === undefined ? {} : { min: f.min }) };
    }

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
  return out;
}
