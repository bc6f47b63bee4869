// Per-gene results in report text, with the scope of each verdict over lists of genes: "No KRAS, NRAS or BRAF
// mutation detected" is three negative results, "KRAS G12D detected, NRAS and BRAF wild-type" one positive and two
// negative, and a test that was not done ("RAS testing pending") is no result at all — never a mutation.
//
// The shared ConText module (server/synoptic/text/negation.ts) is not used here: it treats "detected" as no cue, so a
// forward "No" that reaches a list ending in "mutation detected" cannot tell the verdict apart from an affirmation,
// and it knows no "wild-type" or "GENES: verdict" forms. The rules below keep its ideas (trigger, direction, scope
// ending at a terminator or at the separator before an affirmed gene) for the vocabulary of molecular reports.

export interface GeneVerdict {
  /** HGNC symbol (HER2 as ERBB2); "RAS" only for a positive result that does not name KRAS or NRAS. */
  gene: string;
  present: boolean;
  /** Protein change written next to the gene ("G12D", "Gly12Asp"), when one gene carries it. */
  protein?: string;
  kind?: 'fusion' | 'amplification';
  /** Offset of the gene in the text. */
  at: number;
}

/** Gene symbols as written (case matters: "MET" is a gene, "met" a verb). */
const GENES =
  'K-?RAS|N-?RAS|H-?RAS|RAS|BRAF|ERBB2|HER-?2|Her2|FGFR2|IDH1|BRCA1|BRCA2|PALB2|NTRK[123]?|RET|ALK|ROS1|EGFR|MET|PIK3CA';
const GENE = new RegExp(String.raw`\b(${GENES})\b`, 'g');
const HAS_GENE = new RegExp(String.raw`\b(${GENES})\b`);
/** Verdicts that apply to the genes written before them (since the previous verdict). */
const NEG_AFTER =
  /\bnot (?:been )?(?:detected|identified|found|present|seen|amplified|mutated|rearranged)\b|\bwild[- ]?type\b|\bWT\b|\bnegative\b(?!\s*(?:for|:))|\babsent\b|\bunmutated\b|\bnon-?mutated\b|\bnormal\b|\bIHC 0\b|\b[01]\+/gi;
const POS_AFTER =
  /\b(?:detected|identified|present|positive|mutated|mutant|amplified|amplification|rearranged|(?:gene )?fusion(?: positive)?)\b|\b3\+/gi;
/** Pre-triggers: the genes after them are negative until the scope ends. */
const FORWARD =
  /\b(?:no|not|nor|neither|without|negative\s*(?:for\b|:)|wild[- ]?type for|absence of|free of|lack(?:s|ing)? of)(?!\w)/gi;
/** The head noun a forward trigger's phrase ends in; "detected" right after it belongs to the negation. */
const HEAD = /\b(?:mutations?|variants?|alterations?|amplifications?|fusions?|rearrangements?)\b/gi;
/** A test not done or without a result: the clause gives no negative result. */
const UNTESTED =
  /\b(?:pending|awaited|requested|ordered|sent (?:out|for)|in progress|not (?:yet )?(?:been )?(?:performed|done|tested|assessed|evaluated|available|reported)|no (?:\w+ )?(?:testing|test|analysis|result)s?\b|untested|failed|insufficient|inconclusive|indeterminate|not evaluable)/i;
