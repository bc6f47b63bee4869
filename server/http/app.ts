// Composes the one-process server: API routes, the built SMART app and (optionally) the sandbox EHR.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Hono } from 'hono';
import { createWorkupDeps } from '../agent/deps';
import { createAnswerer, createRetrieve } from '../answer';
import { createSandbox, SANDBOX_PATH, type Sandbox, type SandboxOptions } from '../sandbox';
import { knowledgeRoutes } from './knowledge-routes';
import { contentSecurityPolicy, serveApp } from './static';
import { synopticRoutes } from './synoptic-routes';
import { workupRoutes } from './workup-routes';
import { writebackRoutes } from './writeback-routes';

export const VERSION = '0.1.0';

export interface AppOptions {
  /** Absolute path of the built app (dist/app). */
  appDir: string;
  clientId: string;
  scope: string;
  cspConnect: string;
  sandbox?: SandboxOptions;
  /** Origins this server is reached at (workups may read FHIR servers there, e.g. the sandbox). */
  selfOrigins?: string[];
}

export interface App {
  app: Hono;
  sandbox?: Sandbox;
}

/** Default location of the built app, relative to this file. */
export const DEFAULT_APP_DIR = resolve(import.meta.dirname, '../../dist/app');

/**
 * Builds the HTTP application.
 * @param options - App location, SMART client settings, sandbox options.
 * @returns The Hono app and the sandbox (when enabled).
 */
export async function createApp(options: AppOptions): Promise<App> {
  const app = new Hono();
  const csp = contentSecurityPolicy(options.cspConnect);
  app.get('/api/health', (c) => c.json({ status: 'ok', version: VERSION }));
  app.get('/api/config', (c) => c.json({ clientId: options.clientId, scope: options.scope, version: VERSION }));
  app.route('/api/writeback', writebackRoutes());
  app.route('/api/knowledge', knowledgeRoutes());
  app.route('/api/synoptic', synopticRoutes());
  const selfOrigins = [...(options.selfOrigins ?? []), ...(options.sandbox ? [options.sandbox.publicUrl] : [])];
  // One retrieval for the server's life: the knowledge index is opened on the first workup and kept open.
  const retrieve = createRetrieve();
  app.route(
    '/api/workups',
    workupRoutes({
      deps: () => createWorkupDeps({ answerer: createAnswerer(), retrieve }),
      selfOrigins,
    })
  );

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
    process.stderr.write(`Unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err.message}\n`);
    return c.json(
      {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'exception', details: { text: 'Internal server error' } }],
      },
      500
    );
  });
  return { app, sandbox };
}
