// Composes a condition's stage text once: "IIIB" → "stage IIIB", but "Clinical stage IIIB" stays as recorded.
import type { Condition } from '@medplum/fhirtypes';
import { conceptText } from './format';

/**
 * The stage as a clinician reads it, with the word "stage" exactly once.
 * @param text - The recorded stage summary ("IIIB", "Stage IVA", "Clinical stage IIIB (cT3 cN1 cM0)").
 * @returns The text, or undefined when there is none.
 */
export function stageText(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  if (/^stage\s+/i.test(t)) return `stage ${t.replace(/^stage\s+/i, '')}`;
  return /\bstage\b/i.test(t) ? t : `stage ${t}`;
}

/**
 * The first recorded stage of a condition in words.
 * @param condition - A Condition (its stage summary).
 * @returns The text, or undefined when none is recorded.
 */
export function conditionStage(condition: Condition | undefined): string | undefined {
  return stageText(conceptText(condition?.stage?.[0]?.summary));
}
