// The names of the three CAP margins as reports write them (proximal / distal / radial and their synonyms: ileal and
// colonic ends, oral and aboral, mesenteric, circumferential, non-peritonealised, perianal skin), shared by the
// margin readers.

export type MarginKind = 'proximal' | 'distal' | 'radial';
export const MARGIN_KINDS: MarginKind[] = ['proximal', 'distal', 'radial'];

/** A side word that names one of the margins. */
export const KW = String.raw`(?:proximal|distal|radial|circumferential|mesenteric|mesocolic|mesorectal|retroperitoneal|non-?peritoneali[sz]ed|(?:deep\s+)?soft\s+tissue|ileal|(?:terminal\s+)?ileum|small\s+(?:bowel|intestin(?:e|al))|colonic|large\s+bowel|oral|aboral|cranial|caudal|upper|lower|perianal(?:\s+skin)?|perineal(?:\s+skin)?|anal\s+skin)`;
export const KIND = `(${KW})`;

/**
 * The margin a side word names.
 * @param word - The side word.
 * @param rightSided - Whether "colonic" names the distal end (a right-sided resection with ileum).
 * @returns The margin, or undefined when the word does not name one here.
 */
export function kindOf(word: string, rightSided: boolean): MarginKind | undefined {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  // Upper / cranial / oral name the proximal end of a bowel segment, lower / caudal / aboral the distal one.
  if (/^(?:proximal|ileal|(?:terminal )?ileum|small (?:bowel|intestine|intestinal)|oral|cranial|upper)$/.test(w))
    return 'proximal';
  if (/^(?:distal|aboral|caudal|lower)$/.test(w) || /^(?:perianal|perineal|anal)/.test(w)) return 'distal';
  if (w === 'colonic' || w === 'large bowel') return rightSided ? 'distal' : undefined;
  return 'radial';
}
