// `oncoagent serve`: the app + API, with `--sandbox` the development EHR too, in one process.
import { resolve } from 'node:path';
import { exposedSandboxProblems, loadConfig, type OncoConfig, VERSION } from '../config';
import { createApp, DEFAULT_APP_DIR } from '../http/app';
import { listen } from '../http/serve';
import { reachableBeyondLoopback } from '../sandbox/auth/exposure';
import { type Emulation, parseEmulation } from '../sandbox/emulation';
import { CliError, UnavailableError } from './cli-error';
import { warmLocalModel } from './warm-model';

export interface ServeFlags {
  port?: string;
  host?: string;
  sandbox?: boolean;
  sandboxOpen?: boolean;
  seed: string[];
  emulate?: string;
  atomicTransactions?: boolean;
  /** Also load this many synthetic colorectal patients (and their Group) into the sandbox. */
  synthetic?: string;
}

/**
 * Starts the server and prints where to open it.
 * @param flags - Command-line flags.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function serveCommand(flags: ServeFlags, config: OncoConfig = loadConfig()): Promise<void> {
  const { server } = config;
  const port = flags.port === undefined ? server.port : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--port must be 0–65535, got ${flags.port}`);
  const started = Date.now();
  const publicUrl = server.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const sandbox = flags.sandbox || flags.sandboxOpen || flags.seed.length > 0 || Boolean(flags.emulate);
  const host = flags.host ?? server.host;
  const exposed = sandbox && reachableBeyondLoopback(host, publicUrl);
  if (exposed) {
    const problems = exposedSandboxProblems(config.sandbox);
    if (problems.length > 0) {
      throw new CliError(
        `The sandbox EHR would be reachable beyond this machine (host ${host}, public URL ${publicUrl}), ` +
          `so it needs its own secret and a demo login: ${problems.join('; ')}. ` +
          'Or keep it on loopback (the default HOST=127.0.0.1, no ONCOAGENT_PUBLIC_URL).'
      );
    }
  }
  let emulate: Emulation | undefined;
  try {
    emulate = parseEmulation(flags.emulate, flags.atomicTransactions);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  if (flags.atomicTransactions && !emulate) throw new CliError('--atomic-transactions needs --emulate medplum');
  const synthetic = flags.synthetic === undefined ? 0 : Number(flags.synthetic);
  if (!Number.isInteger(synthetic) || synthetic < 0 || synthetic > 100_000 || (synthetic && !sandbox))
    throw new CliError('--synthetic N needs --sandbox and a whole number of patients up to 100000');
  // The development EHR is loaded only when asked for: without --sandbox the server never imports it.
  const composed = sandbox
    ? await (await import('./sandbox-mount')).mountSandbox({
        publicUrl,
        secret: config.sandbox.secret,
        tokenTtlSeconds: config.sandbox.tokenTtlSeconds,
        open: Boolean(flags.sandboxOpen),
        redirectOrigins: [...config.sandbox.redirectOrigins],
        seedDirs: flags.seed.map((d) => resolve(d)),
        emulate,
        login: exposed ? { user: config.sandbox.user ?? '', password: config.sandbox.password ?? '' } : undefined,
        backendKeys: { dir: config.sandbox.keyDir },
        ...(synthetic ? { synthetic: { count: synthetic } } : {}),
      })
    : undefined;
  const { app, fhirOrigins } = await createApp({
    appDir: DEFAULT_APP_DIR,
    clientId: server.clientId,
    scope: server.scope,
    cspConnect: server.cspConnect,
    fhirOrigins: [...config.fhir.origins],
    appOrigins: [publicUrl, ...server.appOrigins],
    authTimeoutMs: server.authTimeoutMs,
    workups: { ...config.limits.workups },
    warmPlanWorker: true,
    config,
    mount: composed?.mount,
  });
  const running = await listen(app, port, host).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'EADDRINUSE' ? new UnavailableError(`port ${port} is already in use`) : err;
  });
  const base = server.publicUrl ?? running.url;
  process.stdout.write(`OncoAgent ${VERSION} listening on ${base} (started in ${Date.now() - started} ms)\n`);
  if (sandbox) {
    process.stdout.write(`Sandbox EHR:  ${base}/sandbox${exposed ? ' (demo-user sign-in required)' : ''}\n`);
    process.stdout.write(`FHIR R4 base: ${base}/sandbox/fhir/R4${flags.sandboxOpen ? ' (open, no auth)' : ''}\n`);
    if (composed?.sandbox.backendKeyFile) {
      process.stdout.write(
        `Backend client oncoagent-backend (private_key_jwt), private key: ${composed.sandbox.backendKeyFile}\n`
      );
    }
    if (emulate) {
      const mode = emulate.atomicTransactions ? 'atomic transactions on' : 'transactions run as batches';
      process.stdout.write(`Emulating:    ${emulate.server} (${mode})\n`);
    }
  } else {
    process.stdout.write(`SMART launch URL: ${base}/launch.html   redirect URL: ${base}/index.html\n`);
  }
  const origins = fhirOrigins.list();
  process.stdout.write(
    origins.length
      ? `FHIR servers the API may use: ${origins.join(', ')}\n`
      : 'No FHIR server is allowed yet: set ONCOAGENT_FHIR_ORIGINS to your EHR origin for workups\n'
  );
  void warmLocalModel(config.llm, (line) => process.stdout.write(line));
  const stop = (): void => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
