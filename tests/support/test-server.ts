// Starts the real server (app + sandbox EHR) on a free loopback port for integration and end-to-end tests.
import { DEFAULT_SCOPE } from '../../server/config';
import { createApp, DEFAULT_APP_DIR } from '../../server/http/app';
import { freePort, listen } from '../../server/http/serve';
import type { Sandbox, SandboxOptions } from '../../server/sandbox';

export interface TestServer {
  url: string;
  fhirBase: string;
  sandbox: Sandbox;
  /** Requests that reached the FHIR endpoint, as "METHOD path". */
  fhirRequests: string[];
  close: () => Promise<void>;
}

const APP_DEFAULTS = {
  appDir: DEFAULT_APP_DIR,
  clientId: 'oncoagent',
  scope: DEFAULT_SCOPE,
  cspConnect: "'self'",
};

/**
 * Starts the app alone (no sandbox), as deployed next to a real EHR.
 * @param cspConnect - connect-src, which must name the EHR's origin.
 * @returns The URL and a close function.
 */
export async function startAppOnly(cspConnect: string): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const { app } = await createApp({ ...APP_DEFAULTS, cspConnect });
  const running = await listen(app, port, '127.0.0.1');
  return { url: `http://localhost:${port}`, close: running.close };
}

/**
 * Starts the server with the demo sandbox.
 * @param overrides - Sandbox options to change (e.g. tokenTtlSeconds, open).
 * @param appOverrides - App settings to change, e.g. `scope` (the SMART scopes the app asks for; default as served).
 * @returns The running server.
 */
export async function startTestServer(
  overrides: Partial<SandboxOptions> = {},
  appOverrides: { scope?: string } = {}
): Promise<TestServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const { app, sandbox } = await createApp({
    ...APP_DEFAULTS,
    ...appOverrides,
    sandbox: {
      publicUrl: url,
      secret: 'test-secret',
      tokenTtlSeconds: 600,
      open: false,
      redirectOrigins: [],
      seedDirs: [],
      ...overrides,
    },
  });
  const fhirRequests: string[] = [];
  const counting = app.fetch;
  app.fetch = (req, ...rest) => {
    const path = new URL(req.url).pathname;
    if (path.startsWith('/sandbox/fhir/R4')) fhirRequests.push(`${req.method} ${path}`);
    return counting(req, ...rest);
  };
  const running = await listen(app, port, '127.0.0.1');
  return { url, fhirBase: `${url}/sandbox/fhir/R4`, sandbox: sandbox!, fhirRequests, close: running.close };
}
