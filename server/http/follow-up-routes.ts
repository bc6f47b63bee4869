// POST /api/workups/:id/follow-up: a follow-up question on a finished workup, run in the same registry under the same
// owner. Another owner's workup is unknown (404, as for reading it); one still running, failed or cancelled is a
// conflict (409); the caller's token must be in the workup's EHR and patient context. The follow-up's events and
// result are read like any workup's: /api/workups/:followUpId/events and /api/workups/:followUpId.
import type { Hono } from 'hono';
import { FollowUpRequest } from '../../common/contracts';
import type { WorkupDeps } from '../agent/deps';
import { runFollowUp } from '../agent/follow-up';
import { conflict, forbidden, notFound, tooManyRequests, unavailable } from '../agent/outcome';
import type { RunRegistry } from '../agent/run-registry';
import { createFhirClient } from '../fhir/fhir-client';
import { type ApiEnv, callerOf } from './auth/middleware';
import { parseBody } from './parse';
import { sendOutcome } from './problem';

export interface FollowUpRouteOptions {
  registry: RunRegistry;
  /** Workup dependencies, or a function reading them per request (its error becomes a 503). */
  deps: WorkupDeps | (() => WorkupDeps);
  /** Replaces runFollowUp (tests). */
  run?: typeof runFollowUp;
}

const REFUSED = {
  'owner-limit': 'Too many of your workups are running; wait for one to finish or cancel it, then ask again',
  busy: 'The server is running as many workups as it can; try again shortly',
};

/**
 * Adds the follow-up route to the workup routes.
 * @param app - The Hono app mounted at /api/workups.
 * @param options - The run store the workups live in and the dependencies.
 */
export function addFollowUpRoute(app: Hono<ApiEnv>, options: FollowUpRouteOptions): void {
  const { registry } = options;
  const run = options.run ?? runFollowUp;
  app.post('/:id/follow-up', async (c) => {
    const caller = callerOf(c);
    const parent = registry.get(c.req.param('id'), caller.owner);
    if (!parent) return sendOutcome(c, notFound('No such workup (it may have expired)'));
    const { question } = await parseBody(c, FollowUpRequest);
    if (parent.status === 'queued' || parent.status === 'running') {
      return sendOutcome(c, conflict('The workup has not finished yet; ask the follow-up once it is done'));
    }
    if (!parent.result) return sendOutcome(c, conflict('The workup ended without a result; run it again first'));
    const result = parent.result;
    if (caller.patientId !== result.patient.id || caller.fhirBase !== result.fhirBase) {
      return sendOutcome(c, forbidden("The follow-up must be asked in the context of the workup's patient"));
    }
    let deps: WorkupDeps;
    try {
      deps = typeof options.deps === 'function' ? options.deps() : options.deps;
    } catch (err) {
      return sendOutcome(c, unavailable(`The workup service is not configured: ${(err as Error).message}`));
    }
    const fhir = createFhirClient({ baseUrl: caller.fhirBase, token: caller.token });
    const started = registry.start(caller.owner, ({ id, signal, emit }) =>
      run({ ...deps, parent: result, fhir, question, id, signal, emit })
    );
    if (!started.started) {
      const retry = { 'Retry-After': String(started.retryAfterSeconds) };
      return sendOutcome(c, tooManyRequests(REFUSED[started.reason]), retry);
    }
    const { id } = started.entry;
    const location = c.req.path.replace(/\/[^/]+\/follow-up\/?$/, `/${id}`);
    return c.json({ id, parentId: result.id }, 202, { location });
  });
}
