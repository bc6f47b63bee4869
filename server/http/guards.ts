// Cheap refusals every API request passes before any work: a browser page of another origin (403), a body that is not
// JSON (415), a body over the endpoint's limit (413, decided from Content-Length before reading when it is sent).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { forbidden, payloadTooLarge, unsupportedMediaType } from '../agent/outcome';
import { sendOutcome } from './problem';

/**
 * Refuses browser requests from other origins. Browsers send `Origin` on every cross-origin request and on POST and
 * DELETE; requests without it (curl, same-origin GETs) pass. The API sends no CORS headers, so foreign pages cannot
 * read answers either.
 * @param extraOrigins - Origins besides the request's own that may call (the public URL behind a proxy, ONCOAGENT_APP_ORIGINS).
 * @returns The middleware.
 */
export function sameOriginOnly(extraOrigins: readonly string[] = []): MiddlewareHandler {
  const allowed = new Set(extraOrigins.map((o) => new URL(o).origin));
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(c.req.url).origin && !allowed.has(origin)) {
      return sendOutcome(c, forbidden('Calls from another web origin are not allowed'));
    }
    await next();
    return undefined;
  };
}

const JSON_TYPES = new Set(['application/json', 'application/fhir+json']);

/**
 * Refuses request bodies that are not JSON on POST, PUT and PATCH (a page elsewhere cannot send JSON cross-origin
 * without a CORS preflight, which this API never grants).
 * @returns The middleware.
 */
export function jsonBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (['POST', 'PUT', 'PATCH'].includes(c.req.method)) {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!JSON_TYPES.has(type)) {
        return sendOutcome(c, unsupportedMediaType('The request body must be JSON (Content-Type: application/json)'));
      }
    }
    await next();
    return undefined;
  };
}

const size = (bytes: number) => (bytes >= 2 ** 20 ? `${bytes / 2 ** 20} MiB` : `${bytes / 1024} KiB`);

/**
 * Limits request bodies per path prefix (the longest matching prefix wins).
 * @param limits - Bytes allowed by path prefix, e.g. `{ '/api/workups': 65536 }`.
 * @param fallback - Bytes allowed elsewhere.
 * @returns The middleware: 413 with an OperationOutcome beyond the limit.
 */
export function limitBodies(limits: Record<string, number>, fallback: number): MiddlewareHandler {
  const table = Object.entries({ '': fallback, ...limits })
    .sort(([a], [b]) => b.length - a.length)
    .map(([prefix, maxSize]) => ({
      prefix,
      check: bodyLimit({
        maxSize,
        // The unread rest of the body is not waited for: the connection closes after the answer.
        onError: (c) =>
          sendOutcome(c, payloadTooLarge(`The request body is larger than ${size(maxSize)}, this endpoint's limit`), {
            Connection: 'close',
          }),
      }),
    }));
  return (c, next) => {
    const path = c.req.path;
    const { check } = table.find((t) => path === t.prefix || path.startsWith(`${t.prefix}/`) || t.prefix === '')!;
    return check(c, next);
  };
}
