// Composes the one-process server: API routes behind the API guard, the built SMART app and (optionally) the sandbox EHR.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { createWorkupDeps } from '../agent/deps';
import type { RunRegistryOptions } from '../agent/run-registry';
import { createAnswerer, createRetrieve } from '../answer';
import { createSandbox, SANDBOX_PATH, type Sandbox, type SandboxOptions } from '../sandbox';
import { apiGuard } from './api-guard';
import { FhirOrigins, TokenVerifier } from './auth';
import { knowledgeRoutes } from './knowledge-routes';
import { PlanPool } from './plan/pool';
import { HttpProblem, sendProblem } from './problem';
import { contentSecurityPolicy, serveApp } from './static';
import { MAX_SYNOPTIC_BYTES, synopticRoutes } from './synoptic-routes';
import { MAX_START_BYTES, workupRoutes } from './workup-routes';
import { MAX_PLAN_BYTES, writebackRoutes } from './writeback-routes';

export const VERSION = '0.1.0';

/** Bodies of other API requests (GETs, DELETEs): nothing is expected, a little is tolerated. */
const OTHER_BODY_BYTES = 16 * 1024;

export interface AppOptions {
  /** Absolute path of the built app (dist/app). */
  appDir: string;
  clientId: string;
  scope: string;
  cspConnect: string;
  sandbox?: SandboxOptions;
  /** FHIR origins the server may contact (ONCOAGENT_FHIR_ORIGINS); the sandbox's public URL is added when composed in. */
  fhirOrigins?: string[];
  /** More FHIR origins of this server itself (e.g. another name it is reached at). */
  selfOrigins?: string[];
  /** Browser origins that may call the API besides the request's own (ONCOAGENT_PUBLIC_URL, ONCOAGENT_APP_ORIGINS). */
  appOrigins?: string[];
  /** Limits of workup runs: per user, at once, queue, time limit (ONCOAGENT_WORKUP_*). */
  workups?: RunRegistryOptions;
  /** Time limit of each call to the EHR while checking a token, ms (ONCOAGENT_AUTH_TIMEOUT_MS, default 10 s). */
  authTimeoutMs?: number;
  /** Start the write-back plan worker now rather than on the first plan (the server command does). */
  warmPlanWorker?: boolean;
}

export interface App {
  app: Hono;
  sandbox?: Sandbox;
  /** The FHIR origins the server may contact. */
  fhirOrigins: FhirOrigins;
  /** Stops background work (the plan worker). */
  close: () => Promise<void>;
}

/** Default location of the built app, relative to this file. */
export const DEFAULT_APP_DIR = resolve(import.meta.dirname, '../../dist/app');

const problemJson = (status: number, code: 'not-found' | 'invalid', text: string) =>
  new HttpProblem(status, code, text);

/**
 * Builds the HTTP application.
 * @param options - App location, SMART client settings, sandbox options, FHIR and browser origins, limits.
 * @returns The Hono app, the sandbox (when enabled), the FHIR origin policy and a close function.
 */
export async function createApp(options: AppOptions): Promise<App> {
  const app = new Hono();
  const csp = contentSecurityPolicy(options.cspConnect);
  const fhirOrigins = new FhirOrigins([
    ...(options.fhirOrigins ?? []),
    ...(options.selfOrigins ?? []),
    ...(options.sandbox ? [options.sandbox.publicUrl] : []),
  ]);
  const verifier = new TokenVerifier({
    origins: fhirOrigins,
    clientIds: [options.clientId],
    timeoutMs: options.authTimeoutMs,
  });
  app.use(
    '/api/*',
    ...apiGuard({
      verifier,
      appOrigins: options.appOrigins,
      bodyLimits: {
        '/api/workups': MAX_START_BYTES,
        '/api/writeback/plan': MAX_PLAN_BYTES,
        '/api/synoptic': MAX_SYNOPTIC_BYTES,
      },
      fallbackBodyBytes: OTHER_BODY_BYTES,
    })
  );
  app.get('/api/health', (c) => c.json({ status: 'ok', version: VERSION }));
  app.get('/api/config', (c) => c.json({ clientId: options.clientId, scope: options.scope, version: VERSION }));
  const plans = new PlanPool();
  if (options.warmPlanWorker) plans.warm();
  app.route('/api/writeback', writebackRoutes({ pool: plans }));
  app.route('/api/knowledge', knowledgeRoutes());
  app.route('/api/synoptic', synopticRoutes());
  // One retrieval for the server's life: the knowledge index is opened on the first workup and kept open.
  const retrieve = createRetrieve();
  app.route(
    '/api/workups',
    workupRoutes({ deps: () => createWorkupDeps({ answerer: createAnswerer(), retrieve }), registry: options.workups })
  );
  app.all('/api/*', (c) => sendProblem(c, problemJson(404, 'not-found', 'No such API endpoint')));

  let sandbox: Sandbox | undefined;
  if (options.sandbox) {
    sandbox = await createSandbox(options.sandbox);
    app.route(SANDBOX_PATH, sandbox.routes);
  }
  const built = existsSync(resolve(options.appDir, 'index.html'));
  app.get('/', (c) => (sandbox ? c.redirect(`${SANDBOX_PATH}`) : c.redirect('/index.html')));
  app.get('*', async (c) => {
    if (!built) {
      return c.text('The app is not built. Run `npm run build` (npm install does it for you).', 503);
    }
    return (await serveApp(c, options.appDir, csp)) ?? c.text('Not found', 404);
  });
  app.onError((err, c) => {
    if (err instanceof URIError) return sendProblem(c, problemJson(400, 'invalid', 'Malformed URL'));
    process.stderr.write(`Unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err.message}\n`);
    return c.json(
      {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'exception', details: { text: 'Internal server error' } }],
      },
      500
    );
  });
  return { app, sandbox, fhirOrigins, close: () => plans.close() };
}
