// Turns FHIR datatypes into the short strings the patient view shows, so every card formats alike.
import type { CodeableConcept, Coding, HumanName, Period, Quantity, Reference } from '@medplum/fhirtypes';
import { withUnit } from './units';

/**
 * Picks the most readable label of a concept: its text, else the first coding's display, else its code.
 * @param concept - The concept (or undefined).
 * @returns The label, or undefined when the concept carries none.
 */
export function conceptText(concept: CodeableConcept | undefined): string | undefined {
  if (!concept) {
    return undefined;
  }
  if (concept.text) {
    return concept.text;
  }
  const coding = concept.coding?.find((c) => c.display) ?? concept.coding?.[0];
  return coding?.display ?? coding?.code;
}

/**
 * Whether a concept carries a coding with the given system and code.
 * @param concept - The concept to look in.
 * @param system - The code system URI.
 * @param code - The code.
 * @returns True when one coding matches both.
 */
export function hasCoding(concept: CodeableConcept | undefined, system: string, code: string): boolean {
  return concept?.coding?.some((c: Coding) => c.system === system && c.code === code) ?? false;
}

/** The LOINC code system URI. */
export const LOINC = 'http://loinc.org';

/**
 * Formats a person's name as "Given Family", preferring the `official` or `usual` name.
 * @param names - Patient.name.
 * @returns The name, or "Unnamed patient".
 */
export function formatName(names: HumanName[] | undefined): string {
  const name = names?.find((n) => n.use === 'official') ?? names?.find((n) => n.use === 'usual') ?? names?.[0];
  if (!name) {
    return 'Unnamed patient';
  }
  if (name.text) {
    return name.text;
  }
  const parts = [...(name.given ?? []), name.family].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' ') : 'Unnamed patient';
}

/**
 * Shortens a FHIR date/dateTime/instant to its date part ("2024-03-05"); keeps partial dates.
 * @param value - A FHIR date, dateTime or instant.
 * @returns The date part, or "—" when absent.
 */
export function formatDate(value: string | undefined): string {
  return value ? value.slice(0, 10) : '—';
}

/**
 * Formats a period as "start – end", "since start" or "until end".
 * @param period - The period.
 * @returns The text, or "—" when the period has no bounds.
 */
export function formatPeriod(period: Period | undefined): string {
  const start = period?.start;
  const end = period?.end;
  if (start && end) {
    return `${formatDate(start)} – ${formatDate(end)}`;
  }
  if (start) {
    return `since ${formatDate(start)}`;
  }
  return end ? `until ${formatDate(end)}` : '—';
}

/**
 * Formats a quantity as "12.5 ng/mL", its unit readable ("×10³/µL"; none for an INR).
 * @param quantity - The quantity.
 * @returns The text, or undefined when there is no value.
 */
export function formatQuantity(quantity: Quantity | undefined): string | undefined {
  if (quantity?.value === undefined) {
    return undefined;
  }
  return withUnit(`${quantity.comparator ?? ''}${quantity.value}`, quantity.unit ?? quantity.code);
}

/**
 * Labels a reference by its display, else its reference string.
 * @param reference - The reference.
 * @returns The label, or undefined.
 */
export function referenceText(reference: Reference | undefined): string | undefined {
  return reference?.display ?? reference?.reference;
}
