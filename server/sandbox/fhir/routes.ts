// HTTP glue for the sandbox FHIR endpoint: bearer-token check, body parsing, FHIR JSON responses.
import { badRequest, getStatus, normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { Context } from 'hono';
import { JwtError, type TokenSigner } from '../auth/jwt';
import { resourceScopes } from '../auth/scopes';
import { type BulkExport, bulkRoute } from '../bulk';
import { type Access, OPEN_ACCESS } from './access';
import type { FhirResult, FhirService } from './fhir-service';
import type { HttpMethod } from './interaction';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

function outcome(code: 'login' | 'expired' | 'security', text: string): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, details: { text } }] };
}

/** A failed token check, carrying the 401 response body. */
export class UnauthorizedError extends Error {
  constructor(readonly outcome: OperationOutcome) {
    super(outcome.issue?.[0]?.details?.text);
  }
}

/**
 * Verifies the bearer token of a request to the FHIR base `fhirBase`.
 * @param c - The Hono context.
 * @param signer - The sandbox's token signer.
 * @param fhirBase - The audience the token must name.
 * @returns The caller's access; throws UnauthorizedError.
 */
export function verifyBearer(c: Context, signer: TokenSigner, fhirBase: string): Access {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1])
    throw new UnauthorizedError(outcome('login', 'An access token is required (Authorization: Bearer …)'));
  try {
    const claims = signer.verify(match[1]);
    if (claims.aud !== fhirBase)
      throw new UnauthorizedError(outcome('security', 'The access token was issued for another server'));
    const patient = typeof claims.patient === 'string' ? claims.patient : undefined;
    return { kind: 'token', scopes: resourceScopes(String(claims.scope ?? '')), patient };
  } catch (err) {
    if (err instanceof UnauthorizedError) throw err;
    const expired = err instanceof JwtError && err.reason === 'expired';
    throw new UnauthorizedError(outcome(expired ? 'expired' : 'security', (err as Error).message));
  }
}

/** Sends a 401 with the WWW-Authenticate challenge. */
export function unauthorized(c: Context, err: UnauthorizedError): Response {
  c.header('WWW-Authenticate', `Bearer realm="sandbox", error="invalid_token"`);
  return c.body(JSON.stringify(err.outcome), 401, { 'Content-Type': FHIR_JSON });
}

const malformed = (): OperationOutcomeError =>
  new OperationOutcomeError(badRequest('The request URL has a malformed percent-encoding'));

/** The path below the FHIR base with each segment percent-decoded; 400 for bad escapes or an encoded `/`. */
function decodedPath(raw: string): string {
  return raw
    .split('/')
    .map((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        throw malformed();
      }
      if (decoded.includes('/')) throw malformed();
      return decoded;
    })
    .join('/');
}

/** 400 for a query string with a bad escape (URLSearchParams would silently keep it as text). */
function checkQueryEncoding(search: string): void {
  for (const part of search.replace(/^\?/, '').split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw malformed();
    }
  }
}

async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text) return undefined;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new OperationOutcomeError(badRequest('The request body is not valid JSON'));
  }
}

/**
 * Handles one request under the FHIR base.
 * @param c - The Hono context.
 * @param deps - The service, signer, whether auth is off, and the base URL.
 * @returns The FHIR response.
 */
export async function fhirRoute(
  c: Context,
  deps: {
    service: FhirService;
    signer: TokenSigner;
    open: boolean;
    fhirBase: string;
    basePath: string;
    /** Answers the Bulk Data paths (`$export`, status, files) once the token is checked. */
    bulk?: BulkExport;
  }
): Promise<Response> {
  let access: Access = OPEN_ACCESS;
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodedPath(url.pathname.slice(deps.basePath.length).replace(/^\/+/, ''));
    checkQueryEncoding(url.search);
  } catch (err) {
    const oo = normalizeOperationOutcome(err);
    return new Response(JSON.stringify(oo), { status: getStatus(oo), headers: { 'Content-Type': FHIR_JSON } });
  }
  const isMetadata = c.req.method === 'GET' && path === 'metadata';
  if (!deps.open && !isMetadata) {
    try {
      access = verifyBearer(c, deps.signer, deps.fhirBase);
    } catch (err) {
      if (err instanceof UnauthorizedError) return unauthorized(c, err);
      throw err;
    }
  }
  const bulk = deps.bulk && bulkRoute(path);
  if (deps.bulk && bulk) return deps.bulk.handle(c, bulk, path, access);
  let result: FhirResult;
  try {
    const body = ['POST', 'PUT', 'PATCH'].includes(c.req.method) ? await readBody(c) : undefined;
    result = await deps.service.handle(
      {
        method: c.req.method as HttpMethod,
        path,
        params: url.searchParams,
        body,
        headers: { ifMatch: c.req.header('if-match'), ifNoneExist: c.req.header('if-none-exist') },
      },
      access,
      deps.fhirBase
    );
  } catch (err) {
    const oo = normalizeOperationOutcome(err);
    result = { status: getStatus(oo), body: oo };
  }
  const headers: Record<string, string> = { 'Content-Type': FHIR_JSON, ...result.headers };
  if (headers.Location && !headers.Location.startsWith('http'))
    headers.Location = `${deps.fhirBase}/${headers.Location}`;
  return new Response(result.body ? JSON.stringify(result.body) : null, { status: result.status, headers });
}
