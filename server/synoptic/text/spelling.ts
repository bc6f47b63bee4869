// Misspelt key words put right before the rules read them ("adenocarcinmoa", "pluera", "margnis"): each word that is
// not in a template's vocabulary is replaced by the one vocabulary word within a small edit distance (optimal string
// alignment: a swap of two neighbouring letters is one edit, the commonest typing slip). No spelling library is
// installed in the project, and the few lines here do not justify a new dependency.

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping early above `max`.
 * @param a - One word.
 * @param b - The other word.
 * @param max - The largest distance of interest.
 * @returns The distance, or `max + 1` when it is larger than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

export interface SpellerOptions {
  /** Words shorter than this are left alone (short words have too many real neighbours: "notes" / "nodes"). */
  minLength?: number;
  /** Words at least this long may be two edits away. */
  twoEditsFrom?: number;
}

/** Keeps the case pattern of the word as written: "Pluera" → "Pleura", "PLUERA" → "PLEURA". */
function sameCase(written: string, word: string): string {
  if (written === written.toUpperCase() && written.length > 1) return word.toUpperCase();
  if (written[0] === written[0]!.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/**
 * A corrector for one vocabulary: a word outside it is replaced by the single vocabulary word nearest to it (one edit,
 * two for long words); a tie between two vocabulary words leaves the word as written.
 * @param vocabulary - The words the rules key on, with the inflections a report uses (plurals, adjectives).
 * @param options - Length limits.
 * @returns A function that corrects a text; offsets are kept only when lengths agree, so apply it to matched text.
 */
export function makeSpeller(vocabulary: readonly string[], options: SpellerOptions = {}): (text: string) => string {
  const minLength = options.minLength ?? 6;
  const twoFrom = options.twoEditsFrom ?? 10;
  const known = new Set(vocabulary.map((w) => w.toLowerCase()));
  const words = [...known];
  const cache = new Map<string, string | undefined>();
  const nearest = (lower: string): string | undefined => {
    if (cache.has(lower)) return cache.get(lower);
    const max = lower.length >= twoFrom ? 2 : 1;
    let best: string | undefined;
    let bestD = max + 1;
    let tie = false;
    for (const w of words) {
      const d = editDistance(lower, w, max);
      if (d < bestD) {
        best = w;
        bestD = d;
        tie = false;
      } else if (d === bestD && d <= max) tie = true;
    }
    const out = best && bestD <= max && !tie ? best : undefined;
    cache.set(lower, out);
    return out;
  };
  return (text) =>
    text.replace(/[A-Za-z]+/g, (w) => {
      const lower = w.toLowerCase();
      if (w.length < minLength || known.has(lower)) return w;
      const fix = nearest(lower);
      return fix ? sameCase(w, fix) : w;
    });
}
