// Imaging builders: the sandbox DICOMweb Endpoint, phantom CT series specs, and the ImagingStudies that point at them.
import type { Endpoint, ImagingStudy, Patient } from '@medplum/fhirtypes';
import { lesionBoxPx, lesionKeySlice, type PhantomLesion, type PhantomSeriesSpec } from '../dicom/phantom-spec';
import { ref, type WithId } from './builders';
import { SYSTEM } from './codes';

/** SOP class of CT Image Storage. */
const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';

/** Root of every demo DICOM UID (2.25 = UUID-derived root; the digits are this project's, made up). */
export const DEMO_UID_ROOT = '2.25.30118463527';

/** Id of the one Endpoint every demo ImagingStudy points at (each bundle carries an identical copy). */
export const DICOMWEB_ENDPOINT_ID = 'sandbox-dicomweb';

/**
 * The sandbox's DICOMweb (WADO-RS) endpoint.
 * @param address - Absolute DICOMweb base URL.
 * @returns The Endpoint.
 */
export function dicomWebEndpoint(address: string): Endpoint & WithId {
  return {
    resourceType: 'Endpoint',
    id: DICOMWEB_ENDPOINT_ID,
    status: 'active',
    name: 'OncoAgent sandbox DICOMweb',
    connectionType: { system: SYSTEM.endpointConnection, code: 'dicom-wado-rs', display: 'DICOM WADO-RS' },
    payloadType: [{ text: 'DICOM' }],
    payloadMimeType: ['application/dicom'],
    address,
  };
}

/** Inputs of {@link abdomenCtSpec}: what differs between demo series. */
export interface CtSeriesInput {
  /** Small integer naming the study under the demo root, unique across the demo. */
  studyNumber: number;
  patientId: string;
  patientName: string;
  /** YYYY-MM-DD */
  date: string;
  studyDescription: string;
  lesions: PhantomLesion[];
}

/**
 * A contrast CT abdomen phantom: 512×512, 0.78 mm pixels, 5 slices of 5 mm, series 2, seeded by the study number.
 * @param s - What this series shows.
 * @returns The spec the DICOM phantom generator renders.
 */
export function abdomenCtSpec(s: CtSeriesInput): PhantomSeriesSpec {
  const studyInstanceUid = `${DEMO_UID_ROOT}.${s.studyNumber}`;
  return {
    studyInstanceUid,
    seriesInstanceUid: `${studyInstanceUid}.2`,
    patientId: s.patientId,
    patientName: s.patientName,
    studyDate: s.date.replaceAll('-', ''),
    studyDescription: s.studyDescription,
    seriesDescription: 'Portal venous phase 5 mm axial',
    seriesNumber: 2,
    region: 'abdomen',
    slices: 5,
    rows: 512,
    columns: 512,
    pixelSpacingMm: 0.78,
    sliceThicknessMm: 5,
    lesions: s.lesions,
    seed: 7919 * s.studyNumber,
  };
}

/** The study date of a spec as YYYY-MM-DD. */
export function isoDate(spec: PhantomSeriesSpec): string {
  return `${spec.studyDate.slice(0, 4)}-${spec.studyDate.slice(4, 6)}-${spec.studyDate.slice(6, 8)}`;
}

/**
 * Where a radiologist points at a lesion: "series S image N, Location: [x1, y1, x2, y2]" (image 1-based, box in pixels).
 * @param spec - The series.
 * @param lesion - The lesion.
 * @returns The text used in the report.
 */
export function lesionLocation(spec: PhantomSeriesSpec, lesion: PhantomLesion): string {
  const image = lesionKeySlice(spec, lesion) + 1;
  return `series ${spec.seriesNumber} image ${image}, Location: [${lesionBoxPx(spec, lesion).join(', ')}]`;
}

/** Inputs of {@link imagingStudy}. */
export interface ImagingStudyInput {
  id: string;
  subject: Patient & WithId;
  spec: PhantomSeriesSpec;
  endpoint: Endpoint & WithId;
  /** Instant the study started. */
  started: string;
  description: string;
}

/** The ImagingStudy of one phantom series; instance UIDs follow the generator's `${seriesUid}.${n}` scheme. */
export function imagingStudy(s: ImagingStudyInput): ImagingStudy & WithId {
  const { spec } = s;
  const modality = { system: SYSTEM.dicom, code: 'CT', display: 'Computed Tomography' };
  return {
    resourceType: 'ImagingStudy',
    id: s.id,
    identifier: [{ system: 'urn:dicom:uid', value: `urn:oid:${spec.studyInstanceUid}` }],
    status: 'available',
    modality: [modality],
    subject: ref(s.subject),
    started: s.started,
    endpoint: [ref(s.endpoint)],
    numberOfSeries: 1,
    numberOfInstances: spec.slices,
    description: s.description,
    series: [
      {
        uid: spec.seriesInstanceUid,
        number: spec.seriesNumber,
        modality,
        description: spec.seriesDescription,
        numberOfInstances: spec.slices,
        instance: Array.from({ length: spec.slices }, (_, i) => ({
          uid: `${spec.seriesInstanceUid}.${i + 1}`,
          number: i + 1,
          sopClass: { system: 'urn:ietf:rfc:3986', code: `urn:oid:${CT_IMAGE_STORAGE}` },
        })),
      },
    ],
  };
}
