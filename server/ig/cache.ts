// Where the pinned HL7 implementation-guide packages (server/ig/packages.json) are on this machine, and fetching one
// lazily through scripts/fetch-igs.mjs (the same script `npm ci` runs as postinstall) when it is not there yet.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { OperationOutcomeError, serverError } from '@medplum/core';
import { childEnv } from '../config/child-env';

const ROOT = resolve(import.meta.dirname, '../..');

/** A pinned package. */
export interface IgPin {
  name: string;
  version: string;
  /** The guide's canonical base: a profile under it that the package does not define is an error. */
  canonical: string;
  /** sha512 integrity of the npm tarball. */
  integrity: string;
}

/** The guides `oncoagent validate --ig` knows, by short name. */
export const IG_PINS: Record<string, IgPin> = JSON.parse(readFileSync(join(ROOT, 'server/ig/packages.json'), 'utf8'));

/** The short names accepted by `--ig`. */
export const IG_IDS = Object.keys(IG_PINS);

type Env = Record<string, string | undefined>;

/** The cache folders searched, in order: ONCOAGENT_IG_DIR alone when set, else the data folder's and node_modules'. */
export function igCacheDirs(env: Env = childEnv({})): string[] {
  if (env.ONCOAGENT_IG_DIR) return [env.ONCOAGENT_IG_DIR];
  return [
    env.ONCOAGENT_IG_DIR,
    env.ONCOAGENT_DATA_DIR ? join(env.ONCOAGENT_DATA_DIR, 'igs') : undefined,
    join(ROOT, 'node_modules/.cache/oncoagent-igs'),
  ].filter((d): d is string => !!d);
}

/**
 * The `package/` folder of a guide when it is in a cache, else undefined.
 * @param id - Short name (mcode, sdc).
 * @param env - Environment (cache folders).
 * @returns The folder holding the package's JSON files.
 */
export function findIgPackage(id: string, env: Env = childEnv({})): string | undefined {
  const pin = IG_PINS[id];
  if (!pin) return undefined;
  return igCacheDirs(env)
    .map((d) => join(d, `${pin.name}#${pin.version}`, 'package'))
    .find((d) => existsSync(join(d, 'package.json')));
}

/** Thrown when a guide is neither cached nor fetchable; the CLI maps it to exit code 2. */
export class IgUnavailableError extends OperationOutcomeError {}

/**
 * The guide's package folder, fetching it (npm pack, integrity check, unpack) when no cache holds it.
 * @param id - Short name (mcode, sdc).
 * @param env - Environment (cache folders; the fetch inherits it).
 * @returns The folder holding the package's JSON files; throws IgUnavailableError when it cannot be had.
 */
export function ensureIgPackage(id: string, env: Env = childEnv({})): string {
  const pin = IG_PINS[id];
  if (!pin) {
    throw new OperationOutcomeError(serverError(new Error(`Unknown implementation guide "${id}"`)));
  }
  const found = findIgPackage(id, env);
  if (found) return found;
  let reason = '';
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts/fetch-igs.mjs'), id], {
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 180_000,
    });
  } catch (err) {
    reason =
      String((err as { stderr?: unknown }).stderr ?? '')
        .trim()
        .split('\n')[0] ?? '';
  }
  const fetched = findIgPackage(id, env);
  if (fetched) return fetched;
  const text =
    `The implementation guide ${pin.name}@${pin.version} is not available: it is not in the cache and could not be ` +
    `fetched from the npm registry (run \`npm run fetch-igs\` where the registry can be reached)` +
    (reason ? `. ${reason.replace(/^fetch-igs: /, '')}` : '');
  throw new IgUnavailableError({
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'not-found', details: { text } }],
  });
}
