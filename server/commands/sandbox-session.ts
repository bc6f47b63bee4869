// An in-process sandbox EHR on a loopback port, for `workup --sandbox`, `eval` and the workup benchmark: the real
// HTTP server, FHIR API and SMART token endpoint, with a random secret for the CLI's backend client.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { createApp, DEFAULT_APP_DIR } from '../http/app';
import { freePort, listen } from '../http/serve';
import { FHIR_PATH } from '../sandbox';
import type { Emulation } from '../sandbox/emulation';
import { mountSandbox } from './sandbox-mount';
import { clientCredentialsToken } from './workup-auth';

export interface SandboxSession {
  url: string;
  fhirBase: string;
  /** A client_credentials token for the CLI backend client. */
  token(scope?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the sandbox.
 * @param options - `demo`: load the demo patients (default true); `emulate`: behave like a real server.
 * @returns The session; close it when done.
 */
export async function startSandboxSession(
  options: { demo?: boolean; emulate?: Emulation } = {}
): Promise<SandboxSession> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secret = randomBytes(24).toString('hex');
  const { mount } = await mountSandbox({
    publicUrl: url,
    secret,
    tokenTtlSeconds: 3600,
    open: false,
    redirectOrigins: [],
    seedDirs: [],
    demo: options.demo ?? true,
    emulate: options.emulate,
  });
  const { app } = await createApp({
    appDir: DEFAULT_APP_DIR,
    clientId: 'oncoagent',
    scope: 'patient/*.rs',
    cspConnect: "'self'",
    // Only the sandbox of this app is used: its API gets the defaults, not the environment (parsed by the command).
    config: loadConfig({}),
    mount,
  });
  const running = await listen(app, port, '127.0.0.1');
  const fhirBase = `${url}${FHIR_PATH}`;
  return {
    url,
    fhirBase,
    token: (scope = 'system/*.rs') =>
      clientCredentialsToken({ fhirBase, clientId: 'oncoagent-cli', clientSecret: secret, scope }),
    close: running.close,
  };
}
