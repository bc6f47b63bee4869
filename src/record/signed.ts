// Whether a workup's report has been signed in the chart, and by whom, in words: the report header then says
// "Signed by Dr Ada Lovelace on 3 Dec 2026" instead of "not reviewed", and never shows a Practitioner reference.
import type { DiagnosticReport, Reference } from '@medplum/fhirtypes';
import { WORKUP_ITEM_SYSTEM } from '../../common/writeback/systems';

/** A signature as the report header shows it. */
export interface Signature {
  /** The signer's display name; undefined when the chart names no one readable. */
  by?: string;
  /** When the signed report was issued (ISO date-time). */
  at?: string;
  status: 'final' | 'amended' | 'corrected';
}

const SIGNED = new Set(['final', 'amended', 'corrected']);

/** A reference's display when it is a name; a bare reference ("Practitioner/…") is not a name. */
export function signerDisplay(ref: Reference | undefined): string | undefined {
  const display = ref?.display?.trim();
  if (!display || /^[A-Za-z]+\/[A-Za-z0-9\-.]+$/.test(display) || display.startsWith('urn:')) return undefined;
  return display;
}

const fromWorkup = (report: DiagnosticReport, workupId: string): boolean =>
  [...(report.identifier ?? []), ...(report.meta?.tag ?? []).map((t) => ({ system: t.system, value: t.code }))].some(
    (i) => i.system === WORKUP_ITEM_SYSTEM && i.value?.startsWith(`${workupId}:`)
  );

/**
 * Finds the signed report a workup wrote to the chart.
 * @param reports - The chart's DiagnosticReports.
 * @param workupId - The workup's id.
 * @returns Who signed and when, or undefined while the workup's report is unsigned or not saved.
 */
export function signatureOf(reports: DiagnosticReport[], workupId: string | undefined): Signature | undefined {
  if (!workupId) return undefined;
  const signed = reports
    .filter((r) => SIGNED.has(r.status) && fromWorkup(r, workupId))
    .sort((a, b) => (b.issued ?? '').localeCompare(a.issued ?? ''))[0];
  if (!signed) return undefined;
  return {
    by: signerDisplay(signed.resultsInterpreter?.[0]),
    at: signed.issued ?? signed.meta?.lastUpdated,
    status: signed.status as Signature['status'],
  };
}
