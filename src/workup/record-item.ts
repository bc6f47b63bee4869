// Finds a cited record item ("Observation/o1") in the loaded record and says in a few facts what it holds.
import type { CodeableConcept, Quantity, Reference, Resource } from '@medplum/fhirtypes';
import { type PatientRecord, recordResources } from '../../common/record/patient-record';
import { conceptText, formatDate, formatName, formatQuantity, referenceText } from '../record/format';

/**
 * Looks a resource up by "Type/id" among everything the record loaded.
 * @param record - The patient record.
 * @param ref - The reference, e.g. "Observation/o1" (a full URL's last two segments also match).
 * @returns The resource, or undefined.
 */
export function findRecordItem(record: PatientRecord, ref: string): Resource | undefined {
  const [type, id] = ref.split('/').slice(-2);
  if (!type || !id) {
    return undefined;
  }
  return recordResources(record).find((r) => r.resourceType === type && r.id === id);
}

/** Fields many clinical resources share; read defensively, since any one resource has only some. */
interface CommonFields {
  code?: CodeableConcept;
  medicationCodeableConcept?: CodeableConcept;
  type?: CodeableConcept;
  description?: string;
  status?: string;
  conclusion?: string;
  subject?: Reference;
  interpretation?: CodeableConcept[];
  valueQuantity?: Quantity;
  valueCodeableConcept?: CodeableConcept;
  valueString?: string;
  valueBoolean?: boolean;
  valueInteger?: number;
  date?: string;
}

const DATE_KEYS = [
  'effectiveDateTime',
  'issued',
  'onsetDateTime',
  'recordedDate',
  'authoredOn',
  'performedDateTime',
  'date',
];

function valueText(r: CommonFields): string | undefined {
  const plain = r.valueString ?? r.valueBoolean ?? r.valueInteger;
  return formatQuantity(r.valueQuantity) ?? conceptText(r.valueCodeableConcept) ?? (plain ?? '').toString();
}

/**
 * A resource's title and key facts, read from the fields most clinical resources share.
 * @param resource - Any record resource.
 * @returns A title ("Observation: KRAS") and label/value facts, only those present.
 */
export function describeRecordItem(resource: Resource): { title: string; facts: [string, string][] } {
  const r = resource as CommonFields;
  const loose = resource as unknown as Record<string, unknown>;
  const dateKey = DATE_KEYS.find((k) => typeof loose[k] === 'string');
  const name =
    resource.resourceType === 'Patient'
      ? formatName(resource.name)
      : (conceptText(r.code ?? r.medicationCodeableConcept ?? r.type) ?? r.description);
  const facts: [string, string | undefined][] = [
    ['Date', dateKey ? formatDate(loose[dateKey] as string) : undefined],
    ['Value', valueText(r)],
    ['Status', r.status],
    ['Conclusion', r.conclusion],
    ['Interpretation', conceptText(r.interpretation?.[0])],
    ['Subject', referenceText(r.subject)],
  ];
  return {
    title: name ? `${resource.resourceType}: ${name}` : `${resource.resourceType}/${resource.id}`,
    facts: facts.filter((f): f is [string, string] => typeof f[1] === 'string' && f[1].length > 0),
  };
}
