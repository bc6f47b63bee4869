// The workup API, mounted at /api/workups: start a workup with the user's SMART token (passed through to the FHIR
// server, never logged), follow it as Server-Sent Events, read the result, cancel it. fhirBase origins are checked
// (SSRF guard): ONCOAGENT_FHIR_ORIGINS, the server's own configured origins and loopback only.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { type Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { WorkupDeps } from '../agent/deps';
import { outcomeStatus } from '../agent/outcome';
import { RunRegistry, type RunRegistryOptions } from '../agent/run-registry';
import { runWorkup } from '../agent/run-workup';
import { createFhirClient } from '../fhir/fhir-client';

export interface WorkupRoutesOptions {
  /** Workup dependencies, or a function reading them per request (its error becomes a 503). */
  deps: WorkupDeps | (() => WorkupDeps);
  /** Origins of FHIR servers workups may read (default: ONCOAGENT_FHIR_ORIGINS, comma-separated). */
  allowedOrigins?: string[];
  /** The server's own public origins (e.g. the sandbox's publicUrl); loopback origins are always allowed. */
  selfOrigins?: string[];
  registry?: RunRegistry | RunRegistryOptions;
  /** Replaces runWorkup (tests). */
  run?: typeof runWorkup;
}

const StartBody = z.object({
  fhirBase: z.url({ protocol: /^https?$/ }).max(2048),
  patientId: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'a FHIR id: letters, digits, "-" and ".", at most 64'),
  question: z.string().max(4000).optional(),
});

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

const fail = (c: Context, o: OperationOutcome, status = outcomeStatus(o)) =>
  c.json(o, status as 400, { 'content-type': 'application/fhir+json' });
const problem = (code: string, text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: code as 'invalid', details: { text } }],
});

/** Origins from ONCOAGENT_FHIR_ORIGINS. */
export function originsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ONCOAGENT_FHIR_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/**
 * Whether a FHIR base may be read.
 * @param fhirBase - The requested base URL.
 * @param allowed - Allowed origins (configured plus the server's own).
 * @returns True for an allowed or loopback origin.
 */
export function fhirBaseAllowed(fhirBase: string, allowed: readonly string[]): boolean {
  const url = new URL(fhirBase);
  if (url.username || url.password) return false;
  return allowed.includes(url.origin) || LOOPBACK.test(url.hostname);
}

/**
 * Builds the routes.
 * @param options - Dependencies, origin policy, store limits.
 * @returns A Hono app to mount at /api/workups.
 */
export function workupRoutes(options: WorkupRoutesOptions): Hono {
  const app = new Hono();
  const registry = options.registry instanceof RunRegistry ? options.registry : new RunRegistry(options.registry);
  const allowed = [...(options.allowedOrigins ?? originsFromEnv()), ...(options.selfOrigins ?? [])].map(
    (o) => new URL(o).origin
  );
  const run = options.run ?? runWorkup;

  app.post('/', async (c) => {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return fail(c, badRequest('The body must be JSON: { fhirBase, patientId, question? }'));
    }
    const parsed = StartBody.safeParse(json);
    if (!parsed.success) {
      const text = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
      return fail(c, badRequest(text));
    }
    const { fhirBase, patientId, question } = parsed.data;
    if (!fhirBaseAllowed(fhirBase, allowed)) {
      return fail(
        c,
        badRequest(`FHIR server ${new URL(fhirBase).origin} is not allowed; add it to ONCOAGENT_FHIR_ORIGINS`)
      );
    }
    const auth = c.req.header('authorization');
    const token = auth ? /^Bearer\s+(\S+)$/i.exec(auth)?.[1] : undefined;
    if (auth && !token) return fail(c, badRequest('Authorization must be "Bearer <access token>"'));
    let deps: WorkupDeps;
    try {
      deps = typeof options.deps === 'function' ? options.deps() : options.deps;
    } catch (err) {
      return fail(c, problem('transient', `The workup service is not configured: ${(err as Error).message}`), 503);
    }
    const fhir = createFhirClient({ baseUrl: fhirBase, token });
    const entry = registry.start(({ id, signal, emit }) =>
      run({ ...deps, fhir, patientId, question, id, signal, emit })
    );
    if (!entry) return fail(c, problem('throttled', 'Too many workups are running; try again shortly'), 503);
    return c.json({ id: entry.id }, 202, { location: `${c.req.path.replace(/\/$/, '')}/${entry.id}` });
  });

  app.get('/:id/events', (c) => {
    const entry = registry.get(c.req.param('id'));
    if (!entry) return fail(c, problem('not-found', 'No such workup (it may have expired)'));
    return streamSSE(c, async (stream) => {
      let wake: () => void = () => {};
      let closed = false;
      const unsubscribe = registry.subscribe(entry.id, () => wake());
      stream.onAbort(() => {
        closed = true;
        wake();
      });
      try {
        let sent = 0;
        for (;;) {
          while (sent < entry.events.length && !closed) {
            const event = entry.events[sent]!;
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event), id: String(sent) });
            sent++;
            if (event.type === 'done' || event.type === 'error') return;
          }
          if (closed || entry.status !== 'running') return;
          await new Promise<void>((resolve) => {
            wake = resolve;
            if (sent < entry.events.length || entry.status !== 'running') resolve();
          });
        }
      } finally {
        unsubscribe();
      }
    });
  });

  app.get('/:id', (c) => {
    const entry = registry.get(c.req.param('id'));
    if (!entry) return fail(c, problem('not-found', 'No such workup (it may have expired)'));
    if (entry.status === 'running') return c.json({ id: entry.id, status: 'running' }, 202);
    if (entry.result) return c.json(entry.result, 200);
    return fail(c, entry.outcome ?? problem('exception', 'The workup failed'));
  });

  app.delete('/:id', (c) => {
    const outcome = registry.cancel(c.req.param('id'));
    if (outcome === 'unknown') return fail(c, problem('not-found', 'No such workup (it may have expired)'));
    if (outcome === 'finished') return fail(c, problem('conflict', 'The workup has already ended'), 409);
    return c.json({ id: c.req.param('id'), status: 'cancelling' }, 202);
  });

  app.onError((err, c) =>
    err instanceof OperationOutcomeError
      ? fail(c, err.outcome)
      : fail(c, problem('exception', 'The workup service failed unexpectedly'), 500)
  );
  return app;
}
