// Negation with scope, after ConText (Harkema et al., J Biomed Inform 2009): a trigger negates the words in its
// direction until a terminator, so "positive for CD99 and negative for S100" negates S100 only.

export interface Span {
  start: number;
  end: number;
}

export interface NegationScope extends Span {
  trigger: Span & { text: string };
  /** Forward triggers negate what follows them ("negative for X"), backward ones what precedes ("X is negative"). */
  direction: 'forward' | 'backward';
}

export interface NegationOptions {
  /** Extra words that affirm a finding (a template's pattern words); they end a scope at the list separator before them. */
  affirm?: RegExp;
}

/** Phrases that look like triggers but do not negate ("no more than 10 %", "cannot be excluded"). */
const PSEUDO =
  /\b(?:no|not) (?:more|less|greater|fewer) than\b|\bnot only\b|\bno (?:significant )?change\b|\bno longer\b|\b(?:cannot|can ?not|could not) be (?:excluded|ruled out)\b|\bnot (?:excluded|ruled out)\b|\bnegative (?:and positive )?controls?\b|\b(?:gram|triple|double)[- ]negative\b/gi;
/** "of the tumour cells" names where a stain was looked for, not a finding: "CD99 shows no staining of the tumour". */
const WHERE = String.raw`(?:the )?(?:tumou?r|neoplastic|lesional|malignant)\b`;
/** Pre-triggers: what follows is negated. */
const FORWARD = new RegExp(
  String.raw`\bneg(?:ative)?\s*:|\b(?:neg(?:ative)? (?:for|with)|no (?:evidence|staining|expression|reactivity|immunoreactivity|label(?:l)?ing|positivity) (?:of|for|with)(?! ${WHERE})|no|not|nor|neither|without|absence of|absent|free of|devoid of|lack(?:s|ed|ing)?(?: of)?|(?:do|does|did) not (?:express|stain(?: for)?|show|label|react(?: with)?)|fail(?:s|ed)? to (?:express|stain(?: for)?|label|react(?: with)?)|non-?reactive (?:for|with))\b`,
  'gi'
);
/** Post-triggers: what precedes is negated. Tried before the forward list so "is not expressed" reads backward. */
const BACKWARD = new RegExp(
  String.raw`(?:\b(?:(?:is|are|was|were) )?(?:not (?:seen|identified|detected|present|expressed|found|stained|reactive|demonstrated|observed)|neg(?:ative)?|absent|non-?reactive|unreactive)\b(?! (?:for|with)\b)(?!\s*:)|\b(?:shows?|showed|with|has|had|displays?|demonstrates?) no (?:staining|expression|reactivity|immunoreactivity|label(?:l)?ing|positivity)\b(?! (?:of|for|with) (?!${WHERE})))`,
  'gi'
);
/** Ends every scope: clause breaks and contrastive conjunctions. */
const TERMINATOR =
  /;|\.(?=\s|$)|\b(?:but|however|whereas|while|although|though|except|yet|which|unlike|apart from|in contrast)\b/gi;
/** Words that affirm a finding: a scope stops at the list separator before them ("negative for S100, CD99 positive"). */
const AFFIRM =
  /\b(?:positiv\w*|express(?:es|ed|ing|ion)?|stain(?:s|ed|ing)?|(?:immuno)?reactiv\w*|label(?:s|l?ed|l?ing)?|shows?|showed|showing|highlight(?:s|ed|ing)?|demonstrat\w*|decorat\w*)\b/gi;
const SEPARATOR = /,|\band\b/gi;

function matches(re: RegExp, text: string): Array<Span & { text: string }> {
  const flags = re.flags.includes('g') ? re.flags : `${re.flags}g`;
  return [...text.matchAll(new RegExp(re.source, flags.includes('i') ? flags : `${flags}i`))].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    text: m[0],
  }));
}

const inside = (x: Span, spans: Span[]) => spans.some((s) => x.start < s.end && s.start < x.end);

/**
 * The negation scopes of a sentence.
 * @param sentence - One sentence (or clause) of a report.
 * @param options - Extra affirming words.
 * @returns Each trigger with the span it negates, in text order.
 */
export function negationScopes(sentence: string, options: NegationOptions = {}): NegationScope[] {
  const pseudo = matches(PSEUDO, sentence);
  const backward = matches(BACKWARD, sentence).filter((t) => !inside(t, pseudo));
  const forward = matches(FORWARD, sentence).filter((t) => !inside(t, pseudo) && !inside(t, backward));
  const triggers = [
    ...forward.map((t) => ({ t, d: 'forward' as const })),
    ...backward.map((t) => ({ t, d: 'backward' as const })),
  ];
  const stops = matches(TERMINATOR, sentence);
  const affirms = [...matches(AFFIRM, sentence), ...(options.affirm ? matches(options.affirm, sentence) : [])].filter(
    (a) => !triggers.some(({ t }) => a.start >= t.start && a.end <= t.end)
  );
  const separators = matches(SEPARATOR, sentence);
  const out: NegationScope[] = [];
  for (const { t, d } of triggers) {
    if (d === 'forward') {
      let end = Math.min(sentence.length, ...stops.filter((s) => s.start >= t.end).map((s) => s.start));
      // An affirmed finding after a separator starts a new clause: the scope ends at that separator.
      const cue = affirms.find(
        (a) => a.start >= t.end && a.start < end && separators.some((s) => s.start >= t.end && s.end <= a.start)
      );
      if (cue) end = Math.max(...separators.filter((s) => s.start >= t.end && s.end <= cue.start).map((s) => s.start));
      out.push({ trigger: t, direction: d, start: t.end, end });
    } else {
      let start = Math.max(0, ...stops.filter((s) => s.end <= t.start).map((s) => s.end));
      const cue = affirms.filter((a) => a.start >= start && a.end <= t.start).at(-1);
      const sep = cue && separators.find((s) => s.start >= cue.end && s.end <= t.start);
      if (sep) start = sep.end;
      out.push({ trigger: t, direction: d, start, end: t.start });
    }
  }
  return out.sort((a, b) => a.trigger.start - b.trigger.start);
}

/**
 * The spans of a sentence that a negation trigger covers.
 * @param sentence - One sentence.
 * @param options - Extra affirming words.
 * @returns Negated spans (trigger excluded), in text order.
 */
export function negatedSpans(sentence: string, options: NegationOptions = {}): Span[] {
  return negationScopes(sentence, options)
    .map(({ start, end }) => ({ start, end }))
    .filter((s) => s.end > s.start);
}

/**
 * Whether the words at [start, end) fall in a negation scope.
 * @param sentence - One sentence.
 * @param start - Offset of the finding.
 * @param end - End offset of the finding.
 * @param options - Extra affirming words.
 * @returns True when a trigger's scope covers the finding.
 */
export function isNegated(sentence: string, start: number, end: number, options: NegationOptions = {}): boolean {
  return negatedSpans(sentence, options).some((s) => start >= s.start && end <= s.end);
}
