// The words of a sentence that describe CD99 in the tumour: the marker's clause among other markers of a panel, with
// negated words and statements about non-tumour cells (lymphocytes, internal controls) blanked out.
import { type NegationScope, negationScopes, type Span } from '../text/negation';

/** CD99 itself, also written "CD 99", "CD-99" or as the MIC2 product. */
export const CD99 = /\bCD[\s-]?99\b|\bMIC-?2\b/i;
/** Other immunostains: the names in common use and the shape of a marker name (letters then digits: SOX10, HMB45). */
const OTHER_MARKER = new RegExp(
  [
    String.raw`\bCD[\s-]?(?!99\b)\d+[a-z]?\b`,
    String.raw`\b(?:FLI-?1|ERG|NKX2[.-]?2|desmin|myogenin|MyoD-?1|S-?100|synaptophysin|chromogranin|INSM-?1|(?:cyto)?keratins?|AE1\/AE3|CAM ?5\.2|EMA|TLE-?1|WT-?1|BCOR|CIC|ETV4|DUX4|SOX-?10|vimentin|TdT|INI-?1|SMARCB1|actin|SMA|calretinin|GFAP|NSE|NUT|Ki-?67|MIB-?1|myeloperoxidase|MPO|LCA|HMB-?45|melan-?A|PAX-?\d|BCL-?\d|SATB2|TTF-?1|SSX)\b`,
    String.raw`\b(?!CD)[A-Z][A-Za-z]{1,5}-?\d{1,3}[A-Za-z]?\b`,
  ].join('|'),
  'g'
);
/** Ends a clause: sentence-internal breaks and contrastive conjunctions. */
const BREAK = /;|\b(?:but|however|whereas|while|although|though|unlike|in contrast)\b/gi;
/** Nothing but a list separator between two markers ("CD99 and FLI1", "CD99, FLI1"): they share their words. */
const LIST_GAP = /^\s*(?:,|\/|&|\band\b|\bor\b|,\s*and\b)?\s*$/i;
/** Cells that are not the tumour: their staining says nothing about the tumour's pattern. */
const NOT_TUMOUR =
  /\b(?:lymphocyt\w*|lymphoid|endotheli\w*|(?:internal|external|positive) controls?|control tissue|background|stroma\w*|normal|non-?neoplastic|inflammatory|granulocyt\w*|(?:blood )?vessels?|plasma cells?|macrophages?|histiocyt\w*|erythrocyt\w*)\b/i;
const TUMOUR_OR_STAIN =
  /\b(?:tumou?rs?|neoplas\w*|lesion\w*|malignant|cells?|stain\w*|expression|(?:immuno)?reactivity|positivity|label\w*)\b/i;
/** Words that describe a stain's pattern; they affirm the finding they describe. */
export const PATTERN_WORDS =
  /\b(?:diffus\w*|patch\w*|focal\w*|membran\w*|cytoplasm\w*|dot-like|strong\w*|weak\w*|moderate\w*|uniform\w*|heterogeneous\w*|scattered|rare|isolated|most|majority|minority|half|thirds?)\b|\d\s*%/i;

export interface Cd99Clause {
  /** Where the clause is in the sentence. */
  start: number;
  end: number;
  /** The clause with negated words and non-tumour statements blanked (same length as the sentence slice). */
  visible: string;
  /** CD99 itself is negated ("negative for CD99", "CD99 is not expressed", "CD99 (-)"). */
  negated: boolean;
  /** A negation about the tumour with no marker of its own ("but the tumour cells are negative"). */
  unattachedNegation: boolean;
}

