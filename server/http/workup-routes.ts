// The workup API, mounted at /api/workups: start a workup for the caller's patient with the caller's SMART token
// (passed through to the FHIR server, never logged), follow it as Server-Sent Events, read the result, cancel it.
// Every route runs behind the API guard (who is calling, which EHR and patient); a workup is its owner's alone:
// anyone else gets 404, as for a workup that does not exist.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { WorkupDeps } from '../agent/deps';
import { conflict, notFound, serverError, tooManyRequests, unavailable } from '../agent/outcome';
import { type RunEntry, RunRegistry, type RunRegistryOptions } from '../agent/run-registry';
import { runWorkup } from '../agent/run-workup';
import { createFhirClient } from '../fhir/fhir-client';
import { type ApiEnv, callerOf } from './auth/middleware';
import { addFollowUpRoute } from './follow-up-routes';
import { parseBody } from './parse';
import { sendOutcome } from './problem';

/** Largest start request: a FHIR base, a patient id and a question of at most 4,000 characters fit many times over. */
export const MAX_START_BYTES = 64 * 1024;

export interface WorkupRoutesOptions {
  /** Workup dependencies, or a function reading them per request (its error becomes a 503). */
  deps: WorkupDeps | (() => WorkupDeps);
  /** The run store and its limits (per owner, at once, queue, time limit). */
  registry?: RunRegistry | RunRegistryOptions;
  /** Replaces runWorkup (tests). */
  run?: typeof runWorkup;
}

const StartBody = z.object({
  fhirBase: z.url({ protocol: /^https?$/ }).max(2048),
  patientId: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'a FHIR id: letters, digits, "-" and ".", at most 64'),
  question: z.string().max(4000).optional(),
});

const NOT_FOUND = notFound('No such workup (it may have expired)');
const active = (entry: RunEntry) => entry.status === 'queued' || entry.status === 'running';

const REFUSED = {
  'owner-limit':
    'Too many of your workups for this patient are running; wait for one to finish or cancel it, then try again',
  busy: 'The server is running as many workups as it can; try again shortly',
};

/**
 * Builds the routes.
 * @param options - Dependencies and the run store's limits.
 * @returns A Hono app to mount at /api/workups.
 */
export function workupRoutes(options: WorkupRoutesOptions): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const registry = options.registry instanceof RunRegistry ? options.registry : new RunRegistry(options.registry);
  const run = options.run ?? runWorkup;

  app.post('/', async (c) => {
    const caller = callerOf(c);
    const { question } = await parseBody(c, StartBody);
    let deps: WorkupDeps;
    try {
      deps = typeof options.deps === 'function' ? options.deps() : options.deps;
    } catch (err) {
      return sendOutcome(c, unavailable(`The workup service is not configured: ${(err as Error).message}`));
    }
    const fhir = createFhirClient({ baseUrl: caller.fhirBase, token: caller.token });
    const patientId = caller.patientId;
    const started = registry.start(caller.owner, ({ id, signal, emit }) =>
      run({ ...deps, fhir, patientId, question, id, signal, emit })
    );
    if (!started.started) {
      const retry = { 'Retry-After': String(started.retryAfterSeconds) };
      return sendOutcome(c, tooManyRequests(REFUSED[started.reason]), retry);
    }
    const { id } = started.entry;
    return c.json({ id }, 202, { location: `${c.req.path.replace(/\/$/, '')}/${id}` });
  });

  addFollowUpRoute(app, { registry, deps: options.deps });

  app.get('/:id/events', (c) => {
    const entry = registry.get(c.req.param('id'), callerOf(c).owner);
    if (!entry) return sendOutcome(c, NOT_FOUND);
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
          if (closed || !active(entry)) return;
          await new Promise<void>((resolve) => {
            wake = resolve;
            if (sent < entry.events.length || !active(entry)) resolve();
          });
        }
      } finally {
        unsubscribe();
      }
    });
  });

  app.get('/:id', (c) => {
    const entry = registry.get(c.req.param('id'), callerOf(c).owner);
    if (!entry) return sendOutcome(c, NOT_FOUND);
    if (active(entry)) return c.json({ id: entry.id, status: entry.status }, 202);
    if (entry.result) return c.json(entry.result, 200);
    return sendOutcome(c, entry.outcome ?? serverError('The workup failed'));
  });

  app.delete('/:id', (c) => {
    const outcome = registry.cancel(c.req.param('id'), callerOf(c).owner);
    if (outcome === 'unknown') return sendOutcome(c, NOT_FOUND);
    if (outcome === 'finished') return sendOutcome(c, conflict('The workup has already ended'));
    return c.json({ id: c.req.param('id'), status: 'cancelling' }, 202);
  });

  return app;
}
