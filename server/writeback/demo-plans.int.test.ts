// Every resource the builders make from real offline workups of every demo patient validates, unsigned and signed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { runWorkup } from '../agent/run-workup';
import { createAnswerer, createRetrieve, type Retrieve } from '../answer';
import { createFhirClient, type FhirClient } from '../fhir/fhir-client';
import { SANDBOX_USER } from '../sandbox/auth/token';
import { DEMO_PATIENT_IDS } from '../sandbox/demo';
import { readToolConfig } from '../tools/config';
import { buildPlan, hasErrors, sign, validatePlan } from '.';

let server: TestServer;
let fhir: FhirClient;
let retrieve: Retrieve;
const dataDir = mkdtempSync(join(tmpdir(), 'plans-int-'));

beforeAll(async () => {
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

describe('write-back plans of the demo patients', () => {
  it.each([...DEMO_PATIENT_IDS])(
    '%s: the plan validates against the profiles, before and after signing',
    async (patientId) => {
      const workup = await runWorkup({
        fhir,
        patientId,
        question: 'Options for the tumour board?',
        answerer: createAnswerer(),
        retrieve,
        toolConfig: readToolConfig({ ONCOAGENT_OFFLINE: '1' }),
      });
      const plan = buildPlan({ workup });
      const issues = (outcome: ReturnType<typeof validatePlan>) =>
        (outcome.issue ?? [])
          .filter((i) => i.severity === 'error')
          .map((i) => `${i.expression?.join(',')}: ${i.details?.text}`);
      expect(issues(validatePlan(plan.bundle))).toEqual([]);
      expect(hasErrors(validatePlan(plan.bundle))).toBe(false);
      expect(plan.bundle.entry?.some((e) => e.resource?.resourceType === 'DiagnosticReport')).toBe(true);
      expect(issues(validatePlan(sign(plan.bundle, SANDBOX_USER)))).toEqual([]);
    }
  );
});
