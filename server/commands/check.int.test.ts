// `oncoagent check` against the real sandbox as an integrator runs it: the default sandbox is ready (every line ok, the
// write test leaves nothing behind); Medplum emulation with the old wildcard scopes, or without atomic transactions,
// is not ready and names the fix; a closed port is one clear line and exit 2; --json has one entry per check.
import { execFile, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Bundle } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { CheckReport } from '../check';
import { freePort } from '../http/serve';
import { type CheckFlags, checkCommand } from './check';
import { UnavailableError } from './cli-error';

const BIN = resolve(import.meta.dirname, '../../bin/oncoagent.js');
/** The old app's scopes: a wildcard read, then per-type writes (what Medplum silently turns into read-only). */
const WILDCARD =
  'system/*.rs system/Observation.crus system/DiagnosticReport.crus system/QuestionnaireResponse.crus ' +
  'system/Device.crs system/Provenance.crs';
const WRITTEN_TYPES = ['Patient', 'Observation', 'DiagnosticReport', 'Device', 'Provenance'];

let plain: TestServer;
let medplumAtomic: TestServer;
let medplumBatch: TestServer;

beforeAll(async () => {
  [plain, medplumAtomic, medplumBatch] = await Promise.all([
    startTestServer(),
    startTestServer({ emulate: { server: 'medplum', atomicTransactions: true } }),
    startTestServer({ emulate: { server: 'medplum', atomicTransactions: false } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), medplumAtomic?.close(), medplumBatch?.close()]);
});

const client = (server: TestServer, extra: Partial<CheckFlags> = {}): CheckFlags => ({
  fhir: server.fhirBase,
  clientId: 'oncoagent-cli',
  clientSecret: 'test-secret',
  ...extra,
});

async function check(flags: CheckFlags): Promise<{ code: number; text: string }> {
  const out: string[] = [];
  const code = await checkCommand(flags, { stdout: { write: (t: string) => out.push(t) } });
  return { code, text: out.join('') };
}

/** How many resources of each type the server holds (searched with a system token). */
async function totals(server: TestServer): Promise<Record<string, number>> {
  const token = server.token('', { scope: 'system/*.rs', patient: undefined });
  const out: Record<string, number> = {};
  for (const type of WRITTEN_TYPES) {
    const res = await fetch(`${server.fhirBase}/${type}?_summary=count`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    out[type] = ((await res.json()) as Bundle).total ?? -1;
  }
  return out;
}

const statusLines = (text: string): string[] => text.split('\n').filter((l) => /^(ok|warn|FAIL) /.test(l));

describe('oncoagent check', () => {
  it('finds the default sandbox ready, every line ok, and its write test leaves nothing behind', async () => {
    const before = await totals(plain);
    const { code, text } = await check(client(plain, { writeTest: true }));
    expect(code).toBe(0);
    const lines = statusLines(text);
    expect(lines.length).toBeGreaterThanOrEqual(12);
    expect(lines.every((l) => l.startsWith('ok '))).toBe(true);
    expect(text).toMatch(/Write-back commit +a \d+-entry plan committed/);
    expect(text).toMatch(/Clean-up +deleted all \d+ resources/);
    expect(await totals(plain)).toEqual(before);
    expect(text).not.toContain('test-secret');
  });

  it('prints one JSON entry per check with --json', async () => {
    const json = await check(client(plain, { json: true }));
    const report = JSON.parse(json.text) as CheckReport;
    const text = await check(client(plain));
    expect(report.exitCode).toBe(0);
    expect(report.checks.map((c) => c.title)).toEqual(statusLines(text.text).map((l) => l.slice(6).split(/ {2,}/)[0]));
    expect(new Set(report.checks.map((c) => c.id)).size).toBe(report.checks.length);
  });

  it('names the scope fix when Medplum is asked for a wildcard read scope next to write scopes (exit 1)', async () => {
    const { code, text } = await check(client(medplumAtomic, { scope: WILDCARD }));
    expect(code).toBe(1);
    const fail = statusLines(text).filter((l) => l.startsWith('FAIL'));
    expect(fail).toEqual([expect.stringMatching(/^FAIL +Scopes +a wildcard scope \(system\/\*\.rs\)/)]);
    expect(text).toContain('ask for explicit per-type scopes');
    expect(text).toMatch(/Medplum: .*ignores the write scopes/);
  });

  it('names the atomic-transaction setting when Medplum runs transactions as batches (exit 1), cleaning up', async () => {
    const before = await totals(medplumBatch);
    const { code, text } = await check(client(medplumBatch, { writeTest: true }));
    expect(code).toBe(1);
    expect(statusLines(text).filter((l) => l.startsWith('FAIL'))).toEqual([
      expect.stringMatching(/^FAIL +Atomic transactions +the server ran the transaction as a batch/),
    ]);
    expect(text).toMatch(/Medplum: enable atomic transactions .*"transaction-bundles"/);
    expect(text).toMatch(/ok +Clean-up/);
    expect(await totals(medplumBatch)).toEqual(before);
  });

  it('exits 2 with one clear line for a closed port', async () => {
    const port = await freePort();
    const fhir = `http://127.0.0.1:${port}/fhir`;
    await expect(checkCommand({ fhir }, { stdout: { write: () => undefined } })).rejects.toBeInstanceOf(
      UnavailableError
    );
    const r = spawnSync(process.execPath, [BIN, 'check', '--fhir', fhir], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([`oncoagent: Cannot reach the FHIR server at ${fhir}`]);
  });

  it('exits 1 through the real command line for the wildcard scopes', async () => {
    const code = await new Promise<number | null>((done) => {
      const args = [
        BIN,
        'check',
        '--fhir',
        medplumAtomic.fhirBase,
        '--client-id',
        'oncoagent-cli',
        '--scope',
        WILDCARD,
      ];
      const child = execFile(process.execPath, args, {
        env: { ...process.env, ONCOAGENT_CLIENT_SECRET: 'test-secret' },
      });
      child.on('exit', (c) => done(c));
    });
    expect(code).toBe(1);
  });
});
