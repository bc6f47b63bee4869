// Starts the real server (app + sandbox EHR, composed as `serve --sandbox` does) on a free loopback port for integration
// and end-to-end tests.

import { mountSandbox } from '../../server/commands/sandbox-mount';
import { DEFAULT_SCOPE } from '../../server/config';
import { type AppOptions, createApp, DEFAULT_APP_DIR } from '../../server/http/app';
import { freePort, listen } from '../../server/http/serve';
import type { Sandbox, SandboxOptions } from '../../server/sandbox';
import { SANDBOX_USER } from '../../server/sandbox/auth/token';

export interface TestServer {
  url: string;
  fhirBase: string;
  sandbox: Sandbox;
  /** Requests that reached the FHIR endpoint, as "METHOD path". */
  fhirRequests: string[];
  /**
   * A sandbox access token for a patient, as a SMART launch would give (patient/ scopes confined to that patient).
   * @param patient - The patient in context.
   * @param claims - Claims to add or override (e.g. `sub`, `scope`, `exp`).
   */
  token: (patient: string, claims?: Record<string, unknown>) => string;
  /** Headers of an API call by the app for a patient: its token, FHIR base and patient. */
  apiHeaders: (patient: string, claims?: Record<string, unknown>) => Record<string, string>;
  close: () => Promise<void>;
}

/** App settings a test may change (the sandbox's come separately). */
export type AppOverrides = Partial<Omit<AppOptions, 'mount' | 'appDir'>>;

const APP_DEFAULTS = {
  appDir: DEFAULT_APP_DIR,
  clientId: 'oncoagent',
  scope: DEFAULT_SCOPE,
  cspConnect: "'self'",
};

/**
 * Starts the app alone (no sandbox), as deployed next to a real EHR.
 * @param cspConnect - connect-src, which must name the EHR's origin.
 * @param overrides - App settings, e.g. `fhirOrigins` (the EHR's origin, which the API may contact) and `port`.
 * @returns The URL and a close function.
 */
export async function startAppOnly(
  cspConnect: string,
  overrides: AppOverrides & { port?: number } = {}
): Promise<{ url: string; close: () => Promise<void> }> {
  const { port: wanted, ...appOverrides } = overrides;
  const port = wanted ?? (await freePort());
  const { app, close } = await createApp({ ...APP_DEFAULTS, ...appOverrides, cspConnect });
  const running = await listen(app, port, '127.0.0.1');
  return {
    url: `http://localhost:${port}`,
    close: async () => {
      await running.close();
      await close();
    },
  };
}

/**
 * Starts the server with the demo sandbox. The API may contact the sandbox (its own origin) and nothing else unless
 * `appOverrides.fhirOrigins` says so.
 * @param overrides - Sandbox options to change (e.g. tokenTtlSeconds, open).
 * @param appOverrides - App settings to change, e.g. `scope` (the SMART scopes the app asks for; default as served),
 * `workups` (run limits), `appOrigins`, `fhirOrigins`.
 * @returns The running server.
 */
export async function startTestServer(
  overrides: Partial<SandboxOptions> = {},
  appOverrides: AppOverrides = {}
): Promise<TestServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const { sandbox, mount } = await mountSandbox({
    publicUrl: url,
    secret: 'test-secret',
    tokenTtlSeconds: 600,
    open: false,
    redirectOrigins: [],
    seedDirs: [],
    ...overrides,
  });
  const { app, close } = await createApp({ ...APP_DEFAULTS, ...appOverrides, mount });
  const fhirRequests: string[] = [];
  const counting = app.fetch;
  app.fetch = (req, ...rest) => {
    const path = new URL(req.url).pathname;
    if (path.startsWith('/sandbox/fhir/R4')) fhirRequests.push(`${req.method} ${path}`);
    return counting(req, ...rest);
  };
  const running = await listen(app, port, '127.0.0.1');
  const fhirBase = `${url}/sandbox/fhir/R4`;
  const token = (patient: string, claims: Record<string, unknown> = {}) =>
    sandbox.signer.sign({
      sub: SANDBOX_USER,
      aud: fhirBase,
      scope: 'launch patient/*.rs',
      patient,
      exp: Math.floor(Date.now() / 1000) + 600,
      ...claims,
    });
  return {
    url,
    fhirBase,
    sandbox,
    fhirRequests,
    token,
    apiHeaders: (patient, claims) => ({
      authorization: `Bearer ${token(patient, claims)}`,
      'x-fhir-base': fhirBase,
      'x-patient-id': patient,
    }),
    close: async () => {
      await running.close();
      await close();
    },
  };
}
