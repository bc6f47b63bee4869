// Retrieves one DICOM instance over WADO-RS and turns it into thumbnail pixels for a canvas.
import { type DicomSlice, decodeSlice, windowToRgba } from '../../common/dicom/decode';
import { parseMultipartRelated } from '../../common/dicom/multipart';

/** Longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 160;

/** Thumbnail pixels plus the slice they came from. */
export interface Thumbnail {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  slice: DicomSlice;
}

/**
 * Takes the DICOM bytes out of a WADO-RS answer: the first application/dicom part of a multipart/related body,
 * or the body itself when the server answered with bare application/dicom.
 * @param body - The response body.
 * @param contentType - The response's Content-Type.
 * @returns The DICOM file bytes; throws when the answer holds none.
 */
export function dicomBytes(body: Uint8Array, contentType: string): Uint8Array {
  const type = contentType.toLowerCase();
  if (type.startsWith('application/dicom')) {
    return body;
  }
  if (!type.startsWith('multipart/related')) {
    throw new Error(`The image server answered with ${contentType || 'no content type'}, not DICOM`);
  }
  const parts = parseMultipartRelated(body, contentType);
  const part = parts.find((p) => p.contentType.toLowerCase().startsWith('application/dicom'));
  if (!part) {
    throw new Error('The image server answer holds no application/dicom part');
  }
  return part.body;
}

/**
 * Fetches and decodes one instance, then windows it to a thumbnail.
 * @param url - The WADO-RS instance URL.
 * @param authorization - The Authorization header for the FHIR server's origin, or null.
 * @param signal - Aborts the fetch (e.g. when the view unmounts).
 * @returns The thumbnail; rejects with an Error whose message can be shown as is.
 */
export async function fetchThumbnail(
  url: string,
  authorization: string | null,
  signal?: AbortSignal
): Promise<Thumbnail> {
  const headers: Record<string, string> = { accept: 'multipart/related; type="application/dicom"' };
  if (authorization) {
    headers.authorization = authorization;
  }
  let response: Response;
  try {
    response = await fetch(url, { headers, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') {
      throw error;
    }
    throw new Error(`Cannot reach the image server at ${new URL(url).origin}`);
  }
  if (!response.ok) {
    const hint = response.status === 401 || response.status === 403 ? ' (access refused)' : '';
    throw new Error(`The image server answered ${response.status} ${response.statusText}${hint}`.trim());
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const slice = decodeSlice(dicomBytes(body, response.headers.get('content-type') ?? ''));
  const { width, height, rgba } = windowToRgba(slice, undefined, undefined, THUMBNAIL_SIZE);
  return { width, height, rgba, slice };
}