const all = (re: RegExp, s: string) => [
  ...s.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`)),
];

/** "CD99 stains lymphocytes but the tumour cells are negative": a clause after a break that names no marker goes on
 * about the marker before it. */
function continues(s: string, brk: Span, markers: Span[]): boolean {
  const nextBreak = all(BREAK, s.slice(brk.end))[0];
  const to = nextBreak ? brk.end + nextBreak.index : s.length;
  const segment = s.slice(brk.end, to);
  return !markers.some((m) => m.start >= brk.end && m.start < to) && !CD99.test(segment) && /\w/.test(segment);
}

/** CD99 opening a clause of its own ("… vimentin and CD99 shows patchy membranous staining"): a verb right after it
 * and pattern words before the next marker or break. */
const OWN_VERB =
  /^\s*(?:\([^)]*\)\s*)?(?:is|are|was|were|shows?|showed|stains?|stained|demonstrates?|highlights?|reveals?|labels?|exhibits?|displays?|decorates?)\b/i;

function ownClause(s: string, at: Span, markers: Span[], breaks: Span[]): boolean {
  if (!OWN_VERB.test(s.slice(at.end))) return false;
  const stop = Math.min(
    markers.find((m) => m.start >= at.end)?.start ?? s.length,
    breaks.find((b) => b.start >= at.end)?.start ?? s.length
  );
  return PATTERN_WORDS.test(s.slice(at.end, stop));
}

function bounds(s: string, at: Span): Span {
  const markers = all(OTHER_MARKER, s).map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const breaks = all(BREAK, s).map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const own = ownClause(s, at, markers, breaks);
  let start = at.start;
  for (;;) {
    const prev = markers.filter((m) => m.end <= start).at(-1);
    const brk = breaks.filter((b) => b.end <= start).at(-1);
    if (!own && prev && LIST_GAP.test(s.slice(prev.end, start)) && !(brk && brk.start >= prev.end)) start = prev.start;
    else {
      start = Math.max(prev?.end ?? 0, brk?.end ?? 0);
      break;
    }
  }
  let end = at.end;
  for (;;) {
    const next = markers.find((m) => m.start >= end);
    const brk = breaks.find((b) => b.start >= end);
    if (next && LIST_GAP.test(s.slice(end, next.start)) && !(brk && brk.start < next.start)) end = next.end;
    else if (brk && (!next || brk.start < next.start) && continues(s, brk, markers)) {
      end = breaks.find((b) => b.start > brk.start)?.start ?? s.length;
    } else {
      const stop = Math.min(next?.start ?? s.length, brk?.start ?? s.length);
      // Words right before the next marker are its own ("…, and focal nuclear FLI1"): stop at the separator before them.
      const seps = next && (!brk || brk.start > next.start) ? all(/,|\band\b/i, s.slice(end, stop)) : [];
      end = seps.length ? end + seps.at(-1)!.index : stop;
      break;
    }
  }
  return { start, end };
}

/** The pieces of a clause, split at commas, brackets and conjunctions, so "(lymphocytes positive)" can be dropped. */
function pieces(s: string, from: number, to: number): Span[] {
  const cuts = all(/[,;()[\]]|\b(?:and|with|but|while|whereas)\b/i, s.slice(from, to)).map((m) => from + m.index);
  const edges = [from, ...cuts, to];
  return edges.slice(1).map((end, i) => ({ start: edges[i]!, end }));
}

/** The head noun that closes a negated pattern phrase: "without membranous accentuation". */
const PATTERN_HEAD =
  /^\s*(?:(?:strong|weak|distinct|crisp|definite|any)\s+)?(?:membran\w*|cytoplasm\w*|dot-like|nuclear)\s+(?:accentuation|staining|component|reactivity|positivity|labell?ing|pattern|expression)\b/i;

/** Where a negation scope ends: a forward scope that denies one pattern phrase ("without membranous accentuation in a
 * patchy distribution") ends with that phrase, so the finding after it stays visible (ConText: end at the next finding). */
function scopeEnd(sentence: string, sc: NegationScope): number {
  if (sc.direction !== 'forward') return sc.end;
  const head = PATTERN_HEAD.exec(sentence.slice(sc.start, sc.end));
  return head ? sc.start + head[0].length : sc.end;
}

/**
 * The CD99 clause of a sentence.
 * @param sentence - A sentence that names CD99.
 * @returns The clause, or undefined when the sentence does not name CD99.
 */
export function cd99Clause(sentence: string): Cd99Clause | undefined {
  const m = all(CD99, sentence)[0];
  if (!m) return undefined;
  const at = { start: m.index, end: m.index + m[0].length };
  const { start, end } = bounds(sentence, at);
  const scopes = negationScopes(sentence, { affirm: PATTERN_WORDS });
  const chars = sentence.split('');
  for (const p of pieces(sentence, start, end)) {
    const text = sentence.slice(p.start, p.end);
    if (NOT_TUMOUR.test(text) && !all(CD99, text).length) for (let i = p.start; i < p.end; i++) chars[i] = ' ';
  }
  for (const sc of scopes) for (let i = sc.start; i < scopeEnd(sentence, sc); i++) chars[i] = ' ';
  // "CD99 (-)", "CD99 - ve", "CD99 staining: none".
  const sign =
    /^\s*(?:[:=]\s*)?(?:\(\s*[-−–]\s*\)|[-−–]\s*(?=$|[,;.)]|and\b)|[-−–]\s*ve\b)|^\s*(?:(?:immuno)?(?:staining|stain|expression|reactivity)\s*)?[:=]\s*(?:none|nil|absent)\b/i.exec(
      sentence.slice(at.end)
    );
  const negated = Boolean(sign) || scopes.some((sc) => at.start >= sc.start && at.end <= sc.end);
  const unattachedNegation = scopes.some((sc) => {
    if (sc.trigger.start < start || sc.trigger.end > end) return false;
    const scoped = sentence.slice(sc.start, sc.end);
    const about = `${scoped} ${sentence.slice(sc.trigger.end, sc.trigger.end + 30)}`;
    // Only a negation about the tumour or the stain itself ("the tumour cells are negative", "no staining is seen"),
    // not one about another finding ("no necrosis").
    const onTumour = !/\w/.test(scoped) || TUMOUR_OR_STAIN.test(about);
    return onTumour && !all(OTHER_MARKER, scoped).length && !NOT_TUMOUR.test(scoped) && !PATTERN_WORDS.test(scoped);
  });
  // "cytoplasmic rather than membranous": the pattern after "rather than" / "instead of" is denied.
  const visible = chars
    .join('')
    .slice(start, end)
    .replace(/\b(?:rather than|instead of)\s+(?:an?\s+)?[\w-]+/gi, (m) => ' '.repeat(m.length));
  return { start, end, visible, negated, unattachedNegation };
}
