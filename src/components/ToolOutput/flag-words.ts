// Says a tool's input flags in words: "liverFunctionPreserved: true would stage this patient A" becomes "Liver
// function judged preserved would stage this patient A". A clinician reads judgements, not parameter names.

/** Flags whose meaning is not just their name, by value. */
const KNOWN: Record<string, { true: string; false: string }> = {
  liverFunctionPreserved: { true: 'liver function judged preserved', false: 'liver function judged end-stage' },
  newLesions: { true: 'new lesions present', false: 'no new lesions' },
  nonTargetProgression: {
    true: 'unequivocal progression of non-target lesions',
    false: 'no unequivocal progression of non-target lesions',
  },
  isLymphNode: { true: 'a lymph node', false: 'not a lymph node' },
  vascularInvasion: { true: 'macrovascular invasion', false: 'no macrovascular invasion' },
  extrahepaticSpread: { true: 'extrahepatic spread', false: 'no extrahepatic spread' },
};

/** "someFlagName" → "some flag name". */
const spaced = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const FLAG = /\b([a-z]+(?:[A-Z][a-z0-9]*)+)\s*[:=]\s*(true|false)\b/g;

function phrase(name: string, value: string): string {
  const known = KNOWN[name];
  if (known) return value === 'true' ? known.true : known.false;
  return `${spaced(name)}: ${value === 'true' ? 'yes' : 'no'}`;
}

/**
 * Replaces camelCase flags with their meaning; a parenthesis that only repeats the words before it is dropped.
 * @param text - Tool-written text (an assumption, a rule, a note).
 * @returns The text in words; unchanged when it names no flag.
 */
export function flagWords(text: string): string;
export function flagWords(text: string | undefined): string | undefined;
export function flagWords(text: string | undefined): string | undefined {
  if (!text || !FLAG.test(text)) return text;
  FLAG.lastIndex = 0;
  return (
    text
      // "liver function judged preserved (liverFunctionPreserved: true)": the words are already there.
      .replace(/\s*\(\s*([a-z]+(?:[A-Z][a-z0-9]*)+)\s*[:=]\s*(true|false)\s*\)/g, (_, name: string, value: string) =>
        text.toLowerCase().includes(phrase(name, value).toLowerCase()) ? '' : ` (${phrase(name, value)})`
      )
      .replace(FLAG, (_, name: string, value: string) => phrase(name, value))
      // A sentence that now starts with a phrase starts with a capital.
      .replace(/(^|[.!?]\s+)([a-z])/g, (_, lead: string, first: string) => lead + first.toUpperCase())
  );
}
