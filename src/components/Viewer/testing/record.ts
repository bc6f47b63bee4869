// A small record for the viewer's tests: one CT study of three slices on the FHIR server's own DICOMweb endpoint,
// its report naming the lesion by anatomy with its box, and the workup's segment_lesion call on slice 2.
import type { DiagnosticReport, Endpoint, ImagingStudy } from '@medplum/fhirtypes';
import type { WorkupToolCall } from '../../../../common/contracts';
import { emptyRecord, type PatientRecord } from '../../../../common/record/patient-record';

export const FHIR_BASE = 'https://ehr.example/fhir/R4';
export const SERIES = '1.2.3.2';
export const instanceUid = (n: number): string => `${SERIES}.${n}`;
export const BOX: [number, number, number, number] = [2, 2, 6, 6];

const b64 = (s: string): string => btoa(s);

/**
 * The test record.
 * @param address - The DICOMweb base of the endpoint.
 * @returns The record.
 */
export function viewerRecord(address = 'https://ehr.example/dicomweb'): PatientRecord {
  const endpoint: Endpoint = {
    resourceType: 'Endpoint',
    id: 'pacs',
    status: 'active',
    connectionType: { code: 'dicom-wado-rs' },
    payloadType: [{ text: 'DICOM' }],
    address,
  };
  const study: ImagingStudy = {
    resourceType: 'ImagingStudy',
    id: 'ct1',
    status: 'available',
    subject: { reference: 'Patient/p1' },
    started: '2026-11-17T09:00:00Z',
    description: 'CT abdomen with contrast',
    identifier: [{ system: 'urn:dicom:uid', value: 'urn:oid:1.2.3' }],
    endpoint: [{ reference: 'Endpoint/pacs' }],
    series: [
      {
        uid: SERIES,
        number: 2,
        modality: { code: 'CT' },
        description: 'Portal venous phase',
        instance: [3, 1, 2].map((n) => ({
          uid: instanceUid(n),
          number: n,
          sopClass: { code: '1.2.840.10008.5.1.4.1.1.2' },
        })),
      },
    ],
  };
  const report: DiagnosticReport = {
    resourceType: 'DiagnosticReport',
    id: 'r1',
    status: 'final',
    code: { text: 'CT abdomen' },
    imagingStudy: [{ reference: 'ImagingStudy/ct1' }],
    presentedForm: [
      {
        contentType: 'text/plain',
        data: b64(`Liver:\n- Segment VII lesion, series 2 image 2, Location: [${BOX.join(', ')}], 28 x 24 mm.`),
      },
    ],
  };
  return {
    ...emptyRecord({ resourceType: 'Patient', id: 'p1' }),
    imagingStudies: [study],
    diagnosticReports: [report],
    included: [endpoint],
  };
}

/** The workup's measurement of the lesion on slice 2 (a 3 × 3 mask inside the box). */
export const segmentCall: WorkupToolCall = {
  id: 'c1',
  tool: 'segment_lesion',
  args: { image: `ImagingStudy/ct1/series/${SERIES}/instances/${instanceUid(2)}`, box: BOX },
  status: 'ok',
  output: {
    engine: 'classical',
    box: BOX,
    longestDiameterMm: 28.4,
    shortAxisMm: 24.1,
    longestDiameterPx: 4,
    mask: { encoding: 'rle-row-major', width: 8, height: 8, counts: [27, 3, 5, 3, 5, 3, 18] },
    axes: {
      long: [
        [3, 3],
        [5, 5],
      ],
      short: [
        [3, 5],
        [5, 3],
      ],
    },
  },
  ms: 4,
};
