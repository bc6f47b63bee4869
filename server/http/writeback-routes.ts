// HTTP API of the write-back (mounted at /api/writeback): POST /plan turns a workup (+ synoptic forms) into the
// transaction Bundle to review, sign and commit, with a plain-language summary and the validation outcome. The plan
// is built in a worker thread (see plan/pool.ts) and only for a workup about the caller's own patient and EHR.
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ApiEnv, callerOf } from './auth/middleware';
import { PlanPool } from './plan/pool';

/**
 * Largest plan request. A real demo workup is 38–151 KB of JSON (the metastatic CRC one with measurements is the
 * largest) and approved synoptic forms add a few KB each: 1 MiB leaves a margin of 6×.
 */
export const MAX_PLAN_BYTES = 1024 * 1024;

export interface WritebackRoutesOptions {
  /** Where plans are built (default: a pool of its own). */
  pool?: PlanPool;
}

/**
 * The write-back routes. Expects the API guard to have set the caller.
 * @param options - The plan pool.
 * @returns A Hono app to mount at /api/writeback.
 */
export function writebackRoutes(options: WritebackRoutesOptions = {}): Hono<ApiEnv> {
  const pool = options.pool ?? new PlanPool();
  const app = new Hono<ApiEnv>();
  app.post('/plan', async (c) => {
    const caller = callerOf(c);
    const body = await c.req.text();
    const output = await pool.run({ body, caller: { fhirBase: caller.fhirBase, patientId: caller.patientId } });
    return c.body(output.body, output.status as ContentfulStatusCode, { 'content-type': 'application/json' });
  });
  return app;
}
