// `oncoagent registry run` as the CLI sees it: exit 0 with a manifest on the sandbox's demo Group (each device once in
// Device.ndjson), 1 for flags that do not go together or a Group the server does not have, 2 for a server that cannot
// be reached — and no token in any message.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { createWorkupDeps } from '../agent/deps';
import { loadConfig } from '../config';
import { freePort } from '../http/serve';
import { CliError } from './cli-error';
import { registryRunCommand } from './registry';
import { type SandboxSession, startSandboxSession } from './sandbox-session';

const config = loadConfig({});
const deps = () => createWorkupDeps({ answerer: createTestAnswerer(), config, traceDir: false });
const TOKEN = 'secret-token-value-never-printed';
const dirs: string[] = [];
let session: SandboxSession;

const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'registry-cli-'));
  dirs.push(d);
  return d;
};

async function outcome(run: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await run;
    return { code: 0, message: '' };
  } catch (err) {
    if (err instanceof CliError) return { code: err.exitCode, message: err.message };
    throw err;
  }
}

beforeAll(async () => {
  session = await startSandboxSession({ demo: true });
});
afterAll(async () => {
  await session.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('oncoagent registry run', () => {
  it('exits 0 on the demo Group and writes each device version once', async () => {
    const out = tmp();
    const manifest = await registryRunCommand({ sandbox: true, out, what: 'workup' }, config, deps, {});
    expect(manifest.patients.failed).toBe(0);
    expect(manifest.patients.done).toBe(manifest.patients.total);
    const devices = readFileSync(join(out, 'Device.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const versions = devices.map((d) => `${d.identifier[0].system}|${d.identifier[0].value}`);
    expect(new Set(versions).size).toBe(versions.length);
    expect(devices.length).toBeLessThan(manifest.patients.total);
  });

  it.each([
    [{ fhir: 'http://127.0.0.1:1/fhir', group: 'g' }, /--out DIR is required/],
    [{ out: 'x', group: 'g' }, /--fhir URL is required/],
    [{ out: 'x', fhir: 'http://127.0.0.1:1/fhir', group: 'g', keyId: 'k', clientId: 'c' }, /go with --private-key/],
    [{ out: 'x', fhir: 'http://127.0.0.1:1/fhir', group: 'g', alg: 'HS256', clientId: 'c', privateKey: 'k' }, /RS384/],
    [{ out: 'x', fhir: 'http://127.0.0.1:1/fhir', group: 'g', clientSecret: 's' }, /needs --client-id/],
  ])('exits 1 for flags that do not go together (%o)', async (flags, message) => {
    const r = await outcome(registryRunCommand(flags, config, deps, {}));
    expect(r.code).toBe(1);
    expect(r.message).toMatch(message);
  });

  it('exits 1 naming a Group the server does not have, without the token', async () => {
    const r = await outcome(
      registryRunCommand(
        { fhir: session.fhirBase, group: 'no-such-group', out: tmp(), token: await session.token('system/*.rs') },
        config,
        deps,
        {}
      )
    );
    expect(r.code).toBe(1);
    expect(r.message).toMatch(/group|not found/i);
  });

  it('exits 2 with one line for a server that cannot be reached, without the token', async () => {
    const port = await freePort();
    const r = await outcome(
      registryRunCommand(
        { fhir: `http://127.0.0.1:${port}/fhir`, group: 'g', out: tmp(), token: TOKEN },
        config,
        deps,
        {}
      )
    );
    expect(r.code).toBe(2);
    expect(r.message).not.toContain(TOKEN);
    expect(r.message.split('\n')).toHaveLength(1);
  });
});
