// The Child-Pugh inputs of a record: coded liver labs and findings first, ascites and encephalopathy from text when
// they are not coded (an exam note's "no ascites" is as much a finding as a coded Observation).
import type { RecordFacts } from '../record/facts';
import type { LiverFunction } from '../record/liver';
import { textLiverFindings } from './liver-text';

/**
 * Liver function for the scores.
 * @param facts - The record's facts.
 * @returns The coded values, completed from text.
 */
export function liverInputs(facts: RecordFacts): LiverFunction {
  if (facts.liver.ascites && facts.liver.encephalopathy) return facts.liver;
  const written = textLiverFindings(facts.texts);
  return {
    ...facts.liver,
    ...(facts.liver.ascites || !written.ascites ? {} : { ascites: written.ascites }),
    ...(facts.liver.encephalopathy || !written.encephalopathy ? {} : { encephalopathy: written.encephalopathy }),
  };
}
