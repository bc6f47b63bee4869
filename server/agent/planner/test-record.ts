// Small FHIR records for the planner's workflow tests, read through the real record reader (recordFromBundle →
// readFacts): each test writes the resources of its own invented patient in a few lines.
import type {
  Bundle,
  CodeableConcept,
  Condition,
  DiagnosticReport,
  ImagingStudy,
  MedicationRequest,
  MedicationStatement,
  Observation,
  Resource,
} from '@medplum/fhirtypes';
import type { PlannedCall } from '../../../common/contracts';
import type { PatientRecord } from '../../../common/record/patient-record';
import { type RecordFacts, readFacts } from '../record/facts';
import { recordFromBundle } from '../record/from-bundle';
import { planFromRecord, type RulesPlan } from './rules';

const subject = { reference: 'Patient/p1' };
const LOINC = 'http://loinc.org';
const concept = (text: string, code?: string): CodeableConcept => ({
  text,
  ...(code ? { coding: [{ system: LOINC, code }] } : {}),
});

/** Builds one patient's resources. */
export class TestRecord {
  private readonly resources: Resource[] = [
    { resourceType: 'Patient', id: 'p1', gender: 'male', birthDate: '1960-01-01', name: [{ text: 'Test Patient' }] },
  ];
  private n = 0;
  private id(prefix: string): string {
    return `${prefix}${++this.n}`;
  }

  /** A problem-list cancer, with optional stage text and note. */
  condition(text: string, over: Partial<Condition> = {}): this {
    this.resources.push({ resourceType: 'Condition', id: this.id('cond'), subject, code: { text }, ...over });
    return this;
  }

  /** A text result (no unit): code text, optional LOINC code, and the value as written. */
  text(code: string, value: string, loinc?: string): this {
    const obs: Observation = {
      resourceType: 'Observation',
      id: this.id('obs'),
      status: 'final',
      subject,
      code: concept(code, loinc),
      valueString: value,
    };
    this.resources.push(obs);
    return this;
  }

  /** A genetic-variant Observation (LOINC 69548-6) with the gene studied and the change. */
  variant(gene: string, change: string, value = 'Present'): this {
    this.resources.push({
      resourceType: 'Observation',
      id: this.id('obs'),
      status: 'final',
      subject,
      code: concept('Genetic variant assessment', '69548-6'),
      valueCodeableConcept: {
        text: value,
        coding: [{ system: LOINC, code: value === 'Present' ? 'LA9633-4' : 'LA9634-2' }],
      },
      component: [
        {
          code: concept('Gene studied', '48018-6'),
          valueCodeableConcept: {
            text: gene,
            coding: [{ system: 'http://www.genenames.org', code: gene, display: gene }],
          },
        },
        { code: concept('Amino acid change', '48005-3'), valueCodeableConcept: { text: change } },
      ],
    });
    return this;
  }

  /** A lab with a unit. */
  lab(code: string, loinc: string, value: number, unit: string, date = '2026-03-01'): this {
    this.resources.push({
      resourceType: 'Observation',
      id: this.id('obs'),
      status: 'final',
      subject,
      effectiveDateTime: date,
      code: concept(code, loinc),
      valueQuantity: { value, unit, code: unit },
    });
    return this;
  }

  /** An imaging report (category RAD) on a date, optionally linked to a study. */
  report(code: string, date: string, conclusion: string, study?: string): this {
    const r: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      id: this.id('rep'),
      status: 'final',
      subject,
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'RAD' }] }],
      code: { text: code },
      effectiveDateTime: date,
      conclusion,
      ...(study ? { imagingStudy: [{ reference: `ImagingStudy/${study}` }] } : {}),
    };
    this.resources.push(r);
    return this;
  }

  /** A CT study without an endpoint: one series of `instances` images; returns its id through `as`. */
  study(id: string, date: string, note?: string, instances = 80): this {
    const s: ImagingStudy = {
      resourceType: 'ImagingStudy',
      id,
      status: 'available',
      subject,
      started: date,
      modality: [{ system: 'http://dicom.nema.org/resources/ontology/DCM', code: 'CT' }],
      description: 'CT abdomen',
      series: [
        {
          uid: `1.2.${id.length}.3`,
          number: 3,
          modality: { system: 'http://dicom.nema.org/resources/ontology/DCM', code: 'CT' },
          instance: Array.from({ length: instances }, (_, i) => ({
            uid: `1.2.${id.length}.3.${i + 1}`,
            number: i + 1,
            sopClass: { system: 'urn:ietf:rfc:3986', code: 'urn:oid:1.2.840.10008.5.1.4.1.1.2' },
          })),
        },
      ],
      ...(note ? { note: [{ text: note }] } : {}),
    };
    this.resources.push(s);
    return this;
  }

  /** A systemic drug given from `start` (to `end` when stopped). */
  drug(name: string, start: string, end?: string): this {
    const m: MedicationStatement = {
      resourceType: 'MedicationStatement',
      id: this.id('med'),
      status: end ? 'stopped' : 'active',
      subject,
      medicationCodeableConcept: { text: name },
      effectivePeriod: { start, ...(end ? { end } : {}) },
    };
    this.resources.push(m);
    return this;
  }

  /** A drug ordered on `authoredOn`, with its intent (`plan` or `proposal`: not yet given). */
  order(name: string, authoredOn: string, intent: MedicationRequest['intent'] = 'order'): this {
    this.resources.push({
      resourceType: 'MedicationRequest',
      id: this.id('req'),
      status: 'active',
      intent,
      subject,
      medicationCodeableConcept: { text: name },
      authoredOn,
    });
    return this;
  }

  /** A clinic note (DocumentReference with inline text). */
  note(text: string): this {
    this.resources.push({
      resourceType: 'DocumentReference',
      id: this.id('doc'),
      status: 'current',
      subject,
      description: 'Clinic note',
      content: [{ attachment: { contentType: 'text/plain', data: Buffer.from(text).toString('base64') } }],
    });
    return this;
  }

  /** The patient record, as the loader gives it. */
  record(): PatientRecord {
    const entry = this.resources.map((resource) => ({ resource }));
    const bundle: Bundle = { resourceType: 'Bundle', type: 'collection', entry };
    return recordFromBundle(bundle);
  }

  /** The record's facts, as the planner reads them. */
  facts(): RecordFacts {
    return readFacts(this.record());
  }

  /** The rules planner's first-round plan for a question. */
  plan(question: string): RulesPlan {
    let n = 0;
    return planFromRecord(this.facts(), question, () => `c${++n}`);
  }
}

/**
 * The tools a plan would run, follow-ups included, with how often.
 * @param plan - A rules plan.
 * @returns e.g. { segment_lesion: 2, assess_response: 1 }.
 */
export function toolCounts(plan: RulesPlan): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of [...plan.calls.map((c: PlannedCall) => c.tool), ...plan.followUps.map((f) => f.tool)])
    out[t] = (out[t] ?? 0) + 1;
  return out;
}
