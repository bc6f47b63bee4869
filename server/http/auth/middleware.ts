// Puts the verified caller on every API request: the SMART access token from `Authorization: Bearer`, and which EHR
// and patient the call is about, from `X-FHIR-Base` / `X-Patient-Id` (or, to start a workup, from its JSON body).

import { OperationOutcomeError } from '@medplum/core';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { badRequest } from '../../agent/outcome';
import { unauthorized } from '../problem';
import type { Caller, TokenVerifier } from './verifier';

/** Hono variables of an authenticated API request. */
export type ApiEnv = { Variables: { caller?: Caller } };

/** The EHR and patient a call is about. */
export interface CallContext {
  fhirBase: string;
  patientId: string;
}

export const FHIR_BASE_HEADER = 'x-fhir-base';
export const PATIENT_HEADER = 'x-patient-id';

const CallContextSchema = z.object({
  fhirBase: z.url({ protocol: /^https?$/ }).max(2048),
  patientId: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'a FHIR id: letters, digits, "-" and ".", at most 64'),
});

const NO_TOKEN =
  'This API needs the SMART access token the app received at launch (Authorization: Bearer <token>). Relaunch ' +
  'OncoAgent from the EHR.';

/** Reads the call context from the `X-FHIR-Base` and `X-Patient-Id` headers. */
export function headerContext(c: Context): CallContext | undefined {
  const fhirBase = c.req.header(FHIR_BASE_HEADER);
  const patientId = c.req.header(PATIENT_HEADER);
  return fhirBase === undefined && patientId === undefined
    ? undefined
    : { fhirBase: fhirBase ?? '', patientId: patientId ?? '' };
}

/**
 * Reads the call context from the JSON body's `fhirBase` and `patientId` (POST /api/workups).
 * @param c - The Hono context (the parsed body stays cached for the route).
 * @returns The context; throws a 400 OperationOutcomeError when the body is not JSON.
 */
export async function bodyContext(c: Context): Promise<CallContext | undefined> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new OperationOutcomeError(badRequest('The body must be JSON: { fhirBase, patientId, question? }'));
  }
  const { fhirBase, patientId } = (body ?? {}) as Record<string, unknown>;
  if (typeof fhirBase !== 'string' && typeof patientId !== 'string') return undefined;
  return { fhirBase: String(fhirBase ?? ''), patientId: String(patientId ?? '') };
}

/** Where a request says which EHR and patient it is about. */
export type ContextOf = (c: Context) => CallContext | undefined | Promise<CallContext | undefined>;

/**
 * The bearer token of a request.
 * @param c - The Hono context.
 * @returns The token; throws a 401 HttpProblem when there is none or the header is malformed.
 */
export function bearerToken(c: Context): string {
  const header = c.req.header('authorization');
  if (!header) throw unauthorized(NO_TOKEN);
  const token = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim())?.[1];
  if (!token || token.length > 16_384) {
    throw unauthorized('Authorization must be "Bearer <SMART access token>"', 'invalid_request');
  }
  return token;
}

/**
 * Establishes the caller of one request: the token first (no token, no further work), then the context, then the EHR.
 * @param c - The Hono context.
 * @param verifier - Checks the token against its EHR.
 * @param contextOf - Reads the EHR and patient the call is about.
 * @returns The caller; throws an OperationOutcomeError (401 no or refused token, 400 no or bad context, 403 no access).
 */
export async function authenticate(c: Context, verifier: TokenVerifier, contextOf: ContextOf): Promise<Caller> {
  const token = bearerToken(c);
  const context = await contextOf(c);
  if (!context) {
    throw new OperationOutcomeError(
      badRequest(`Say which EHR and patient this call is about: headers ${FHIR_BASE_HEADER} and ${PATIENT_HEADER}`)
    );
  }
  const parsed = CallContextSchema.safeParse(context);
  if (!parsed.success) {
    const text = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new OperationOutcomeError(badRequest(text));
  }
  return verifier.verify(token, parsed.data.fhirBase, parsed.data.patientId);
}

/**
 * Middleware: every request passing it has a verified caller (`c.get('caller')`).
 * @param verifier - Checks tokens.
 * @param contextOf - Where the EHR and patient come from (default: the headers).
 * @returns The middleware; refusals are thrown as OperationOutcomeErrors for the app's one error handler.
 */
export function requireCaller(
  verifier: TokenVerifier,
  contextOf: ContextOf = headerContext
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('caller', await authenticate(c, verifier, contextOf));
    await next();
    return undefined;
  };
}

/**
 * The caller a guarded route was given; a route reached without the guard refuses (fails closed).
 * @param c - The Hono context.
 * @returns The caller; throws a 401 HttpProblem when there is none.
 */
export function callerOf(c: Context<ApiEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw unauthorized(NO_TOKEN);
  return caller;
}
