// Pathologists' shorthand read as the words the rules match: margin abbreviations (prox/dist, PRM/DRM/RM), layer
// abbreviations (MP, m. propria), "perf" and "ant. perit. refl."; and a sentence that the splitter cut after an
// abbreviating period ("Margins: prox. 12 cm") joined back, so a margin list stays one sentence.
import type { Doc, DocSentence } from '../../text/doc';
import { maskLabels, splitSentences } from '../../text/sentences';
import { editDistance, makeSpeller } from '../../text/spelling';

/** Abbreviations and what they stand for (matching copy only; evidence keeps the verbatim text). */
const EXPANSIONS: [RegExp, string][] = [
  [/\bPRM\b/g, 'proximal margin'],
  [/\bDRM\b/g, 'distal margin'],
  // "RM" beside the other margins is the radial margin (the CRM without its "circumferential").
  [/\bRM\b/g, 'radial margin'],
  [/\bprox\b\.?/gi, 'proximal'],
  [/\bdist\b\.?/gi, 'distal'],
  [/\bMP\b/g, 'muscularis propria'],
  [/\b(?:m|musc)\.\s*prop(?:ria|\.)?(?!\w)/gi, 'muscularis propria'],
  [/\bmusc(?:ularis)?\.?\s+prop\.(?!\w)/gi, 'muscularis propria'],
  [/\bperf\b\.?/gi, 'perforation'],
  [/\bvisc\.\s*perit(?:oneum|\.)?(?!\w)/gi, 'visceral peritoneum'],
  [/\bant\.\s*(?=perit|refl)/gi, 'anterior '],
  [/\bperit\.\s*(?=refl)/gi, 'peritoneal '],
  [/\brefl\.?(?!\w)/gi, 'reflection'],
  [/\breflexion/gi, 'reflection'],
  [/\bR[Tt]?\.?\s+(?=hemicolectomy)/g, 'right '],
  [/\bL[Tt]?\.?\s+(?=hemicolectomy)/g, 'left '],
];

/**
 * The matching copy of a sentence with shorthand written out.
 * @param t - The sentence's matching copy.
 * @returns The same text with abbreviations expanded.
 */
export function expandShorthand(t: string): string {
  const expanded = EXPANSIONS.reduce((acc, [re, word]) => acc.replace(re, word), t);
  // "belw the peritoneal reflexion": one slip in the words that place a tumour against the reflection.
  return spellReflection(expanded).replace(
    /\b[a-z]{3,6}\b(?=\s+(?:the\s+)?(?:anterior\s+)?(?:peritoneal\s+)?reflection)/gi,
    (w) => {
      const lower = w.toLowerCase();
      if (lower === 'below' || lower === 'above') return w;
      const to = ['below', 'above'].filter((x) => editDistance(lower, x, 1) <= 1);
      return to.length === 1 ? to[0]! : w;
    }
  );
}

/** The words of the reflection, British spellings and one slip included ("reflexion", "peritonael"). */
const spellReflection = makeSpeller(['reflection', 'reflections', 'peritoneal', 'peritoneum', 'anterior'], {
  minLength: 7,
});

/** A sentence cut after an abbreviation that continues with a number or lower-case word ("prox. | 12 cm"). */
const CUT_ABBREVIATION = /\b(?:prox|dist|ant|post|perit|refl|approx|m|musc|prop|visc|sup|inf|lat|med)\.$/i;

/**
 * Prepares a colorectal text for the rules: sentences as the shared splitter cuts them, joined again where it cut after
 * an abbreviating period.
 * @param text - The part of the report to read.
 * @returns Its sentences, verbatim text and masked copy kept.
 */
export function colorectalDoc(text: string): Doc {
  const masked = maskLabels(text);
  const spans: { start: number; end: number }[] = [];
  for (const s of splitSentences(text)) {
    const last = spans.at(-1);
    const joins =
      last && CUT_ABBREVIATION.test(text.slice(last.start, last.end)) && !/\n/.test(text.slice(last.end, s.start));
    if (joins) last.end = s.end;
    else spans.push({ start: s.start, end: s.end });
  }
  const sentences: DocSentence[] = spans.map((s, index) => ({
    index,
    text: text.slice(s.start, s.end),
    masked: masked.slice(s.start, s.end),
  }));
  return { text, sentences };
}
