// `oncoagent workup` against the sandbox over HTTP: client_credentials or a token, Markdown or JSON, and exit codes
// 1 (bad input) and 2 (FHIR server or model unavailable).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { createWorkupDeps } from '../agent/deps';
import { freePort } from '../http/serve';
import { demoId } from '../sandbox/demo/portable';
import { CliError } from './cli-error';
import { workupCommand } from './workup';

let ehr: TestServer;
const deps = () =>
  createWorkupDeps({ answerer: createTestAnswerer(), traceDir: false, env: { ONCOAGENT_OFFLINE: '1' } });

function capture() {
  let text = '';
  return { io: { stdout: { write: (t: string) => (text += t) } }, text: () => text };
}

async function exitCode(run: Promise<unknown>): Promise<number> {
  try {
    await run;
    return 0;
  } catch (err) {
    if (err instanceof CliError) return err.exitCode;
    throw err;
  }
}

beforeAll(async () => {
  ehr = await startTestServer();
});
afterAll(async () => {
  await ehr?.close();
});

describe('workupCommand', () => {
  it('authenticates with client_credentials and prints the Markdown report', async () => {
    const out = capture();
    const flags = {
      fhir: ehr.fhirBase,
      patient: demoId('demo-hcc'),
      clientId: 'oncoagent-cli',
      clientSecret: 'test-secret',
    };
    const result = await workupCommand(flags, deps, out.io);
    expect(result.toolCalls.map((c) => c.status)).not.toContain('error');
    expect(out.text()).toMatch(/^# Tumour-board workup: Walter Lindqvist/);
    expect(out.text()).toMatch(/Child-Pugh score: 7 points/);
    expect(out.text()).toMatch(/BCLC/);
  });

  it('prints the WorkupResult as JSON with --json and a given token', async () => {
    const token = ehr.sandbox.signer.sign({
      aud: ehr.fhirBase,
      scope: 'system/*.rs',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const out = capture();
    await workupCommand({ fhir: ehr.fhirBase, patient: demoId('demo-pdac-g12c'), token, json: true }, deps, out.io);
    const json = JSON.parse(out.text());
    expect(json.patient.id).toBe(demoId('demo-pdac-g12c'));
    expect(json.toolCalls.map((c: { tool: string }) => c.tool)).toContain('variant_actionability');
  });

  it('runs against the in-process sandbox by patient name', async () => {
    const out = capture();
    const result = await workupCommand({ sandbox: true, patient: 'Okafor' }, deps, out.io);
    expect(result.patient.id).toBe(demoId('demo-colon-new'));
    expect(result.toolCalls.map((c) => c.tool)).toContain('predict_biomarkers');
  });

  it('exits 1 on bad input, a refused client or an unknown patient', async () => {
    const { io } = capture();
    expect(await exitCode(workupCommand({ fhir: ehr.fhirBase }, deps, io))).toBe(1);
    expect(await exitCode(workupCommand({ fhir: 'ftp://x', patient: 'p' }, deps, io))).toBe(1);
    expect(
      await exitCode(
        workupCommand({ fhir: ehr.fhirBase, patient: 'p', clientId: 'oncoagent-cli' }, deps, { ...io, fhir: {} })
      )
    ).toBe(1);
    const wrong = { fhir: ehr.fhirBase, patient: demoId('demo-hcc'), clientId: 'oncoagent-cli', clientSecret: 'wrong' };
    await expect(workupCommand(wrong, deps, io)).rejects.toThrow(/refused client "oncoagent-cli"/);
    const token = ehr.sandbox.signer.sign({
      aud: ehr.fhirBase,
      scope: 'system/*.rs',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    expect(await exitCode(workupCommand({ fhir: ehr.fhirBase, patient: 'nobody', token }, deps, io))).toBe(1);
  });

  it('exits 2 when the FHIR server is down or the configured model is unavailable', async () => {
    const { io } = capture();
    const down = `http://127.0.0.1:${await freePort()}/fhir`;
    expect(await exitCode(workupCommand({ fhir: down, patient: 'p', token: 't' }, deps, io))).toBe(2);
    const local = () => createWorkupDeps({ answerer: createTestAnswerer(), env: { ONCOAGENT_LLM: 'local' } });
    await expect(workupCommand({ fhir: ehr.fhirBase, patient: 'p' }, local, io)).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/ONCOAGENT_LLM=local is unavailable/),
    });
  });
});
