// Fetches the bytes of one image reference: a local file (CLI only), a URL on the FHIR server's origin, or a DICOM
// instance of an ImagingStudy retrieved by WADO-RS from the study's Endpoint.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Endpoint, ImagingStudy, Reference } from '@medplum/fhirtypes';
import { readAttachment, retrieveInstance, studyUid } from '../../fhir/dicom';
import { type FhirClient, withRetries } from '../../fhir/fhir-client';
import { ToolInputError } from '../types';

const MAX_BYTES = 64 * 1024 * 1024;
const INSTANCE_REF = /^ImagingStudy\/([A-Za-z0-9\-.]{1,64})\/series\/([0-9.]{1,64})\/instances\/([0-9.]{1,64})$/;

/** What the `image` parameter accepts, in words for the tool description. */
export const IMAGE_FORMS =
  "`ImagingStudy/<id>/series/<seriesUid>/instances/<sopInstanceUid>` (retrieved from the study's DICOMweb endpoint), " +
  "a URL on the FHIR server's origin (e.g. a Binary or an attachment URL), or, when no FHIR server is connected " +
  '(command line), a local file path. DICOM (uncompressed) or PNG.';

async function readStudy(fhir: FhirClient, id: string): Promise<ImagingStudy> {
  return (await withRetries(fhir, (signal) =>
    fhir.client.read({ resourceType: 'ImagingStudy', id, options: { signal } })
  )) as unknown as ImagingStudy;
}

async function resolveEndpoint(fhir: FhirClient, study: ImagingStudy, ref: Reference<Endpoint>): Promise<Endpoint> {
  const reference = ref.reference ?? '';
  if (reference.startsWith('#')) {
    const contained = study.contained?.find((r) => r.resourceType === 'Endpoint' && r.id === reference.slice(1));
    if (contained) return contained as Endpoint;
    throw new ToolInputError(`ImagingStudy/${study.id} names a contained ${reference} that is not there`);
  }
  const local = reference.startsWith(`${fhir.baseUrl}/`) ? reference.slice(fhir.baseUrl.length + 1) : reference;
  const match = /^Endpoint\/([A-Za-z0-9\-.]{1,64})$/.exec(local);
  if (!match)
    throw new ToolInputError(`ImagingStudy/${study.id} has an Endpoint reference that cannot be read: ${reference}`);
  return (await withRetries(fhir, (signal) =>
    fhir.client.read({ resourceType: 'Endpoint', id: match[1] ?? '', options: { signal } })
  )) as unknown as Endpoint;
}

async function loadInstance(fhir: FhirClient, ref: string, match: RegExpExecArray): Promise<Uint8Array> {
  const [, id = '', seriesUid = '', sopUid = ''] = match;
  const study = await readStudy(fhir, id);
  const series = study.series?.find((s) => s.uid === seriesUid);
  if (!series) throw new ToolInputError(`${ref}: ImagingStudy/${id} has no series ${seriesUid}`);
  if (series.instance?.length && !series.instance.some((i) => i.uid === sopUid)) {
    throw new ToolInputError(`${ref}: series ${seriesUid} lists no instance ${sopUid}`);
  }
  const uid = studyUid(study);
  if (!uid) throw new ToolInputError(`${ref}: ImagingStudy/${id} has no DICOM Study Instance UID identifier`);
  const endpointRef = series.endpoint?.[0] ?? study.endpoint?.[0];
  if (!endpointRef) throw new ToolInputError(`${ref}: ImagingStudy/${id} names no DICOMweb endpoint`);
  const endpoint = await resolveEndpoint(fhir, study, endpointRef);
  return retrieveInstance(fhir, endpoint, { study: uid, series: seriesUid, instance: sopUid }, { maxBytes: MAX_BYTES });
}

async function loadLocal(path: string): Promise<Uint8Array> {
  const full = resolve(path);
  const info = await stat(full).catch(() => undefined);
  if (!info?.isFile()) throw new ToolInputError(`No such file: ${path}`);
  if (info.size > MAX_BYTES) throw new ToolInputError(`${path} is larger than ${MAX_BYTES / 1024 / 1024} MiB`);
  return new Uint8Array(await readFile(full));
}

/**
 * Loads one image reference.
 * @param ref - The reference as the caller wrote it.
 * @param fhir - The EHR's FHIR client; without it only local files are readable, with it local files are not.
 * @returns The file's bytes; throws ToolInputError or an OperationOutcomeError naming the problem.
 */
export async function loadImageBytes(ref: string, fhir: FhirClient | undefined): Promise<Uint8Array> {
  const instance = INSTANCE_REF.exec(ref);
  if (!fhir) {
    if (instance || /^https?:\/\//i.test(ref)) {
      throw new ToolInputError(
        `${ref} needs a FHIR server connection to be resolved (pass --fhir on the command line)`
      );
    }
    return loadLocal(ref);
  }
  if (instance) return loadInstance(fhir, ref, instance);
  if (ref.startsWith('ImagingStudy/')) {
    throw new ToolInputError(
      `${ref} is not of the form ImagingStudy/<id>/series/<seriesUid>/instances/<sopInstanceUid>`
    );
  }
  // Anything else is a URL, relative to the FHIR base when not absolute; readAttachment refuses other origins.
  const { bytes } = await readAttachment(fhir, { url: ref }, { maxBytes: MAX_BYTES });
  return bytes;
}
