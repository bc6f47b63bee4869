// Observation components in words: a therapeutic implication reads "cetuximab: predicted resistant (Level 1,
// colorectal cancer)", not "Medication assessed [ID] cetuximab; … predicted-therapeutic-implication Resistant".
import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { conceptText, hasCoding, LOINC } from './format';
import { observationValue } from './observations';

const MEDICATION_ASSESSED = '51963-7';
const EVIDENCE_LEVEL = '93044-6';
const PHENOTYPE = '81259-4';

const isEffect = (c: ObservationComponent): boolean =>
  (c.code.coding ?? []).some((coding) => coding.code === 'predicted-therapeutic-implication');

/**
 * A component's label in words: LOINC's bracketed property ("[ID]", "[Presence]") dropped, a bare code
 * ("predicted-therapeutic-implication") turned into a phrase.
 * @param c - A component.
 * @returns The label, or "" when there is none.
 */
export function componentLabel(c: ObservationComponent): string {
  const text = (conceptText(c.code) ?? '').replace(/\s*\[[^\]]*\]\s*/g, ' ').trim();
  if (/^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(text)) {
    const words = text.replace(/-/g, ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  return text;
}

/** "cetuximab + panitumumab: predicted resistant (Level 1, colorectal cancer)", or undefined when not an implication. */
function implicationText(o: Observation): string | undefined {
  const parts = o.component ?? [];
  const drugs = parts
    .filter((c) => hasCoding(c.code, LOINC, MEDICATION_ASSESSED))
    .map((c) => observationValue(c))
    .filter((d): d is string => !!d);
  const effect = parts.filter(isEffect).map((c) => observationValue(c))[0];
  if (!drugs.length || !effect) return undefined;
  const level = parts.filter((c) => hasCoding(c.code, LOINC, EVIDENCE_LEVEL)).map((c) => observationValue(c))[0];
  const phenotype = parts.filter((c) => hasCoding(c.code, LOINC, PHENOTYPE)).map((c) => observationValue(c))[0];
  const context = [level, phenotype].filter(Boolean).join(', ');
  return `${drugs.join(' + ')}: predicted ${effect.toLowerCase()}${context ? ` (${context})` : ''}`;
}

/**
 * An Observation's value in words: its own value, else its components (an implication as one phrase).
 * @param o - The Observation.
 * @returns The text, "—" when there is none.
 */
export function observationText(o: Observation): string {
  const own = observationValue(o);
  if (own) return own;
  const implication = implicationText(o);
  if (implication) return implication;
  const parts = (o.component ?? [])
    .map((c) => {
      const v = observationValue(c);
      return v ? `${componentLabel(c)} ${v}`.trim() : '';
    })
    .filter(Boolean);
  return parts.join('; ') || '—';
}
