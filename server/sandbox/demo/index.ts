// The sandbox EHR's demo data: six synthetic oncology patients as transaction Bundles, plus their CT phantoms.
import type { Bundle } from '@medplum/fhirtypes';
import type { PhantomSeriesSpec } from '../dicom/phantom-spec';
import { colonNewDiagnosis } from './colon-new-diagnosis';
import { crcMetastatic } from './crc-metastatic';
import { groupsBundle } from './groups';
import { hccCirrhosis } from './hcc-cirrhosis';
import { iccBrafRos1 } from './icc-braf-ros1';
import { pancreasKrasG12c } from './pancreas-kras-g12c';
import { demoId, withUuids } from './portable';
import { rectalPanitumumab } from './rectal-panitumumab';
import type { DemoOptions, PatientDemo } from './types';

export { DEMO_GROUPS } from './groups';
export { demoId } from './portable';
export type { DemoOptions, PatientDemo } from './types';

/** Everything the sandbox loads at start: one transaction Bundle per patient and the DICOM series to serve. */
export interface DemoData {
  bundles: Bundle[];
  /** The demo cohorts as Groups of those patients (one transaction Bundle, loaded after the patients). */
  groups: Bundle;
  phantoms: PhantomSeriesSpec[];
}

const PATIENTS: { id: string; build: (options: DemoOptions) => PatientDemo }[] = [
  { id: 'demo-crc-met', build: crcMetastatic },
  { id: 'demo-rectal-pmab', build: rectalPanitumumab },
  { id: 'demo-colon-new', build: colonNewDiagnosis },
  { id: 'demo-hcc', build: hccCirrhosis },
  { id: 'demo-pdac-g12c', build: pancreasKrasG12c },
  { id: 'demo-icc', build: iccBrafRos1 },
];

/** Patient ids (UUIDs) of the demo patients, in the order of `demoData().bundles`. */
export const DEMO_PATIENT_IDS: readonly string[] = Object.freeze(PATIENTS.map((p) => demoId(p.id)));

/**
 * Builds the demo data; the same options always give deep-equal output.
 * @param options - Where the sandbox serves DICOMweb (ImagingStudy endpoints point there).
 * @returns The Bundles (PUT entries with stable UUID ids, so reloading is idempotent) and the phantom specs.
 */
export function demoData(options: DemoOptions): DemoData {
  const built = PATIENTS.map((p) => p.build(options));
  // The Groups go through the same id pass as the patients, so their member references get the patients' UUIDs.
  const bundles = withUuids([...built.map((b) => b.bundle), groupsBundle()]);
  const groups = bundles.pop() as Bundle;
  // Cloned so a caller that mutates what it loads cannot change the shared phantom specs.
  return structuredClone({ bundles, groups, phantoms: built.flatMap((b) => b.phantoms) });
}
