// `oncoagent serve`: the app + API, with `--sandbox` the development EHR too, in one process.
import { resolve } from 'node:path';
import { exposedSandboxProblems, readEnv } from '../config';
import { createApp, DEFAULT_APP_DIR, VERSION } from '../http/app';
import { parseOrigins } from '../http/auth/origins';
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
}

/**
 * Starts the server and prints where to open it.
 * @param flags - Command-line flags.
 */
export async function serveCommand(flags: ServeFlags): Promise<void> {
  const env = readEnv();
  const port = flags.port === undefined ? env.PORT : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--port must be 0–65535, got ${flags.port}`);
  const started = Date.now();
  const publicUrl = env.ONCOAGENT_PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const sandbox = flags.sandbox || flags.sandboxOpen || flags.seed.length > 0 || Boolean(flags.emulate);
  const host = flags.host ?? env.HOST;
  const exposed = sandbox && reachableBeyondLoopback(host, publicUrl);
  if (exposed) {
    const problems = exposedSandboxProblems(env);
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
  const { app, fhirOrigins } = await createApp({
    appDir: DEFAULT_APP_DIR,
    clientId: env.ONCOAGENT_CLIENT_ID,
    scope: env.ONCOAGENT_SCOPE,
    cspConnect: env.ONCOAGENT_CSP_CONNECT,
    fhirOrigins: parseOrigins(env.ONCOAGENT_FHIR_ORIGINS),
    appOrigins: [publicUrl, ...parseOrigins(env.ONCOAGENT_APP_ORIGINS)],
    authTimeoutMs: env.ONCOAGENT_AUTH_TIMEOUT_MS,
    workups: {
      timeoutMs: env.ONCOAGENT_WORKUP_TIMEOUT_MS,
      maxPerOwner: env.ONCOAGENT_WORKUPS_PER_USER,
      maxRunning: env.ONCOAGENT_WORKUPS_AT_ONCE,
      maxQueued: env.ONCOAGENT_WORKUPS_QUEUED,
    },
    warmPlanWorker: true,
    sandbox: sandbox
      ? {
          publicUrl,
          secret: env.ONCOAGENT_SANDBOX_SECRET,
          tokenTtlSeconds: env.ONCOAGENT_SANDBOX_TOKEN_TTL,
          open: Boolean(flags.sandboxOpen),
          redirectOrigins: env.ONCOAGENT_SANDBOX_REDIRECT_ORIGINS.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          seedDirs: flags.seed.map((d) => resolve(d)),
          emulate,
          login: exposed
            ? { user: env.ONCOAGENT_SANDBOX_USER ?? '', password: env.ONCOAGENT_SANDBOX_PASSWORD ?? '' }
            : undefined,
        }
      : undefined,
  });
  const running = await listen(app, port, host).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'EADDRINUSE' ? new UnavailableError(`port ${port} is already in use`) : err;
  });
  const base = env.ONCOAGENT_PUBLIC_URL ?? running.url;
  process.stdout.write(`OncoAgent ${VERSION} listening on ${base} (started in ${Date.now() - started} ms)\n`);
  if (sandbox) {
    process.stdout.write(`Sandbox EHR:  ${base}/sandbox${exposed ? ' (demo-user sign-in required)' : ''}\n`);
    process.stdout.write(`FHIR R4 base: ${base}/sandbox/fhir/R4${flags.sandboxOpen ? ' (open, no auth)' : ''}\n`);
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
  void warmLocalModel(process.env, (line) => process.stdout.write(line));
  const stop = (): void => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
