// The write-back plan over real HTTP while it is being built: a large (but allowed) plan request keeps its worker
// thread busy, and the server still answers /api/health at once; the plan then arrives complete.
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkupResult } from '../agent/workup-result';
import { OFFLINE_PATIENT, offlineWorkup } from '../writeback/testing/offline-workup';
import type { ApiEnv } from './auth';
import { PlanPool } from './plan/pool';
import { freePort, listen, type Running } from './serve';
import { MAX_PLAN_BYTES, writebackRoutes } from './writeback-routes';

// The worker flags each job it holds, then blocks its thread until the gate opens, as a long synchronous build would.
const gate = new Int32Array(new SharedArrayBuffer(8));
const pool = new PlanPool({
  entry: new URL('./plan/testing/gated-worker.mjs', import.meta.url),
  workerData: { gate: gate.buffer },
});
let running: Running;
let base: string;
let workup: WorkupResult;

beforeAll(async () => {
  workup = await offlineWorkup();
  const app = new Hono<ApiEnv>();
  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  app.use('/api/writeback/*', async (c, next) => {
    c.set('caller', { owner: 'o', fhirBase: workup.fhirBase, patientId: OFFLINE_PATIENT, token: 't' });
    await next();
  });
  app.route('/api/writeback', writebackRoutes({ pool }));
  const port = await freePort();
  running = await listen(app, port, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
  await running?.close();
  await pool.close();
});

it('answers /api/health while a large plan request is being built', async () => {
  // Padding the workup (extra fields are kept but not written) brings the request close to the limit.
  const body = JSON.stringify({ workup: { ...workup, notes: 'x'.repeat(MAX_PLAN_BYTES - 200_000) } });
  expect(body.length).toBeGreaterThan(MAX_PLAN_BYTES * 0.75);
  expect(body.length).toBeLessThan(MAX_PLAN_BYTES);
  let planDone = false;
  const plan = fetch(`${base}/api/writeback/plan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  }).then((res) => {
    planDone = true;
    return res;
  });
  // The worker holds the job now: the request was read and handed over.
  await (Atomics as unknown as { waitAsync: (a: Int32Array, i: number, v: number) => { value: unknown } }).waitAsync(
    gate,
    1,
    0
  ).value;
  for (let i = 0; i < 3; i++) {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  }
  expect(planDone).toBe(false);
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
  const res = await plan;
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ bundle: { resourceType: 'Bundle' }, summary: expect.any(Array) });
});
