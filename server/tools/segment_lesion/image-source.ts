// Fetches the bytes named by the `image` argument: a local file (CLI only), a URL on the FHIR server's origin, an
// ImagingStudy instance (WADO-RS through the study's Endpoint), or a DocumentReference/Binary attachment.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Attachment, DocumentReference, Endpoint, ImagingStudy, Resource } from '@medplum/fhirtypes';
import { type RetrievalPolicy, readAttachment, retrieveInstance, studyUid } from '../../fhir/dicom';
import { type FhirClient, withRetries } from '../../fhir/fhir-client';
import { ToolInputError } from '../types';

const MAX_BYTES = 64 * 1024 * 1024;
const ID = '[A-Za-z0-9\\-.]{1,64}';
const UID = '[0-9]+(?:\\.[0-9]+)*';
const INSTANCE_REF = new RegExp(`^ImagingStudy/(${ID})/series/(${UID})/instances/(${UID})$`);
const ATTACHMENT_REF = new RegExp(`^(DocumentReference|Binary)/(${ID})$`);

export interface ImageBytes {
  bytes: Uint8Array;
  /** The argument as reported back: paths reduced to the file name. */
  source: string;
}

async function read<T extends Resource>(fhir: FhirClient, resourceType: string, id: string): Promise<T> {
  return (await withRetries(fhir, (signal) =>
    fhir.client.read({ resourceType, id, options: { signal } })
  )) as unknown as T;
}

async function endpointOf(fhir: FhirClient, study: ImagingStudy, seriesEndpoint?: string): Promise<Endpoint> {
  const reference = seriesEndpoint ?? study.endpoint?.[0]?.reference;
  if (!reference) throw new ToolInputError(`ImagingStudy/${study.id} has no endpoint: its images cannot be retrieved`);
  if (reference.startsWith('#')) {
    const contained = study.contained?.find((r) => r.resourceType === 'Endpoint' && r.id === reference.slice(1));
    if (!contained) throw new ToolInputError(`ImagingStudy/${study.id} refers to a missing contained ${reference}`);
    return contained as Endpoint;
  }
  const match = /^(?:.*\/)?Endpoint\/([^/]+)$/.exec(reference);
  if (!match) throw new ToolInputError(`ImagingStudy/${study.id} has an unusable endpoint reference "${reference}"`);
  return read<Endpoint>(fhir, 'Endpoint', match[1]);
}

async function fromImagingStudy(fhir: FhirClient, m: RegExpExecArray, policy: RetrievalPolicy): Promise<Uint8Array> {
  const [, id, seriesUid, sopUid] = m;
  const study = await read<ImagingStudy>(fhir, 'ImagingStudy', id);
  const uid = studyUid(study);
  if (!uid) throw new ToolInputError(`ImagingStudy/${id} has no Study Instance UID (identifier urn:dicom:uid)`);
  const series = study.series?.find((s) => s.uid === seriesUid);
  if (study.series?.length && !series) throw new ToolInputError(`ImagingStudy/${id} has no series ${seriesUid}`);
  if (series?.instance?.length && !series.instance.some((i) => i.uid === sopUid)) {
    throw new ToolInputError(`series ${seriesUid} of ImagingStudy/${id} has no instance ${sopUid}`);
  }
  const endpoint = await endpointOf(fhir, study, series?.endpoint?.[0]?.reference);
  return retrieveInstance(fhir, endpoint, { study: uid, series: seriesUid, instance: sopUid }, policy);
}

/** The attachment most likely to be an image: DICOM or PNG by content type, else the first one. */
function pickAttachment(doc: DocumentReference): Attachment {
  const attachments = (doc.content ?? []).map((c) => c.attachment);
  const image = attachments.find((a) => /dicom|png/i.test(a.contentType ?? ''));
  const chosen = image ?? attachments[0];
  if (!chosen) throw new ToolInputError(`DocumentReference/${doc.id} has no attachment`);
  return chosen;
}

async function fromLocalFile(path: string): Promise<Uint8Array> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new ToolInputError(`cannot read the local file ${basename(path)}: it does not exist or is not readable`);
  }
  if (size > MAX_BYTES) throw new ToolInputError(`${basename(path)} is larger than ${MAX_BYTES / 1024 / 1024} MiB`);
  return new Uint8Array(await readFile(path));
}

/**
 * Reads the image bytes the argument names.
 * @param image - Path, URL, `ImagingStudy/<id>/series/<uid>/instances/<uid>`, `DocumentReference/<id>` or `Binary/<id>`.
 * @param fhir - The EHR's FHIR client; when present, local paths are refused (the request may come from record text).
 * @param policy - Extra allowed DICOMweb origins.
 * @returns The bytes; throws ToolInputError (or OperationOutcomeError from the FHIR layer) naming the problem.
 */
export async function readImageBytes(
  image: string,
  fhir?: FhirClient,
  policy: RetrievalPolicy = {}
): Promise<ImageBytes> {
  const instance = INSTANCE_REF.exec(image);
  const attachment = ATTACHMENT_REF.exec(image);
  const isUrl = /^https?:\/\//i.test(image);
  if (!instance && !attachment && !isUrl) {
    if (fhir) {
      throw new ToolInputError(
        'inside a workup the image must be an ImagingStudy instance, DocumentReference or Binary reference, or a URL on the FHIR server; local file paths are refused'
      );
    }
    return { bytes: await fromLocalFile(image), source: basename(image) };
  }
  if (!fhir) throw new ToolInputError(`"${image}" needs a FHIR server connection (run inside a workup or pass --fhir)`);
  if (instance) return { bytes: await fromImagingStudy(fhir, instance, policy), source: image };
  if (attachment?.[1] === 'DocumentReference') {
    const doc = await read<DocumentReference>(fhir, 'DocumentReference', attachment[2]);
    return { bytes: (await readAttachment(fhir, pickAttachment(doc), policy)).bytes, source: image };
  }
  // A Binary and a plain URL both go through readAttachment: origin check, token only to the FHIR server, size cap.
  const url = attachment ? `Binary/${attachment[2]}` : image;
  return { bytes: (await readAttachment(fhir, { url }, { maxBytes: MAX_BYTES, ...policy })).bytes, source: image };
}
