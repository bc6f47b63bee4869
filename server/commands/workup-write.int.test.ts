// `oncoagent workup --write` against the sandbox over HTTP: the real answerer, client_credentials with create
// scope, the plan committed once (a second commit of the same plan writes nothing new), counts printed; a refused entry
// is exit 1 with every entry named, against the spec-conformant sandbox and one behaving like Medplum.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { createWorkupDeps } from '../agent/deps';
import { createAnswerer, createRetrieve, type Retrieve } from '../answer';
import { program } from '../cli';
import { createFhirClient } from '../fhir/fhir-client';
import { demoId } from '../sandbox/demo/portable';
import { workupCommand } from './workup';
import { IncompleteWriteError, WRITE_SCOPE, writeWorkup } from './workup-write';

let ehr: TestServer;
let retrieve: Retrieve;
const dataDir = mkdtempSync(join(tmpdir(), 'workup-write-'));
const env = { ONCOAGENT_OFFLINE: '1', ONCOAGENT_DATA_DIR: dataDir };

beforeAll(async () => {
  ehr = await startTestServer();
  retrieve = createRetrieve({ env });
});
/** How many resources of a type the sandbox holds, withdrawn ones left out (backend read). */
async function count(type: string, server: TestServer = ehr): Promise<number> {
  const token = server.sandbox.signer.sign({
    aud: server.fhirBase,
    scope: 'system/*.rs',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  const res = await fetch(`${server.fhirBase}/${type}?_count=1000`, { headers: { authorization: `Bearer ${token}` } });
  const bundle = (await res.json()) as { entry?: { resource: { status?: string } }[] };
  return (bundle.entry ?? []).filter((e) => e.resource.status !== 'entered-in-error').length;
}

/** Runs `workup --write` with a scope that cannot create Provenance; checks the exit and returns the message. */
async function expectRefusedWrite(server: TestServer): Promise<string> {
  const deps = () => createWorkupDeps({ answerer: createAnswerer(), retrieve, traceDir: false, env });
  const scope = WRITE_SCOPE.replace('system/Provenance.crs', 'system/Provenance.rs');
  const before = await count('Observation', server);
  const flags = {
    fhir: server.fhirBase,
    patient: demoId('demo-pdac-g12c'),
    clientId: 'oncoagent-cli',
    clientSecret: 'test-secret',
    write: true,
    scope,
  };
  const err = await workupCommand(flags, deps, { stdout: { write: () => undefined } }).catch((e) => e);
  expect(err).toBeInstanceOf(IncompleteWriteError);
  expect((err as IncompleteWriteError).exitCode).toBe(1);
  const message = (err as Error).message;
  expect(message).toMatch(/^Nothing was saved to the chart: the EHR refused/);
  expect(message).toMatch(/REFUSED {3}Provenance 403/);
  expect(await count('Observation', server)).toBe(before);
  return message;
}

afterAll(async () => {
  await retrieve?.close();
  await ehr?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('workup --write', () => {
  it('commits the plan with the same credentials and prints what was created', async () => {
    let out = '';
    const deps = () => createWorkupDeps({ answerer: createAnswerer(), retrieve, traceDir: false, env });
    const flags = {
      fhir: ehr.fhirBase,
      patient: demoId('demo-icc'),
      clientId: 'oncoagent-cli',
      clientSecret: 'test-secret',
      write: true,
    };
    const result = await workupCommand(flags, deps, { stdout: { write: (t: string) => (out += t) } });
    expect(result.writeBack?.entry?.length).toBeGreaterThan(3);
    const created = Number(/Written to the chart: (\d+) resources created, 0 already present/.exec(out)?.[1]);
    expect(created).toBe(result.writeBack!.entry!.length);
    expect(out).toMatch(/\[Tool:c\d+\]/);

    const token = ehr.sandbox.signer.sign({
      aud: ehr.fhirBase,
      scope: 'system/*.rs system/*.c',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const again = await writeWorkup(createFhirClient({ baseUrl: ehr.fhirBase, token }), result);
    expect(again).toMatchObject({ created: 0, existing: created });
  });

  it('exits 1 naming what the EHR refused and what was taken back when one entry is refused', async () => {
    await expectRefusedWrite(ehr);
  });

  it('exits 1 the same way against a Medplum-like EHR that applies the other entries one by one', async () => {
    const medplum = await startTestServer({ emulate: { server: 'medplum', atomicTransactions: false } });
    try {
      const message = await expectRefusedWrite(medplum);
      expect(message).toMatch(/applied the other entries one by one/);
      expect(message).toMatch(/undone {4}Observation\//);
    } finally {
      await medplum.close();
    }
  });

  it('is a command of the CLI with its flags', () => {
    const workup = program().commands.find((c) => c.name() === 'workup');
    expect(workup?.options.map((o) => o.long)).toEqual([
      '--fhir',
      '--patient',
      '--question',
      '--token',
      '--client-id',
      '--client-secret',
      '--private-key',
      '--key-id',
      '--alg',
      '--json',
      '--sandbox',
      '--write',
      '--scope',
      '--follow-up',
    ]);
  });
});
