// The shapes shared by the demo entry point and the per-patient files.
import type { Bundle } from '@medplum/fhirtypes';
import type { PhantomSeriesSpec } from '../dicom/phantom-spec';

/** Where the demo data will be served from. */
export interface DemoOptions {
  /** Absolute DICOMweb base URL that ImagingStudy endpoints point at, e.g. http://localhost:8080/sandbox/dicomweb. */
  dicomWebBase: string;
}

/** One demo patient: its transaction Bundle and the CT phantoms its ImagingStudies refer to. */
export interface PatientDemo {
  bundle: Bundle;
  phantoms: PhantomSeriesSpec[];
}
