// The `oncoagent` command line: `serve` runs the app (+ sandbox EHR); other commands arrive with their issues.
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { readEnv } from './config';
import { createApp, DEFAULT_APP_DIR, VERSION } from './http/app';
import { listen } from './http/serve';

/** A bad-input failure: printed without a stack, exit code 1. */
export class CliError extends Error {}

interface ServeFlags {
  port?: string;
  host?: string;
  sandbox?: boolean;
  sandboxOpen?: boolean;
  seed: string[];
}

async function serveCommand(flags: ServeFlags): Promise<void> {
  const env = readEnv();
  const port = flags.port === undefined ? env.PORT : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--port must be 0–65535, got ${flags.port}`);
  const started = Date.now();
  const publicUrl = env.ONCOAGENT_PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${port}`;
  const sandbox = flags.sandbox || flags.sandboxOpen || flags.seed.length > 0;
  const { app } = await createApp({
    appDir: DEFAULT_APP_DIR,
    clientId: env.ONCOAGENT_CLIENT_ID,
    scope: env.ONCOAGENT_SCOPE,
    cspConnect: env.ONCOAGENT_CSP_CONNECT,
    sandbox: sandbox
      ? {
          publicUrl,
          fixedPublicUrl: env.ONCOAGENT_PUBLIC_URL !== undefined,
          secret: env.ONCOAGENT_SANDBOX_SECRET,
          tokenTtlSeconds: env.ONCOAGENT_SANDBOX_TOKEN_TTL,
          open: Boolean(flags.sandboxOpen),
          redirectOrigins: env.ONCOAGENT_SANDBOX_REDIRECT_ORIGINS.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          seedDirs: flags.seed.map((d) => resolve(d)),
        }
      : undefined,
  });
  const running = await listen(app, port, flags.host ?? env.HOST);
  const base = env.ONCOAGENT_PUBLIC_URL ?? running.url;
  process.stdout.write(`OncoAgent ${VERSION} listening on ${base} (started in ${Date.now() - started} ms)\n`);
  if (sandbox) {
    process.stdout.write(`Sandbox EHR:  ${base}/sandbox\n`);
    process.stdout.write(`FHIR R4 base: ${base}/sandbox/fhir/R4${flags.sandboxOpen ? ' (open, no auth)' : ''}\n`);
  } else {
    process.stdout.write(`SMART launch URL: ${base}/launch.html   redirect URL: ${base}/index.html\n`);
  }
  const stop = (): void => {
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Builds the command tree (exported for tests). */
export function program(): Command {
  const cmd = new Command('oncoagent').description('SMART on FHIR tumor-board assistant').version(VERSION);
  cmd
    .command('serve')
    .description('serve the app and API (with --sandbox: plus the development EHR)')
    .option('--port <port>', 'port (default PORT or 8080)')
    .option('--host <host>', 'interface to bind (default HOST or 0.0.0.0)')
    .option('--sandbox', 'serve the sandbox EHR at /sandbox (FHIR at /sandbox/fhir/R4)')
    .addOption(
      new Option('--sandbox-open', 'serve the sandbox FHIR API without auth (behind an external SMART server)')
    )
    .option(
      '--seed <dir>',
      'also load every transaction Bundle *.json in DIR (repeatable)',
      (v: string, acc: string[]) => [...acc, v],
      []
    )
    .action(serveCommand);
  return cmd;
}

/**
 * Runs the CLI: exit 1 for bad input, 2 for an unavailable dependency.
 * @param argv - process.argv.
 */
export async function main(argv: string[]): Promise<void> {
  try {
    await program().parseAsync(argv);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`oncoagent: ${message}\n`);
    const code = (err as NodeJS.ErrnoException).code;
    process.exit(code === 'EADDRINUSE' || code === 'ECONNREFUSED' ? 2 : 1);
  }
}
