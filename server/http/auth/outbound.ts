// The token check's only way out to an EHR: GET JSON from an allowed origin with a timeout, a size cap and no
// redirects; every way it can fail that a caller could use to probe the network becomes the same refusal.
import type { FhirOrigins } from './origins';
import { unusableFhirServer } from './origins';

export interface OutboundOptions {
  origins: FhirOrigins;
  /** Limit for the whole call, headers and body (default 10 s). */
  timeoutMs?: number;
  /** Largest body read (default 2 MiB). */
  maxBytes?: number;
  /** Replaces the global fetch (tests). */
  fetch?: typeof fetch;
}

/** A reply the caller interprets: its status and parsed JSON (undefined when the body was not JSON). */
export interface JsonReply {
  status: number;
  json: unknown;
}

async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  if (!response.body) return '';
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GETs a JSON document from an allowed origin.
 * @param url - The absolute URL.
 * @param headers - Request headers (e.g. the caller's Authorization, which is never logged).
 * @param options - Allowed origins, timeout, size cap.
 * @returns Status and JSON; throws the one "unusable FHIR server" OperationOutcomeError when the origin is not
 * allowed, the connection fails, the time runs out, the server redirects, or the body is too large.
 */
export async function getJson(
  url: string,
  headers: Record<string, string>,
  options: OutboundOptions
): Promise<JsonReply> {
  if (!options.origins.allows(url)) throw unusableFhirServer();
  const doFetch = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let text: string | undefined;
  let status: number;
  try {
    // redirect 'error': a 3xx never leads this server to another origin (or anywhere else).
    const response = await doFetch(url, { headers, redirect: 'error', signal });
    status = response.status;
    text = await readCapped(response, options.maxBytes ?? 2 * 1024 * 1024);
  } catch {
    throw unusableFhirServer();
  }
  if (text === undefined) throw unusableFhirServer();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status, json };
}
