// Fetches DICOM instances (WADO-RS from ImagingStudy.endpoint) and attachments, only from the FHIR server's own
// origin or a configured PACS, so record content can never make the server call arbitrary URLs.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { Attachment, Endpoint, ImagingStudy } from '@medplum/fhirtypes';
import { parseMultipartRelated } from '../../common/dicom/multipart';
import { cancelledError, type FhirClient, toOutcomeError } from './fhir-client';

export interface RetrievalPolicy {
  /** Extra origins allowed for DICOMweb (ONCOAGENT_PACS_ORIGINS), e.g. https://pacs.example.org */
  pacsOrigins?: readonly string[];
  maxBytes?: number;
}

const DEFAULT_MAX = 64 * 1024 * 1024;

/**
 * Resolves a URL against the FHIR base and refuses anything outside the allowed origins.
 * @param url - Absolute or base-relative URL from the record.
 * @param fhir - The FHIR client (its base defines the trusted origin).
 * @param policy - Extra allowed origins.
 * @returns The absolute URL and whether it is on the FHIR server's origin (only then is the token sent).
 */
export function checkUrl(
  url: string,
  fhir: FhirClient,
  policy: RetrievalPolicy = {}
): { url: URL; sameOrigin: boolean } {
  let resolved: URL;
  try {
    resolved = new URL(url, `${fhir.baseUrl}/`);
  } catch {
    throw new OperationOutcomeError(badRequest(`Not a URL: ${url}`));
  }
  const fhirOrigin = new URL(fhir.baseUrl).origin;
  const sameOrigin = resolved.origin === fhirOrigin;
  if (!sameOrigin && !(policy.pacsOrigins ?? []).includes(resolved.origin)) {
    throw new OperationOutcomeError(
      badRequest(`Refused to fetch ${resolved.origin}: only the FHIR server's origin or a configured PACS is allowed`)
    );
  }
  return { url: resolved, sameOrigin };
}

async function fetchBytes(
  fhir: FhirClient,
  url: string,
  accept: string,
  policy: RetrievalPolicy
): Promise<{ contentType: string; bytes: Uint8Array }> {
  const checked = checkUrl(url, fhir, policy);
  const headers: Record<string, string> = { Accept: accept };
  if (checked.sameOrigin && fhir.token) headers.Authorization = `Bearer ${fhir.token}`;
  let response: Response;
  try {
    // The client's signal (the workup or tool call it serves) stops the download as well as the timeout does.
    const timeout = AbortSignal.timeout(fhir.timeoutMs);
    const signal = fhir.signal ? AbortSignal.any([timeout, fhir.signal]) : timeout;
    response = await fetch(checked.url, { headers, signal, redirect: 'error' });
  } catch (err) {
    if (fhir.signal?.aborted) throw cancelledError(fhir.signal);
    throw toOutcomeError(err, checked.url.origin);
  }
  if (!response.ok && !checked.sameOrigin && (response.status === 401 || response.status === 403)) {
    // A PACS on another origin never gets the EHR's token: its refusal says nothing about the FHIR server's token.
    const text =
      `The image server at ${checked.url.origin} refused the request (status ${response.status}). OncoAgent sends ` +
      "the EHR's access token only to the FHIR server's own origin, so an image server listed in " +
      'ONCOAGENT_PACS_ORIGINS must accept OncoAgent without it; the FHIR server did not reject the token.';
    throw new OperationOutcomeError({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'security', details: { text } }],
    });
  }
  if (!response.ok) throw toOutcomeError({ response: { status: response.status } }, checked.url.origin);
  const bytes = await readCapped(response, policy.maxBytes ?? DEFAULT_MAX);
  if (!bytes) throw new OperationOutcomeError(badRequest(`${checked.url.pathname} is larger than allowed`));
  return { contentType: response.headers.get('content-type') ?? '', bytes };
}

/**
 * Reads a body, stopping once it passes `max` bytes. fetch inflates a gzip/br Content-Encoding transparently, so the
 * count is of the decoded bytes: a small compressed reply cannot expand without bound.
 */
async function readCapped(response: Response, max: number): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    parts.push(value);
  }
  // A plain Uint8Array (not a Buffer, whose slice() is a view): decoders copy pixel data out with slice().
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The Study Instance UID of an ImagingStudy (identifier `urn:dicom:uid`, value `urn:oid:…`). */
export function studyUid(study: ImagingStudy): string | undefined {
  const id = study.identifier?.find((i) => i.system === 'urn:dicom:uid')?.value;
  return id?.replace(/^urn:oid:/, '');
}

/**
 * Retrieves one instance by WADO-RS.
 * @param fhir - The FHIR client (token passed through to the same origin only).
 * @param endpoint - The study's DICOMweb Endpoint.
 * @param uids - Study, series and SOP instance UIDs.
 * @param policy - Allowed origins and size limit.
 * @returns The DICOM Part 10 bytes.
 */
export async function retrieveInstance(
  fhir: FhirClient,
  endpoint: Endpoint,
  uids: { study: string; series: string; instance: string },
  policy: RetrievalPolicy = {}
): Promise<Uint8Array> {
  const base = endpoint.address.replace(/\/$/, '');
  const url = `${base}/studies/${uids.study}/series/${uids.series}/instances/${uids.instance}`;
  const { contentType, bytes } = await fetchBytes(fhir, url, 'multipart/related; type="application/dicom"', policy);
  if (contentType.startsWith('application/dicom')) return bytes;
  const parts = parseMultipartRelated(bytes, contentType);
  const first = parts[0];
  if (!first) throw new OperationOutcomeError(badRequest('The DICOMweb response held no instance'));
  return first.body;
}

/**
 * Reads an Attachment's bytes: inline `data`, or its `url` (FHIR server origin or configured PACS only).
 * @param fhir - The FHIR client.
 * @param attachment - The attachment.
 * @param policy - Allowed origins and size limit.
 * @returns Content type and bytes.
 */
export async function readAttachment(
  fhir: FhirClient,
  attachment: Attachment,
  policy: RetrievalPolicy = {}
): Promise<{ contentType: string; bytes: Uint8Array }> {
  if (attachment.data !== undefined) {
    return {
      contentType: attachment.contentType ?? 'application/octet-stream',
      bytes: Buffer.from(attachment.data, 'base64'),
    };
  }
  if (!attachment.url) throw new OperationOutcomeError(badRequest('The attachment has neither data nor url'));
  const fetched = await fetchBytes(fhir, attachment.url, attachment.contentType ?? '*/*', policy);
  if (fetched.contentType.includes('fhir+json') || fetched.contentType.includes('application/json')) {
    const binary = JSON.parse(new TextDecoder().decode(fetched.bytes)) as {
      resourceType?: string;
      data?: string;
      contentType?: string;
    };
    if (binary.resourceType === 'Binary') {
      return {
        contentType: binary.contentType ?? 'application/octet-stream',
        bytes: Buffer.from(binary.data ?? '', 'base64'),
      };
    }
  }
  return fetched;
}
