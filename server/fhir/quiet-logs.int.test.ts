// With DEBUG=* set, reading through our FHIR client prints nothing of fhir-kit-client's request log (URLs carry patient
// ids and search values); the same read with fhir-kit-client loaded first (the silencer too late) prints the patient's
// URL, so this test can fail.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silenceLeakyLoggers } from './quiet-logs';

const run = promisify(execFile);
const TOKEN = 'tok-5ecret-should-not-print';
const ID = 'mrn-4711-quiet';
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/fhir+json');
    res.end(JSON.stringify({ resourceType: 'Patient', id: ID }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

async function readWithDebug(preload: string): Promise<string> {
  const client = resolve(import.meta.dirname, 'fhir-client.ts');
  const code = `${preload}
const { createFhirClient } = await import(${JSON.stringify(client)});
const fhir = createFhirClient({ baseUrl: ${JSON.stringify(base)}, token: ${JSON.stringify(TOKEN)} });
const p = await fhir.client.read({ resourceType: 'Patient', id: ${JSON.stringify(ID)} });
console.log('read', p.id);`;
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    env: { ...process.env, DEBUG: '*', DEBUG_COLORS: '0' },
  });
  expect(stdout).toContain(`read ${ID}`);
  return stderr;
}

describe('debug logging of the FHIR client', () => {
  it('prints neither the token nor the request URL, even with DEBUG=*', async () => {
    const stderr = await readWithDebug('');
    expect(stderr).not.toContain(TOKEN);
    expect(stderr).not.toContain(ID);
    expect(stderr).not.toContain('fhir-kit-client');
  });

  it('would print the patient URL if fhir-kit-client were loaded before the silencer', async () => {
    const stderr = await readWithDebug("await import('fhir-kit-client');");
    expect(stderr).toContain(`fhir-kit-client:info Request: GET ${base}/Patient/${ID}`);
  });

  it('adds the skip pattern once and leaves an unset DEBUG alone', () => {
    const env: NodeJS.ProcessEnv = { DEBUG: 'app:*' };
    silenceLeakyLoggers(env);
    silenceLeakyLoggers(env);
    expect(env.DEBUG).toBe('app:*,-fhir-kit-client:*');
    const none: NodeJS.ProcessEnv = {};
    silenceLeakyLoggers(none);
    expect(none.DEBUG).toBeUndefined();
  });
});
