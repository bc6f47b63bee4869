// One workup through the real HTTP API as the app runs it: start (following 429 Retry-After), follow the event
// stream to its end, read the result; every step timed and every non-2xx recorded for the load benchmark.

/** What one caller's workup went through. */
export interface LoadRun {
  /** Start accepted (202) and a result read (200). */
  ok: boolean;
  /** The run ended in a failure outcome (HTTP status of GET /api/workups/:id), or the start was never accepted. */
  failedStatus?: number;
  /** 429 answers to the start, each followed by waiting its Retry-After. */
  throttled: number;
  /** Non-2xx answers other than 429, as "METHOD path-kind status". */
  errors: string[];
  /** Start request (first try) to result read, ms. */
  totalMs: number;
  /** Time spent waiting on Retry-After, ms. */
  waitedMs: number;
  /** Tool calls of the result that timed out. */
  toolTimeouts: number;
  /** 202 ("still running") answers to the result read after the event stream had ended. */
  notReady: number;
}

export interface LoadCaller {
  /** The API's origin, e.g. http://127.0.0.1:8080. */
  url: string;
  fhirBase: string;
  patientId: string;
  /** The caller's SMART access token. */
  token: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Runs one workup for a caller.
 * @param caller - Origin, FHIR base, patient and token.
 * @param deadline - performance.now() after which a throttled start is given up (the run counts as failed).
 * @returns What happened.
 */
export async function loadRun(caller: LoadCaller, deadline: number): Promise<LoadRun> {
  const t0 = performance.now();
  const headers = {
    Authorization: `Bearer ${caller.token}`,
    'X-FHIR-Base': caller.fhirBase,
    'X-Patient-Id': caller.patientId,
  };
  const run: LoadRun = { ok: false, throttled: 0, errors: [], totalMs: 0, waitedMs: 0, toolTimeouts: 0, notReady: 0 };
  const done = (failedStatus?: number): LoadRun => ({
    ...run,
    ...(failedStatus !== undefined ? { failedStatus } : { ok: true }),
    totalMs: Math.round(performance.now() - t0),
  });
  let id: string | undefined;
  while (!id) {
    const res = await fetch(`${caller.url}/api/workups`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fhirBase: caller.fhirBase, patientId: caller.patientId }),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: string };
    if (res.status === 202 && body.id) id = body.id;
    else if (res.status === 429) {
      run.throttled++;
      const wait = Number(res.headers.get('retry-after') ?? '1') * 1000;
      if (performance.now() + wait > deadline) return done(429);
      await sleep(wait);
      run.waitedMs += wait;
    } else {
      run.errors.push(`POST /api/workups ${res.status}`);
      return done(res.status);
    }
  }
  const events = await fetch(`${caller.url}/api/workups/${id}/events`, { headers });
  if (events.status !== 200) run.errors.push(`GET /api/workups/:id/events ${events.status}`);
  await events.text();
  // 202 means "still running": the stream may end on its `done` event a moment before the run is marked done.
  let result = await fetch(`${caller.url}/api/workups/${id}`, { headers });
  while (result.status === 202 && performance.now() < deadline) {
    run.notReady++;
    await result.body?.cancel();
    await sleep(20);
    result = await fetch(`${caller.url}/api/workups/${id}`, { headers });
  }
  const json = (await result.json().catch(() => ({}))) as { toolCalls?: { message?: string }[] };
  run.toolTimeouts = (json.toolCalls ?? []).filter((c) => /did not finish within/.test(c.message ?? '')).length;
  if (result.status !== 200) {
    run.errors.push(`GET /api/workups/:id ${result.status}`);
    return done(result.status);
  }
  return done();
}
