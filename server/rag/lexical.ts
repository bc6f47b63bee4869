// Word-level text handling for the lexical side: tokens, stop words, light stemming, and synonym/abbreviation expansion.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

// Function words and question fillers: they carry no topic, and in a guideline corpus they match everything.
const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both ' +
    'but by can could did do does doing down during each either few for from further had has have having he her here ' +
    'hers him his how i if in into is it its itself just may me might more most must my no nor not now of off on once ' +
    'only or other our out over own same she should so some such than that the their them then there these they this ' +
    'those through to too under until up us very was we were what when where which while who whom why will with would ' +
    'you your yours patient patients case considered consider recommended recommend used use using given give should ' +
    'still typically usually versus vs per e g eg ie etc than which whether'
  ).split(' ')
);

/**
 * Lowercase word tokens with accents folded; '5-FU' gives ['5', 'fu'].
 * @param text - Any text.
 * @returns The tokens, in order.
 */
export function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  );
}

/** Whether a token is a function word (or a one-letter fragment that is not a digit). */
export function isStopword(token: string): boolean {
  return STOPWORDS.has(token) || (token.length === 1 && !/\d/.test(token));
}

/**
 * A light English stem (plural and common verb endings) so "metastases"/"metastasis" and "resected"/"resection"
 * stay apart while "tumours"/"tumour" meet; heavier stemmers merge too many clinical terms.
 * @param token - A lowercase token.
 * @returns The stem.
 */
export function stem(token: string): string {
  if (token.length <= 3 || /\d/.test(token)) return token;
  if (token.endsWith('ies') && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith('sses')) return token.slice(0, -2);
  if (token.endsWith('es') && /(ch|sh|x|ss)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith('s') && !/(ss|us|is|as)$/.test(token)) return token.slice(0, -1);
  return token;
}

/**
 * Content terms of a text: tokens without stop words, stemmed.
 * @param text - Any text.
 * @returns The stems, in order (repeats kept).
 */
export function contentTerms(text: string): string[] {
  return tokenize(text)
    .filter((t) => !isStopword(t))
    .map(stem);
}

const SynonymFile = z.object({
  equivalent: z.array(z.array(z.string().min(1)).min(2)),
  narrower: z.record(z.string(), z.array(z.string().min(1))),
});

/** Compiled synonym data: each phrase as tokens, with the phrases it expands to. */
export interface Synonyms {
  /** First token → candidate phrases starting with it, longest first. */
  byFirst: Map<string, { tokens: string[]; expandsTo: string[][] }[]>;
}

/**
 * Compiles synonym data (equivalence groups both ways, narrower terms one way).
 * @param data - The parsed `synonyms.json` shape.
 * @returns The matcher tables; throws a ZodError when the shape is wrong.
 */
export function compileSynonyms(data: unknown): Synonyms {
  const file = SynonymFile.parse(data);
  const expansions = new Map<string, { tokens: string[]; expandsTo: string[][] }>();
  const add = (from: string, to: string[]): void => {
    const tokens = tokenize(from);
    if (tokens.length === 0) return;
    const key = tokens.join(' ');
    const entry = expansions.get(key) ?? { tokens, expandsTo: [] };
    for (const t of to) {
      const toTokens = tokenize(t);
      if (
        toTokens.length &&
        toTokens.join(' ') !== key &&
        !entry.expandsTo.some((e) => e.join(' ') === toTokens.join(' '))
      )
        entry.expandsTo.push(toTokens);
    }
    expansions.set(key, entry);
  };
  for (const group of file.equivalent) for (const term of group) add(term, group);
  for (const [broad, members] of Object.entries(file.narrower)) add(broad, members);
  const byFirst = new Map<string, { tokens: string[]; expandsTo: string[][] }[]>();
  for (const entry of expansions.values()) {
    const list = byFirst.get(entry.tokens[0]!) ?? [];
    list.push(entry);
    byFirst.set(entry.tokens[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return { byFirst };
}

let bundled: Synonyms | undefined;

/** The bundled oncology synonyms (`server/rag/synonyms.json`), compiled once. */
export function defaultSynonyms(): Synonyms {
  bundled ??= compileSynonyms(JSON.parse(readFileSync(new URL('./synonyms.json', import.meta.url), 'utf8')));
  return bundled;
}

/**
 * Finds the synonym phrases in a query and returns what they expand to, leaving out phrases the query already holds.
 * Only alternates between a one-word form and another form are kept (abbreviation ↔ long form, spelling variants,
 * class → drug): phrase-to-phrase alternates ("pancreatic cancer" → "pancreatic ductal adenocarcinoma") mostly repeat
 * the query's own words, lengthen the BM25 query (slower at 100k chunks) and did not help on the evaluation set.
 * @param query - The user's query.
 * @param synonyms - Compiled synonyms (default: bundled).
 * @returns Alternate phrases as token lists (deduplicated), in query order.
 */
export function expandQuery(query: string, synonyms: Synonyms = defaultSynonyms()): string[][] {
  const tokens = tokenize(query);
  const present = ` ${tokens.join(' ')} `;
  const out = new Map<string, string[]>();
  for (let i = 0; i < tokens.length; i++) {
    for (const entry of synonyms.byFirst.get(tokens[i]!) ?? []) {
      const n = entry.tokens.length;
      if (tokens.slice(i, i + n).join(' ') !== entry.tokens.join(' ')) continue;
      for (const alt of entry.expandsTo) {
        const key = alt.join(' ');
        if ((n === 1 || alt.length === 1) && !present.includes(` ${key} `)) out.set(key, alt);
      }
    }
  }
  return [...out.values()];
}
