// What a lymph node clause says about involvement: counts ("1/3", "2 of 14", "1 positive") and words ("negative for
// metastatic carcinoma", "benign", "involved by carcinoma"), with negation scoped ConText-style so that "negative for
// metastatic carcinoma" is one negative finding and not a positive "metastatic" one.

export interface NodeStatus {
  at: number;
  end: number;
  positive: boolean;
  /** A count ("1/3") outranks a word. */
  count: boolean;
  /** Number of positive nodes when a count gives it. */
  n?: number;
}

const FINDING = String.raw`(?:(?:[\w-]+\s+){0,3}?(?:carcinoma|malignan\w*|tumou?rs?|metasta\w*|neoplas\w*|disease|cancer))`;
const NEGATIVE = new RegExp(
  [
    String.raw`\bnegative(?:\s+for\s+${FINDING})?`,
    String.raw`\bneg\b`,
    String.raw`\bno\s+(?:evidence\s+of\s+)?${FINDING}`,
    String.raw`\b(?:free\s+of|without)\s+${FINDING}`,
    String.raw`\btumou?r[- ]free\b`,
    String.raw`\b(?:benign|reactive|uninvolved|unremarkable|anthracotic)\b`,
    String.raw`\bnot\s+(?:involved|identified|seen|present)\b`,
    String.raw`\bnone\s+(?:(?:is|are|was|were)\s+)?(?:involved|positive|metastatic)\b`,
    String.raw`\bisolated tumou?r cells\b|\bITCs?\b`,
    String.raw`\(\s*-\s*\)`,
  ].join('|'),
  'gi'
);
const POSITIVE =
  /\bpositive\b|\bpos\b|\binvolved\b|\binvolvement\b|\bmetastatic\b|\bmicro-?metastas[ie]s\b|\bmetastas[ie]s\b|\bwith (?:tumou?r|carcinoma)\b|\b(?:carcinoma|tumou?r) (?:present|identified|seen)\b|\bcontain\w* (?:metastatic )?(?:carcinoma|tumou?r)\b|\bdirect(?:ly)? (?:extension|extends?|invad\w*|invasion)\b|\binvad\w*\b|\bextends? into\b|\(\s*\+\s*\)/gi;
/**
 * A count with the polarity word that belongs to it ("0 of 11 positive", "1/3 nodes involved") read as one statement;
 * single spaces only, so the word is not taken across a blanked station name.
 */
const COUNT =
  /(?<![\d/]|\d\.)(\d+)\s*(?:\/|\bout of\b|\bof\b)\s*(\d+)(?![\d/]|\.\d|\s*(?:cm|mm|%))(?: (?:(?:lymph )?nodes? )?(?:(?:are|were) )?(?:positive|involved|metastatic)\b)?/gi;
const COUNT_WORD =
  /(?<![\d/]|\d\.)(\d+)\s+(?:lymph\s+nodes?\s+|nodes?\s+)?(?:are\s+|were\s+)?(positive|involved|metastatic)\b/gi;

/**
 * The involvement statements in a clause, in order.
 * @param t - The clause, numbers in digits, station names blanked.
 * @returns Counts and words with their polarity.
 */
export function findStatuses(t: string): NodeStatus[] {
  const out: NodeStatus[] = [];
  let rest = t;
  const blank = (at: number, len: number) => {
    rest = rest.slice(0, at) + ' '.repeat(len) + rest.slice(at + len);
  };
  for (const m of t.matchAll(COUNT)) {
    const n = Number(m[1]);
    if (Number(m[2]) === 0 || n > Number(m[2])) continue;
    out.push({ at: m.index, end: m.index + m[0].length, positive: n > 0, count: true, n });
    blank(m.index, m[0].length);
  }
  for (const m of rest.matchAll(COUNT_WORD)) {
    const n = Number(m[1]);
    out.push({ at: m.index, end: m.index + m[0].length, positive: n > 0, count: true, n });
    blank(m.index, m[0].length);
  }
  for (const m of rest.matchAll(NEGATIVE)) {
    out.push({ at: m.index, end: m.index + m[0].length, positive: false, count: false });
    blank(m.index, m[0].length);
  }
  for (const m of rest.matchAll(POSITIVE)) {
    out.push({ at: m.index, end: m.index + m[0].length, positive: true, count: false });
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The verdict of several statements about the same nodes: a count decides; else the first word (the one nearest
 * the station: "metastatic carcinoma, extranodal extension not identified" stays positive).
 * @param statuses - Statements bound to one station or group.
 * @returns Whether the nodes are involved, or undefined when nothing is said.
 */
export function verdict(statuses: NodeStatus[]): boolean | undefined {
  if (statuses.length === 0) return undefined;
  const counts = statuses.filter((s) => s.count);
  if (counts.length) return counts.some((s) => s.positive);
  return statuses[0]!.positive;
}
