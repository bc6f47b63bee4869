// Conformance in CI: every output of the six demo workups' write-back plans (unsigned and signed) and every line of a
// registry run's NDJSON validates against base R4 + ours + the official mCODE and SDC packages, and the TNM
// Observations among them claim mCODE. The packages come from `npm ci`'s postinstall (or a fetch on first use): when
// they cannot be had this fails with IgUnavailableError's message, never skips.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { createWorkupDeps } from '../agent/deps';
import { runWorkup } from '../agent/run-workup';
import { createAnswerer, createRetrieve, type Retrieve } from '../answer';
import { registryRunCommand } from '../commands/registry';
import { sandboxExportCommand } from '../commands/sandbox-export';
import { loadConfig } from '../config';
import { createFhirClient, type FhirClient } from '../fhir/fhir-client';
import { SANDBOX_USER } from '../sandbox/auth/token';
import { DEMO_PATIENT_IDS } from '../sandbox/demo';
import { extractOffline, loadTemplate, toQuestionnaireResponse } from '../synoptic';
import { COLORECTAL, LUNG } from '../synoptic/testdata/fixtures';
import { readToolConfig } from '../tools/config';
import { buildPlan, sign } from '../writeback';
import { MCODE_PROFILE } from '../writeback/codes';
import { synopticObservations } from '../writeback/synoptic-observations';
import { OFFLINE_PATIENT, offlineWorkup } from '../writeback/testing/offline-workup';
import { type LoadedIg, loadIg, resolverOf, validateAnyWithIgs, validateWithIgs } from '.';

let server: TestServer;
let fhir: FhirClient;
let retrieve: Retrieve;
let igs: LoadedIg[];
const dataDir = mkdtempSync(join(tmpdir(), 'conformance-int-'));
const claimedInPlans = new Set<string>();

const errors = (issues: { severity: string; expression?: string[]; details?: { text?: string } }[] = []) =>
  issues.filter((i) => i.severity === 'error').map((i) => `${i.expression?.join(',')}: ${i.details?.text}`);

beforeAll(async () => {
  igs = [loadIg('mcode'), loadIg('sdc')];
  retrieve = createRetrieve({ env: { ONCOAGENT_DATA_DIR: dataDir, ONCOAGENT_OFFLINE: '1' } });
  server = await startTestServer();
  const token = server.sandbox.signer.sign({
    aud: server.fhirBase,
    scope: 'system/*.rs',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  fhir = createFhirClient({ baseUrl: server.fhirBase, token });
});
afterAll(async () => {
  await retrieve?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('conformance with mCODE 4.0.0 and SDC', () => {
  it.each([...DEMO_PATIENT_IDS])('%s: every output of the write-back plan, unsigned and signed', async (patientId) => {
    const workup = await runWorkup({
      fhir,
      patientId,
      question: 'Options for the tumour board?',
      answerer: createAnswerer(),
      retrieve,
      toolConfig: readToolConfig({ ONCOAGENT_OFFLINE: '1' }),
    });
    const plan = buildPlan({ workup });
    expect(errors(validateAnyWithIgs(plan.bundle, igs).issue)).toEqual([]);
    expect(errors(validateAnyWithIgs(sign(plan.bundle, SANDBOX_USER), igs).issue)).toEqual([]);
    for (const e of plan.bundle.entry ?? []) for (const p of e.resource?.meta?.profile ?? []) claimedInPlans.add(p);
  });

  it('the plan of a workup that staged (TNM with the primary cancer as focus), unsigned and signed', async () => {
    const plan = buildPlan({ workup: await offlineWorkup() });
    expect(errors(validateAnyWithIgs(plan.bundle, igs).issue)).toEqual([]);
    expect(errors(validateAnyWithIgs(sign(plan.bundle, SANDBOX_USER), igs).issue)).toEqual([]);
    for (const e of plan.bundle.entry ?? []) for (const p of e.resource?.meta?.profile ?? []) claimedInPlans.add(p);
  });

  it.each([
    ['ajcc8-lung-resection', LUNG],
    ['cap-colorectal-resection', COLORECTAL],
  ] as const)('the synoptic development cases of %s: the plan of each form and its Observations', async (id, cases) => {
    const template = loadTemplate(id);
    const workup = await offlineWorkup();
    let observed = 0;
    for (const c of cases) {
      const subject = `Patient/${OFFLINE_PATIENT}`;
      const result = extractOffline(template, { text: c.text, key: c.id, subject });
      const questionnaireResponse = toQuestionnaireResponse(template, result, { authored: '2026-03-04T05:06:07Z' });
      const { observations } = synopticObservations(template.questionnaire, questionnaireResponse);
      observed += observations.length;
      const plan = buildPlan({ workup, synoptic: { questionnaireResponse, observations } });
      expect(errors(validateAnyWithIgs(plan.bundle, igs).issue), c.id).toEqual([]);
      for (const e of plan.bundle.entry ?? []) for (const p of e.resource?.meta?.profile ?? []) claimedInPlans.add(p);
    }
    if (id === 'ajcc8-lung-resection') expect(observed).toBeGreaterThan(0);
  });

  it('the demo record (sandbox export) where it claims mCODE: cancer patient, primary cancer, tumour markers…', () => {
    const out = mkdtempSync(join(dataDir, 'export-'));
    const files = sandboxExportCommand({ out }, { stdout: { write: () => true } });
    expect(files.length).toBe(DEMO_PATIENT_IDS.length);
    const claimed = new Set<string>();
    for (const file of files) {
      const bundle = JSON.parse(readFileSync(file, 'utf8'));
      expect(errors(validateAnyWithIgs(bundle, igs).issue), file).toEqual([]);
      for (const e of bundle.entry) for (const p of e.resource.meta?.profile ?? []) claimed.add(p.split('/').pop());
    }
    expect([...claimed]).toEqual(expect.arrayContaining(['mcode-primary-cancer-condition', 'mcode-tumor-marker-test']));
  });

  it('the outputs above claim every mCODE profile our builders claim (so the checks above covered them)', () => {
    expect([...claimedInPlans]).toEqual(expect.arrayContaining(Object.values(MCODE_PROFILE)));
  });

  it('every line of a registry run (NDJSON, in-process sandbox)', async () => {
    const out = mkdtempSync(join(dataDir, 'registry-'));
    const config = loadConfig({});
    const deps = () => createWorkupDeps({ answerer: createTestAnswerer(), config, traceDir: false });
    const manifest = await registryRunCommand({ sandbox: true, out, what: 'workup' }, config, deps, {});
    expect(manifest.patients.failed).toBe(0);
    const resources = readdirSync(out)
      .filter((f) => f.endsWith('.ndjson'))
      .flatMap((f) => readFileSync(join(out, f), 'utf8').trim().split('\n').filter(Boolean))
      .map((l) => JSON.parse(l) as Resource);
    expect(resources.length).toBeGreaterThan(10);
    const resolve = resolverOf(resources.map((resource) => ({ resource })));
    expect(resources.flatMap((r) => errors(validateWithIgs(r, igs, resolve)))).toEqual([]);
    const profiles = new Set(resources.flatMap((r) => r.meta?.profile ?? []));
    expect([...profiles].map((p) => p.split('/').pop()).sort()).toEqual(
      expect.arrayContaining(['oncoagent-ai-biomarker-prediction', 'oncoagent-workup-report', 'oncoagent-provenance'])
    );
  });
});