/** A condition or a question ("anti-EGFR if RAS wild-type", "test whether BRAF is mutated") states no result. */
const HYPOTHETICAL = /\b(?:if|whether|unless|in case)\b/i;
const PROTEIN =
  /^[\s:(-]*(?:exon\s*\d+\s*)?(?:c\.\S+\s*)?(?:p\.\(?((?:[A-Z][a-z]{2}\d+(?:[A-Z][a-z]{2}|\*|fs))|(?:[A-Z]\d+[A-Z*]))\)?|([A-Z]\d{1,4}[A-Z*])\b)/;
const ANY_PROTEIN = /\bp\.\(?([A-Z][a-z]{2}\d+(?:[A-Z][a-z]{2}|\*|fs)|[A-Z]\d+[A-Z*])\)?|\b([A-Z]\d{1,4}[A-Z*])\b/;
/** What may follow a bare "GENE p.X" for it to be a result, not a drug class ("KRAS G12C inhibitor"). */
const RESULT_END = /^\s*(?:mutation|variant|\(|,|$)/i;
/** Words that keep a "no … mutation detected" phrase from closing the gene list before it ("no other mutation"). */
const OTHER = /\b(?:other|further|additional|more)\b/i;
/** Clause ends: a verdict never reaches across them. */
const CLAUSE = /;|\.(?=\s|$)|\n|\b(?:but|however|whereas|while|although|though|except)\b/i;

interface Cue {
  at: number;
  end: number;
  kind: 'neg' | 'pos' | 'forward';
}
interface Mention {
  raw: string;
  at: number;
  end: number;
}

function cuesOf(clause: string): Cue[] {
  const all: Cue[] = [];
  const add = (re: RegExp, kind: Cue['kind']) => {
    for (const m of clause.matchAll(re)) all.push({ at: m.index, end: m.index + m[0].length, kind });
  };
  add(NEG_AFTER, 'neg');
  add(POS_AFTER, 'pos');
  add(FORWARD, 'forward');
  // Overlaps: the earliest, then the longest, wins ("not detected" over "not" and "detected").
  all.sort((a, b) => a.at - b.at || b.end - a.end);
  const out: Cue[] = [];
  for (const c of all) if (!out.length || c.at >= out.at(-1)!.end) out.push(c);
  // "no KRAS mutation detected": the "detected" after the trigger's first head noun is part of the negation.
  for (let i = 0; i < out.length; i++) {
    if (out[i]!.kind !== 'forward') continue;
    HEAD.lastIndex = out[i]!.end;
    const head = HEAD.exec(clause);
    if (!head) continue;
    const at = head.index + head[0].length;
    const verb = /^\s+(?:(?:was|were|is|are|has been|have been)\s+)?(?:detected|identified|found|seen|present)\b/.exec(
      clause.slice(at)
    );
    if (!verb) continue;
    const j = out.findIndex((c) => c.kind === 'pos' && c.at >= at && c.at <= at + verb[0].length);
    if (j > i) out.splice(j, 1);
  }
  return out;
}

const symbol = (raw: string): string => {
  const g = raw.toUpperCase().replace('-', '');
  return g === 'HER2' ? 'ERBB2' : g;
};

function verdictsInClause(clause: string, offset: number): GeneVerdict[] {
  const untested = UNTESTED.test(clause);
  if (HYPOTHETICAL.test(clause)) return [];
  const cues = cuesOf(clause);
  const genes: Mention[] = [...clause.matchAll(GENE)].map((m) => ({
    raw: m[1]!,
    at: m.index,
    end: m.index + m[0].length,
  }));
  const out: GeneVerdict[] = [];
  const emit = (g: Mention, present: boolean) => {
    if (!present && untested) return;
    // The change right after the gene, or anywhere in a clause about one gene ("BRAF analysis: V600E detected").
    const protein = PROTEIN.exec(clause.slice(g.end)) ?? (genes.length === 1 ? ANY_PROTEIN.exec(clause) : null);
    const tail = clause.slice(g.end, g.end + 40);
    const kind = /fusion|rearrange/i.test(tail) ? 'fusion' : /amplif|\b3\+/i.test(tail) ? 'amplification' : undefined;
    const name = symbol(g.raw);
    // "RAS wild-type" is KRAS and NRAS wild-type; "RAS-mutant" names no gene, so it stays RAS.
    const names = name === 'RAS' && !present ? ['KRAS', 'NRAS'] : [name];
    for (const gene of names)
      out.push({
        gene,
        present,
        ...(protein && names.length === 1 ? { protein: protein[1] ?? protein[2] } : {}),
        ...(kind ? { kind } : {}),
        at: offset + g.at,
      });
  };
  let pending: Mention[] = [];
  let forward: Cue | undefined;
  let last: Cue | undefined;
  const events = [...genes.map((g) => ({ at: g.at, g })), ...cues.map((c) => ({ at: c.at, c }))].sort(
    (a, b) => a.at - b.at
  );
  for (const ev of events) {
    if ('g' in ev) {
      if (forward) emit(ev.g, false);
      else pending.push(ev.g);
      continue;
    }
    const c = ev.c;
    if (c.kind === 'forward') {
      // "KRAS, NRAS and BRAF: no mutation detected" — a trigger with no gene before its head noun closes the list.
      const phrase = clause.slice(c.end, c.end + 60);
      const before = phrase.split(HEAD)[0] ?? '';
      if (pending.length && before !== phrase && !HAS_GENE.test(before) && !OTHER.test(before)) {
        // A gene written with its own change ("KRAS G12D, no BRAF …") is not in that list.
        const listed = pending.filter((g) => !PROTEIN.test(clause.slice(g.end)));
        for (const g of listed) emit(g, false);
        pending = pending.filter((g) => !listed.includes(g));
      }
      forward = c;
      continue;
    }
    if (forward && c.kind === 'pos') {
      // An affirmed gene after a separator ends the forward scope there (ConText): re-read the genes after it.
      const sep = clause.slice(forward.end, c.at).search(/,(?=[^,]*$)|\band\b(?=[^,]*$)/);
      if (sep < 0) continue;
      const cut = forward.end + sep;
      const after = genes.filter((g) => g.at > cut && g.at < c.at);
      const keep = out.filter((v) => !after.some((g) => offset + g.at === v.at));
      out.splice(0, out.length, ...keep);
      pending = after;
    }
    for (const g of pending) emit(g, c.kind === 'pos');
    pending = [];
    forward = undefined;
    last = c;
  }
  // Genes left without a verdict: those in a parenthesis after a verdict take it ("negative (KRAS, NRAS exons 2-4)"),
  // a gene written with its protein change is a detected variant ("KRAS G12D"); the rest stay unknown.
  for (const g of pending) {
    const open = clause.lastIndexOf('(', g.at);
    const protein = PROTEIN.exec(clause.slice(g.end));
    if (last && open > last.at && clause.indexOf(')', open) >= g.at) emit(g, last.kind === 'pos');
    else if (protein && !untested && RESULT_END.test(clause.slice(g.end + protein[0].length))) emit(g, true);
  }
  return out.sort((a, b) => a.at - b.at);
}

/**
 * The gene results a text states, one per gene mention that carries a verdict.
 * @param text - Report text, a result value or a clause.
 * @returns The verdicts in text order.
 */
export function geneVerdicts(text: string): GeneVerdict[] {
  const out: GeneVerdict[] = [];
  let offset = 0;
  for (const part of text.split(CLAUSE)) {
    const at = text.indexOf(part, offset);
    if (part.trim()) out.push(...verdictsInClause(part, at));
    offset = at + part.length;
  }
  return out;
}
