// The Child-Pugh inputs of a record: coded liver labs and findings first; labs, ascites and encephalopathy from text
// when they are not coded (an exam note's "no ascites" or "albumin 29 g/L" is as much a finding as an Observation).
import type { RecordFacts } from '../record/facts';
import type { LiverFunction } from '../record/liver';
import { textLiverFindings, textLiverLabs } from './liver-text';

/**
 * Liver function for the scores.
 * @param facts - The record's facts.
 * @returns The coded values, completed from text.
 */
export function liverInputs(facts: RecordFacts): LiverFunction {
  const labs = { ...textLiverLabs(facts.texts), ...facts.liver };
  if (labs.ascites && labs.encephalopathy) return labs;
  const written = textLiverFindings(facts.texts);
  return {
    ...labs,
    ...(facts.liver.ascites || !written.ascites ? {} : { ascites: written.ascites }),
    ...(facts.liver.encephalopathy || !written.encephalopathy ? {} : { encephalopathy: written.encephalopathy }),
  };
}

const CIRRHOSIS = /\bcirrho(sis|tic)\b/i;
const NOT_CIRRHOSIS = /\b(no|without|non|absence of|free of)\b[^.;]{0,30}$|non-?$/i;

/**
 * Whether the problem list or a report affirms liver cirrhosis (Child-Pugh then applies whatever the tumour: liver
 * function decides liver-directed therapy and drug choice in cirrhosis, not only in HCC).
 * @param facts - The record's facts.
 * @returns The text that says so, or undefined.
 */
export function cirrhosisRef(facts: RecordFacts): string | undefined {
  for (const { ref, text } of facts.texts) {
    for (const sentence of text.split(/(?<=[.;])\s+|\n/)) {
      const m = CIRRHOSIS.exec(sentence);
      if (m && !NOT_CIRRHOSIS.test(sentence.slice(0, m.index))) return ref;
    }
  }
  return undefined;
}
