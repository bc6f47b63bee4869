// Where the viewer's slices come from: every instance of the study's series in instance-number order, each fetched
// once over WADO-RS and decoded to rescaled values (16-bit, so window/level needs no second fetch). The user's token
// goes only to the FHIR server's origin; a PACS on another origin is used only when the server lists it
// (ONCOAGENT_PACS_ORIGINS, served in /api/config) and never receives the token.
import type { ImagingStudy, Resource } from '@medplum/fhirtypes';
import { type DicomSlice, decodeSlice } from '../../../common/dicom/decode';
import { dicomBytes, studyInstanceUid, wadoEndpoint } from '../../imaging';

/** One slice of the study: where to fetch it and its place in the series. */
export interface SliceRef {
  seriesUid: string;
  instanceUid: string;
  /** DICOM instance number, when the study lists it. */
  number?: number;
  url: string;
}

/** The study's slices and whether the token may go with them, or why none can be shown. */
export type StudySlices =
  | { ok: true; slices: SliceRef[]; sendToken: boolean; seriesDescription?: string }
  | { ok: false; reason: string };

/**
 * Lists the slices of a study's series (the one given, else the first with instances).
 * @param study - The ImagingStudy.
 * @param included - Resources included with the record (the Endpoints).
 * @param fhirBase - The FHIR base (its origin receives the token).
 * @param pacsOrigins - Other origins images may come from (without the token).
 * @param seriesUid - The series to show.
 * @returns The slices, or the reason none are shown.
 */
export function studySlices(
  study: ImagingStudy,
  included: Resource[],
  fhirBase: string,
  pacsOrigins: readonly string[],
  seriesUid?: string
): StudySlices {
  const uid = studyInstanceUid(study);
  if (!uid) return { ok: false, reason: 'The study has no DICOM Study Instance UID.' };
  const series =
    study.series?.find((s) => s.uid === seriesUid) ?? study.series?.find((s) => (s.instance?.length ?? 0) > 0);
  if (!series?.instance?.length) return { ok: false, reason: 'The study lists no images.' };
  const endpoint = wadoEndpoint(study, included);
  if (!endpoint) return { ok: false, reason: 'The study has no DICOMweb (WADO-RS) endpoint.' };
  let origin: string;
  try {
    origin = new URL(endpoint.address).origin;
  } catch {
    return { ok: false, reason: 'The imaging endpoint address is not an absolute URL.' };
  }
  const sendToken = origin === new URL(fhirBase).origin;
  if (!sendToken && !pacsOrigins.includes(origin)) {
    return {
      ok: false,
      reason: `Images on ${origin} are not fetched: that image server is not listed in ONCOAGENT_PACS_ORIGINS.`,
    };
  }
  const base = endpoint.address.replace(/\/+$/, '');
  const path = (s: string) => encodeURIComponent(s);
  const slices = [...series.instance]
    .sort((a, b) => (a.number ?? 0) - (b.number ?? 0))
    .map((i) => ({
      seriesUid: series.uid,
      instanceUid: i.uid,
      number: i.number,
      url: `${base}/studies/${path(uid)}/series/${path(series.uid)}/instances/${path(i.uid)}`,
    }));
  return { ok: true, slices, sendToken, seriesDescription: series.description };
}

/**
 * Fetches and decodes one slice.
 * @param slice - Where it is.
 * @param authorization - The Authorization header, sent only when given (same origin as the FHIR server).
 * @param signal - Aborts the fetch.
 * @returns The decoded slice; rejects with an Error whose message can be shown.
 */
export async function fetchSlice(
  slice: SliceRef,
  authorization: string | null,
  signal?: AbortSignal
): Promise<DicomSlice> {
  const headers: Record<string, string> = { accept: 'multipart/related; type="application/dicom"' };
  if (authorization) headers.authorization = authorization;
  let response: Response;
  try {
    response = await fetch(slice.url, { headers, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error(
      `Cannot reach the image server at ${new URL(slice.url).origin} (if the browser blocked it, add that origin to ONCOAGENT_CSP_CONNECT)`
    );
  }
  if (!response.ok) {
    const hint = response.status === 401 || response.status === 403 ? ': the image server refused access' : '';
    throw new Error(`The image server answered ${response.status}${hint}`);
  }
  const body = new Uint8Array(await response.arrayBuffer());
  return decodeSlice(dicomBytes(body, response.headers.get('content-type') ?? ''));
}
