// Ascites and hepatic encephalopathy as written in reports, conditions and clinical notes ("no ascites", "mild
// ascites on ultrasound", "no signs of hepatic encephalopathy"), for Child-Pugh when no coded finding exists.
import type { Graded, Lab } from '../record/liver';
import type { RecordText } from '../record/texts';

type Ascites = 'none' | 'mild' | 'moderate_severe';
type Encephalopathy = 'none' | 'grade_1_2' | 'grade_3_4';

const SENTENCES = /(?<=[.;])\s+|\n/;

function find<G extends string>(
  texts: readonly RecordText[],
  word: RegExp,
  grade: (sentence: string) => G | undefined
): Graded<G> | undefined {
  // Newest first: report dates when known, else record order reversed (later entries are usually newer).
  const ordered = [...texts].reverse().sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  for (const { ref, text } of ordered) {
    for (const sentence of text.split(SENTENCES)) {
      if (!word.test(sentence)) continue;
      const g = grade(sentence);
      if (g) return { ref, grade: g, text: sentence.trim().slice(0, 160) };
    }
  }
  return undefined;
}

const NEG = /\b(no|without|absent|negative for|free of|nor)\b[^.;]{0,40}$/i;
const negatedBefore = (s: string, word: RegExp): boolean => {
  const m = word.exec(s);
  return (
    !!m &&
    (NEG.test(s.slice(0, m.index)) || /^[^.;]{0,20}\b(absent|not (seen|present))/i.test(s.slice(m.index + m[0].length)))
  );
};

const ASCITES = /\bascites\b/i;
const ENCEPH = /\b(hepatic )?encephalopathy\b/i;

function ascitesGrade(s: string): Ascites | undefined {
  if (negatedBefore(s, ASCITES)) return 'none';
  if (
    /\b(moderate|severe|tense|large|massive|refractory|grade\s*[23])\b[^.;]{0,20}ascites|ascites[^.;]{0,20}\b(moderate|severe|tense|large|refractory)/i.test(
      s
    )
  )
    return 'moderate_severe';
  if (
    /\b(mild|slight|small|minimal|trace|little|grade\s*1)\b[^.;]{0,20}ascites|ascites[^.;]{0,20}\b(mild|small|minimal|controlled)/i.test(
      s
    )
  )
    return 'mild';
  return undefined;
}

function encephalopathyGrade(s: string): Encephalopathy | undefined {
  if (negatedBefore(s, ENCEPH)) return 'none';
  if (/\bgrade\s*(3|4|III|IV)\b|\bcoma\b|\bsevere\b/i.test(s)) return 'grade_3_4';
  if (/\bgrade\s*(1|2|I|II)\b|\b(mild|minimal|covert|moderate)\b/i.test(s)) return 'grade_1_2';
  return undefined;
}

/**
 * The newest ascites and encephalopathy grades written in text.
 * @param texts - Record texts (reports, notes, conditions).
 * @returns Whatever is stated with a grade (an unqualified "ascites" is not graded).
 */
export function textLiverFindings(texts: readonly RecordText[]): {
  ascites?: Graded<Ascites>;
  encephalopathy?: Graded<Encephalopathy>;
} {
  const ascites = find(texts, ASCITES, ascitesGrade);
  const encephalopathy = find(texts, ENCEPH, encephalopathyGrade);
  return { ...(ascites ? { ascites } : {}), ...(encephalopathy ? { encephalopathy } : {}) };
}

const VALUE = String.raw`\s*(?:level\s*)?(?:of|:|=|was|is|at)?\s*(\d+(?:[.,]\d+)?)`;
const LAB_TEXT = {
  bilirubin: new RegExp(String.raw`\b(?:total |serum )?bilirubin${VALUE}\s*(mg\s*\/\s*dl|[uµμ]mol\s*\/\s*l)\b`, 'i'),
  albumin: new RegExp(String.raw`\b(?:serum )?albumin${VALUE}\s*(g\s*\/\s*dl|g\s*\/\s*l)\b`, 'i'),
  inr: new RegExp(String.raw`\bINR${VALUE}(?!\s*(?:mg|g|%|[uµμ]mol))`, 'i'),
} as const;

function unitOf(written: string | undefined): string {
  const u = (written ?? '').replace(/\s+/g, '').toLowerCase();
  return u === 'mg/dl' ? 'mg/dL' : u === 'g/dl' ? 'g/dL' : u === 'g/l' ? 'g/L' : u ? 'µmol/L' : '';
}

/**
 * Bilirubin, albumin and INR written in notes or reports ("bilirubin 38 µmol/L, albumin 29 g/L, INR 1.3"), newest
 * first, for when the labs are not coded Observations. A value needs its unit (INR has none); nothing is guessed.
 * @param texts - Record texts.
 * @returns The labs found, each citing its text.
 */
export function textLiverLabs(texts: readonly RecordText[]): { bilirubin?: Lab; albumin?: Lab; inr?: Lab } {
  const ordered = [...texts].reverse().sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  const out: { bilirubin?: Lab; albumin?: Lab; inr?: Lab } = {};
  for (const key of ['bilirubin', 'albumin', 'inr'] as const) {
    for (const { ref, text, date } of ordered) {
      const m = LAB_TEXT[key].exec(text);
      const value = m ? Number(m[1]!.replace(',', '.')) : Number.NaN;
      if (!Number.isFinite(value) || (key === 'inr' && (value < 0.5 || value > 10))) continue;
      out[key] = { ref, value, unit: unitOf(m![2]), ...(date ? { date } : {}) };
      break;
    }
  }
  return out;
}
