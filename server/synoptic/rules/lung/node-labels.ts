// Container labels that name a lymph node station ("4R lymph node", 'level 7'). The shared masking blanks short quoted
// labels because a label names what the surgeon sent, not where the tumor is; for a node specimen what was sent is the
// station, so those labels are put back for the rules to read.

const QUOTED = /(['"‘“])([^'"’”\n]{1,40})(['"’”])/g;
const STATION = /\b(?:(?:1[0-4]|[1-9])[RL]|(?:station|level)\s*(?:1[0-4]|[1-9])[RL]?)\b|\blymph\s+nodes?\b/i;

/**
 * The masked sentence with its quoted node labels restored (quote marks as spaces, offsets kept).
 * @param text - The sentence as written.
 * @param masked - The same sentence with labels blanked.
 * @returns The masked sentence with node labels readable.
 */
export function unmaskNodeLabels(text: string, masked: string): string {
  if (text.length !== masked.length) return masked;
  let out = masked;
  for (const m of text.matchAll(QUOTED)) {
    if (!STATION.test(m[2]!)) continue;
    out = `${out.slice(0, m.index)} ${m[2]} ${out.slice(m.index + m[0].length)}`;
  }
  return out;
}
