// Merges medications and procedures into one treatment timeline, newest first, for the tumor board.
import type { MedicationRequest, MedicationStatement, Period, Procedure } from '@medplum/fhirtypes';
import { conceptText, formatDate, formatPeriod, referenceText } from './format';

/** One line of the treatment timeline. */
export interface TimelineEntry {
  id: string;
  kind: 'medication' | 'procedure';
  name: string;
  /** Sort key: the start (or only) date; undefined entries go last. */
  start?: string;
  /** Human-readable date or period. */
  when: string;
  status?: string;
  /** Reason or dosage, when recorded. */
  detail?: string;
}

function entryWhen(period: Period | undefined, date: string | undefined): { start?: string; when: string } {
  if (period?.start || period?.end) {
    return { start: period.start ?? period.end, when: formatPeriod(period) };
  }
  return { start: date, when: formatDate(date) };
}

function fromRequest(r: MedicationRequest, i: number): TimelineEntry {
  const bounds = r.dosageInstruction?.[0]?.timing?.repeat?.boundsPeriod ?? r.dispenseRequest?.validityPeriod;
  const { start, when } = entryWhen(bounds, r.authoredOn);
  return {
    id: `MedicationRequest/${r.id ?? i}`,
    kind: 'medication',
    name: conceptText(r.medicationCodeableConcept) ?? referenceText(r.medicationReference) ?? 'Unnamed medication',
    start,
    when,
    status: r.status,
    detail: r.dosageInstruction?.[0]?.text ?? conceptText(r.reasonCode?.[0]),
  };
}

function fromStatement(s: MedicationStatement, i: number): TimelineEntry {
  const { start, when } = entryWhen(s.effectivePeriod, s.effectiveDateTime ?? s.dateAsserted);
  return {
    id: `MedicationStatement/${s.id ?? i}`,
    kind: 'medication',
    name: conceptText(s.medicationCodeableConcept) ?? referenceText(s.medicationReference) ?? 'Unnamed medication',
    start,
    when,
    status: s.status,
    detail: s.dosage?.[0]?.text ?? conceptText(s.reasonCode?.[0]),
  };
}

function fromProcedure(p: Procedure, i: number): TimelineEntry {
  const { start, when } = entryWhen(p.performedPeriod, p.performedDateTime);
  return {
    id: `Procedure/${p.id ?? i}`,
    kind: 'procedure',
    name: conceptText(p.code) ?? 'Unnamed procedure',
    start,
    when,
    status: p.status,
    detail: conceptText(p.reasonCode?.[0]) ?? conceptText(p.bodySite?.[0]),
  };
}

/**
 * Builds the treatment timeline: every medication and procedure, newest start first, undated last.
 * @param input - The patient's MedicationRequests, MedicationStatements and Procedures.
 * @returns The sorted entries.
 */
export function buildTimeline(input: {
  medicationRequests: MedicationRequest[];
  medicationStatements: MedicationStatement[];
  procedures: Procedure[];
}): TimelineEntry[] {
  const entries = [
    ...input.medicationRequests.map(fromRequest),
    ...input.medicationStatements.map(fromStatement),
    ...input.procedures.map(fromProcedure),
  ];
  return entries.sort((a, b) => {
    if (!a.start || !b.start) {
      return a.start ? -1 : b.start ? 1 : 0;
    }
    return Date.parse(b.start) - Date.parse(a.start) || b.start.localeCompare(a.start);
  });
}
