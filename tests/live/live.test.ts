// The opt-in live suite: launch (SMART Backend Services or a client secret), record load, a workup, a signed write-back
// that is cleaned up again, the self-test with its write test, and a registry run, all against a real FHIR server
// named by ONCOAGENT_LIVE_* (read through server/config). Skipped unless those are set; never part of `npm test`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, Practitioner } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult } from '../../common/contracts';
import { createWorkupDeps } from '../../server/agent/deps';
import { runWorkup } from '../../server/agent/run-workup';
import { runChecks, WRITE_TEST_SCOPE } from '../../server/check';
import { registryRunCommand } from '../../server/commands/registry';
import { backendTokenFromFlags } from '../../server/commands/workup-auth';
import { loadConfig, offlineConfig } from '../../server/config';
import { createFhirClient, type FhirClient, withRetries } from '../../server/fhir/fhir-client';
import { loadPatientRecord } from '../../server/fhir/load-record';
import { fhirTransport } from '../../server/fhir/transport';
import { buildPlan, commitPlan } from '../../server/writeback';
import { createTestAnswerer } from '../support/test-answerer';

const config = loadConfig();
const live = config.live;
const offline = offlineConfig(config);
const deps = () => createWorkupDeps({ answerer: createTestAnswerer(), config: offline, traceDir: false });
const credentials = { clientId: live.clientId, clientSecret: live.clientSecret, privateKey: live.privateKey };

let fhir: FhirClient;
let token: string;
let patientId: string;
let workup: WorkupResult;
const dirs: string[] = [];

describe.skipIf(!live.enabled)(`live FHIR server (${live.fhir ?? 'ONCOAGENT_LIVE_FHIR unset'})`, () => {
  beforeAll(async () => {
    token = (await backendTokenFromFlags(credentials, live.fhir!, WRITE_TEST_SCOPE)?.token()) ?? '';
    fhir = createFhirClient({ baseUrl: live.fhir!, token });
  });
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('launches: the backend client gets a token the server accepts', async () => {
    expect(token.length).toBeGreaterThan(0);
    const patients = (await withRetries(fhir, (signal) =>
      fhir.client.search({ resourceType: 'Patient', searchParams: { _count: '1' }, options: { signal } })
    )) as unknown as Bundle;
    patientId = live.patient ?? patients.entry?.[0]?.resource?.id ?? '';
    expect(patientId).not.toBe('');
  });

  it('loads the record in one batch', async () => {
    const record = await loadPatientRecord(fhir, patientId);
    expect(record.patient.id).toBe(patientId);
    expect(record.truncated).toEqual([]);
  });

  it('runs a workup of that patient', async () => {
    workup = await runWorkup({ ...deps(), fhir, patientId, question: 'Live suite: general workup' });
    expect(workup.patient.id).toBe(patientId);
    expect(workup.toolCalls.length).toBeGreaterThan(0);
  });

  it('signs: commits the signed plan, every entry confirmed, then removes what it created', async () => {
    const practitioners = (await withRetries(fhir, (signal) =>
      fhir.client.search({ resourceType: 'Practitioner', searchParams: { _count: '1' }, options: { signal } })
    )) as unknown as Bundle<Practitioner>;
    const signer = practitioners.entry?.[0]?.resource?.id;
    const plan = buildPlan({
      workup,
      ...(signer ? { signAs: `Practitioner/${signer}`, signerName: 'Live suite' } : {}),
    });
    expect(plan.valid).toBe(true);
    const report = await commitPlan(fhir, plan.bundle);
    expect(report.refused).toEqual([]);
    expect(report.ok).toBe(true);
    const transport = fhirTransport(fhir);
    // Newest first, so nothing still references a resource when it is deleted (HAPI's referential integrity).
    for (const e of [...report.created].reverse()) {
      expect((await transport({ method: 'DELETE', path: e.location })).status).toBeLessThan(300);
    }
    for (const e of report.created) {
      expect([404, 410]).toContain((await transport({ method: 'GET', path: e.location, idempotent: true })).status);
    }
  });

  it('passes `oncoagent check --write-test`', async () => {
    const report = await runChecks({
      fhirBase: live.fhir!,
      token,
      askedScope: WRITE_TEST_SCOPE,
      patientId,
      writeTest: true,
    });
    expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(report.exitCode).toBe(0);
  });

  it.skipIf(!live.group)('runs the registry on the Group', async () => {
    const out = mkdtempSync(join(tmpdir(), 'live-registry-'));
    dirs.push(out);
    const manifest = await registryRunCommand(
      { fhir: live.fhir, group: live.group, out, what: 'workup', ...credentials },
      offline,
      deps,
      {}
    );
    expect(manifest.patients.failed).toBe(0);
    expect(manifest.patients.done).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).not.toContain(token);
  });
});
