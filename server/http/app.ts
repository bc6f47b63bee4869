// Composes the one-process server: API routes behind the API guard, the built SMART app and (optionally) another app
// mounted beside them, which the caller builds (`serve --sandbox` mounts the sandbox EHR; this module never imports it).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { createWorkupDeps } from '../agent/deps';
import { notFound } from '../agent/outcome';
import type { RunRegistryOptions } from '../agent/run-registry';
import { createAnswerer, createRetrieve } from '../answer';
import { loadConfig, type OncoConfig, VERSION } from '../config';
import { apiGuard } from './api-guard';
import { FhirOrigins, TokenVerifier } from './auth';
import { checkRoutes } from './check-routes';
import { imagingRoutes } from './imaging-routes';
import { knowledgeRoutes } from './knowledge-routes';
import { PlanPool } from './plan/pool';
import { onApiError, sendOutcome } from './problem';
import { MAX_SDC_BYTES, sdcRoutes } from './sdc-routes';
import { contentSecurityPolicy, serveApp } from './static';
import { MAX_SYNOPTIC_BYTES, synopticRoutes } from './synoptic-routes';
import { MAX_START_BYTES, workupRoutes } from './workup-routes';
import { MAX_PLAN_BYTES, writebackRoutes } from './writeback-routes';

/** Bodies of other API requests (GETs, DELETEs): nothing is expected, a little is tolerated. */
const OTHER_BODY_BYTES = 16 * 1024;

/** Another app served by the same process under a path of its own (the development EHR). */
export interface MountedApp {
  /** Where its routes are served, e.g. `/sandbox`; `GET /` redirects there. */
  path: string;
  /** Its routes, relative to `path`. */
  routes: Hono;
  /** Its public URL, e.g. http://localhost:8080: a FHIR server the API may contact. */
  publicUrl: string;
  /** Stops its background work, if it has any (called by the app's close). */
  close?: () => Promise<void>;
}

export interface AppOptions {
  /** Absolute path of the built app (dist/app). */
  appDir: string;
  clientId: string;
  scope: string;
  cspConnect: string;
  /** An app to serve beside the API, built by the caller (the sandbox EHR). */
  mount?: MountedApp;
  /** FHIR origins the server may contact (ONCOAGENT_FHIR_ORIGINS); the mounted app's public URL is added. */
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
  /**
   * The configuration the routes take (model, retrieval, tools, limits), loaded once by the entry point; default:
   * loaded from the environment now (tests). Nothing reads the environment per request.
   */
  config?: OncoConfig;
}

export interface App {
  app: Hono;
  /** The FHIR origins the server may contact. */
  fhirOrigins: FhirOrigins;
  /** Stops background work (the plan worker, the mounted app's). */
  close: () => Promise<void>;
}

/** Default location of the built app, relative to this file. */
export const DEFAULT_APP_DIR = resolve(import.meta.dirname, '../../dist/app');

/**
 * Builds the HTTP application.
 * @param options - App location, SMART client settings, the app to mount, FHIR and browser origins, limits.
 * @returns The Hono app, the FHIR origin policy and a close function.
 */
export async function createApp(options: AppOptions): Promise<App> {
  const app = new Hono();
  const config = options.config ?? loadConfig();
  // The viewer fetches images from a configured PACS itself: the page may connect there too.
  const pacsOrigins = config.tools.pacsOrigins ?? [];
  const csp = contentSecurityPolicy([options.cspConnect, ...pacsOrigins].join(' '));
  const fhirOrigins = new FhirOrigins([
    ...(options.fhirOrigins ?? []),
    ...(options.selfOrigins ?? []),
    ...(options.mount ? [options.mount.publicUrl] : []),
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
        '/api/fhir': MAX_SDC_BYTES,
      },
      fallbackBodyBytes: OTHER_BODY_BYTES,
    })
  );
  app.get('/api/health', (c) => c.json({ status: 'ok', version: VERSION }));
  app.get('/api/config', (c) =>
    c.json({ clientId: options.clientId, scope: options.scope, version: VERSION, pacsOrigins })
  );
  const plans = new PlanPool();
  if (options.warmPlanWorker) plans.warm();
  app.route('/api/writeback', writebackRoutes({ pool: plans }));
  app.route('/api/knowledge', knowledgeRoutes({ rag: config.rag }));
  app.route('/api/check', checkRoutes({ scope: options.scope }));
  app.route('/api/imaging', imagingRoutes({ tools: config.tools }));
  app.route('/api/synoptic', synopticRoutes({ llm: config.llm }));
  app.route('/api/fhir', sdcRoutes());
  // One retrieval for the server's life: the knowledge index is opened on the first workup and kept open.
  const retrieve = createRetrieve({ config: config.rag });
  app.route(
    '/api/workups',
    workupRoutes({
      deps: () => createWorkupDeps({ answerer: createAnswerer(), retrieve, config }),
      registry: options.workups,
    })
  );
  app.all('/api/*', (c) => sendOutcome(c, notFound('No such API endpoint')));

  const { mount } = options;
  if (mount) app.route(mount.path, mount.routes);
  const built = existsSync(resolve(options.appDir, 'index.html'));
  app.get('/', (c) => c.redirect(mount ? mount.path : '/index.html'));
  app.get('*', async (c) => {
    if (!built) {
      return c.text('The app is not built. Run `npm run build` (npm install does it for you).', 503);
    }
    return (await serveApp(c, options.appDir, csp)) ?? c.text('Not found', 404);
  });
  // The one error handler of every route above, the API's sub-apps and the mounted app included.
  app.onError(onApiError);
  const close = async () => {
    await plans.close();
    await mount?.close?.();
  };
  return { app, fhirOrigins, close };
}
