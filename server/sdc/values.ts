// Fits a value (an answer, a fixed value, a FHIRPath result) to the type of the element it is extracted into: a
// Coding answer fills a CodeableConcept, a decimal with a questionnaire unit a Quantity, strings the string-like types.
import type { Coding, QuestionnaireResponseItemAnswer } from '@medplum/fhirtypes';

/** A value with its FHIR type code (`Coding`, `decimal`, `string`…). */
export interface Typed {
  type: string;
  value: unknown;
}

const PRIMITIVES = new Set([
  'base64Binary',
  'boolean',
  'canonical',
  'code',
  'date',
  'dateTime',
  'decimal',
  'id',
  'instant',
  'integer',
  'markdown',
  'oid',
  'positiveInt',
  'string',
  'time',
  'unsignedInt',
  'uri',
  'url',
  'uuid',
]);
const STRING_LIKE = new Set(
  [...PRIMITIVES].filter((t) => !['boolean', 'decimal', 'integer', 'positiveInt', 'unsignedInt'].includes(t))
);
const NUMBERS = new Set(['decimal', 'integer', 'positiveInt', 'unsignedInt']);

/**
 * The FHIR type of a `value[x]` property name.
 * @param key - e.g. `valueCodeableConcept`, `valueString`.
 * @returns e.g. `CodeableConcept`, `string`.
 */
export function typeOfValueKey(key: string): string {
  const name = key.replace(/^value/, '');
  const primitive = name.charAt(0).toLowerCase() + name.slice(1);
  return PRIMITIVES.has(primitive) ? primitive : name;
}

/**
 * The value of an answer, typed.
 * @param answer - One answer of a QuestionnaireResponse item.
 * @returns Its value and type, or undefined when it has none.
 */
export function answerValue(answer: QuestionnaireResponseItemAnswer): Typed | undefined {
  const key = Object.keys(answer).find((k) => k.startsWith('value'));
  return key ? { type: typeOfValueKey(key), value: (answer as Record<string, unknown>)[key] } : undefined;
}

/**
 * Converts a value to one of the element's types.
 * @param typed - The value.
 * @param targets - The element's allowed types (one, or a choice's list).
 * @param unit - The item's questionnaire-unit, for numbers extracted into a Quantity.
 * @returns The value and the type chosen, or undefined when no conversion fits.
 */
export function fitTo(typed: Typed, targets: string[], unit?: Coding): Typed | undefined {
  const { type, value } = typed;
  if (targets.includes(type)) return typed;
  if (type === 'Coding' && targets.includes('CodeableConcept')) {
    return { type: 'CodeableConcept', value: { coding: [value] } };
  }
  if (type === 'Coding' && targets.includes('code')) return { type: 'code', value: (value as Coding).code };
  if (NUMBERS.has(type) && targets.includes('Quantity')) {
    const u = unit ? { unit: unit.display ?? unit.code, system: unit.system, code: unit.code } : {};
    return { type: 'Quantity', value: { value, ...u } };
  }
  if (NUMBERS.has(type)) {
    const number = targets.find((t) => NUMBERS.has(t));
    if (number && (number === 'decimal' || Number.isInteger(value))) return { type: number, value };
  }
  if (STRING_LIKE.has(type) && typeof value === 'string') {
    const target = targets.find((t) => STRING_LIKE.has(t));
    if (target) return { type: target, value };
  }
  return undefined;
}
