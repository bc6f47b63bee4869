// Works out which DICOM instance to show for an ImagingStudy and where to fetch it (WADO-RS), or why not.
import type { Endpoint, ImagingStudy, Reference, Resource } from '@medplum/fhirtypes';

/** The instance to retrieve, with the URL and whether the user's token may be sent there. */
export interface WadoTarget {
  ok: true;
  url: string;
  /** True only on the FHIR server's own origin: a PACS elsewhere never receives the EHR's token. */
  sendToken: boolean;
  studyUid: string;
  seriesUid: string;
  sopUid: string;
}

/** Why no thumbnail is fetched for a study. */
export interface WadoSkip {
  ok: false;
  reason: string;
}

/**
 * The study's DICOM Study Instance UID, from the identifier with system `urn:dicom:uid` (value `urn:oid:<uid>`).
 * @param study - The ImagingStudy.
 * @returns The UID, or undefined.
 */
export function studyInstanceUid(study: ImagingStudy): string | undefined {
  const value = study.identifier?.find((id) => id.system === 'urn:dicom:uid')?.value;
  return value?.replace(/^urn:oid:/, '');
}

function resolveEndpoint(ref: Reference, study: ImagingStudy, included: Resource[]): Endpoint | undefined {
  const target = ref.reference ?? '';
  if (target.startsWith('#')) {
    const contained = study.contained?.find((r) => r.id === target.slice(1));
    return contained?.resourceType === 'Endpoint' ? contained : undefined;
  }
  const id = /(?:^|\/)Endpoint\/([^/]+)(?:\/_history\/[^/]+)?$/.exec(target)?.[1];
  return included.find((r): r is Endpoint => r.resourceType === 'Endpoint' && r.id === id);
}

/**
 * Finds the DICOMweb (WADO-RS) Endpoint of a study: the first series' own endpoint first, then the study's.
 * @param study - The ImagingStudy.
 * @param included - Resources included with the record (Endpoints).
 * @returns The Endpoint, or undefined.
 */
export function wadoEndpoint(study: ImagingStudy, included: Resource[]): Endpoint | undefined {
  const refs = [...(study.series?.[0]?.endpoint ?? []), ...(study.endpoint ?? [])];
  return refs
    .map((ref) => resolveEndpoint(ref, study, included))
    .find((e) => e?.connectionType?.code === 'dicom-wado-rs' && e.status !== 'off' && !!e.address);
}

/**
 * Chooses the middle instance (by instance number) of the study's first series and builds its WADO-RS URL.
 * Endpoints on the FHIR server's origin get the user's token; one on another origin is used only when the server
 * lists it (ONCOAGENT_PACS_ORIGINS), and without the token.
 * @param study - The ImagingStudy.
 * @param included - Resources included with the record (Endpoints).
 * @param fhirBase - The FHIR base URL.
 * @param pacsOrigins - Other origins images may be fetched from.
 * @returns The target, or the reason none is fetched.
 */
export function wadoTarget(
  study: ImagingStudy,
  included: Resource[],
  fhirBase: string,
  pacsOrigins: readonly string[] = []
): WadoTarget | WadoSkip {
  const studyUid = studyInstanceUid(study);
  if (!studyUid) {
    return { ok: false, reason: 'The study has no DICOM Study Instance UID (identifier urn:dicom:uid).' };
  }
  const series = study.series?.[0];
  const instances = [...(series?.instance ?? [])].sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
  const instance = instances[Math.floor(instances.length / 2)];
  if (!series || !instance) {
    return { ok: false, reason: 'The study lists no series instance to show.' };
  }
  const endpoint = wadoEndpoint(study, included);
  if (!endpoint) {
    return { ok: false, reason: 'The study has no DICOMweb (WADO-RS) endpoint.' };
  }
  let address: URL;
  try {
    address = new URL(endpoint.address);
  } catch {
    return { ok: false, reason: `The imaging endpoint address "${endpoint.address}" is not an absolute URL.` };
  }
  const sendToken = address.origin === new URL(fhirBase).origin;
  if (!sendToken && !pacsOrigins.includes(address.origin)) {
    return {
      ok: false,
      reason: `Images on another server are not fetched (${address.origin}): it is not listed in ONCOAGENT_PACS_ORIGINS.`,
    };
  }
  const base = endpoint.address.replace(/\/+$/, '');
  const path = [studyUid, series.uid, instance.uid].map(encodeURIComponent);
  const url = `${base}/studies/${path[0]}/series/${path[1]}/instances/${path[2]}`;
  return { ok: true, url, sendToken, studyUid, seriesUid: series.uid, sopUid: instance.uid };
}
