// The checks in front of every /api route, cheapest first: browser origin (403), JSON bodies (415), body size per
// endpoint (413), then who is calling (401/403, see auth/). Only GET /api/health and /api/config are public.

import { OperationOutcomeError } from '@medplum/core';
import type { Context, MiddlewareHandler } from 'hono';
import { badRequest } from '../agent/outcome';
import { bodyContext, type CallContext, headerContext, requireCaller } from './auth/middleware';
import type { TokenVerifier } from './auth/verifier';
import { jsonBodiesOnly, limitBodies, sameOriginOnly } from './guards';

export interface ApiGuardOptions {
  verifier: TokenVerifier;
  /** Browser origins that may call besides the request's own (the public URL, ONCOAGENT_APP_ORIGINS). */
  appOrigins?: readonly string[];
  /** Bytes allowed per path prefix, e.g. `{ '/api/synoptic': 1048576 }`. */
  bodyLimits: Record<string, number>;
  /** Bytes allowed elsewhere under /api. */
  fallbackBodyBytes: number;
}

/** Reachable without a token: liveness and the app's public configuration. */
export const PUBLIC_API_PATHS: readonly string[] = ['/api/health', '/api/config'];

const START_PATH = '/api/workups';

/**
 * The context of POST /api/workups: the body's `fhirBase` and `patientId`; headers, when sent too, must agree.
 * @param c - The Hono context.
 * @returns The context, or undefined when the body names none.
 */
export async function startContext(c: Context): Promise<CallContext | undefined> {
  const body = await bodyContext(c);
  const headers = headerContext(c);
  if (body && headers) {
    const trim = (s: string) => s.replace(/\/+$/, '');
    if (trim(body.fhirBase) !== trim(headers.fhirBase) || body.patientId !== headers.patientId) {
      throw new OperationOutcomeError(
        badRequest('The body and the X-FHIR-Base / X-Patient-Id headers name different contexts')
      );
    }
  }
  return body ?? headers;
}

/**
 * The middleware chain to install on `/api/*` before the routes.
 * @param options - Verifier, allowed browser origins and body limits.
 * @returns The middleware, in order.
 */
export function apiGuard(options: ApiGuardOptions): MiddlewareHandler[] {
  const fromHeaders = requireCaller(options.verifier, headerContext);
  const fromStartBody = requireCaller(options.verifier, startContext);
  const authenticate: MiddlewareHandler = async (c, next) => {
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && PUBLIC_API_PATHS.includes(c.req.path)) {
      await next();
      return undefined;
    }
    const isStart = c.req.method === 'POST' && c.req.path.replace(/\/$/, '') === START_PATH;
    return (isStart ? fromStartBody : fromHeaders)(c, next);
  };
  return [
    sameOriginOnly(options.appOrigins),
    jsonBodiesOnly(),
    limitBodies(options.bodyLimits, options.fallbackBodyBytes),
    authenticate,
  ];
}
