// End to end in headless Chromium: workup → Review and sign → Sign and save writes one transaction with the clinician's
// token and the new Observations and report appear in the patient view; without write scopes nothing is written.
import { resolve } from 'node:path';
import type { Bundle, DiagnosticReport, Observation } from '@medplum/fhirtypes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/sandbox/demo/portable';
import { launchBrowser, OUTPUT_DIR } from '../support/browser';
import { backendToken } from '../support/smart-flow';
import { startTestServer, type TestServer } from '../support/test-server';

const PATIENT = demoId('demo-crc-met');
const READ_ONLY_SCOPE = 'launch launch/patient openid fhirUser online_access patient/*.rs';
const WORKUP_ITEM = 'https://oncoagent.example/fhir/identifier/workup-item';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Reads resources with the backend client (system/*.*), as an auditor would. */
async function search<T>(server: TestServer, query: string): Promise<T[]> {
  const { body } = await backendToken(server.url, 'test-secret');
  const res = await fetch(`${server.fhirBase}/${query}`, {
    headers: { authorization: `Bearer ${body.access_token}`, accept: 'application/fhir+json' },
  });
  const bundle = (await res.json()) as Bundle;
  return (bundle.entry ?? []).map((e) => e.resource as T);
}

async function ourResources(server: TestServer): Promise<number> {
  const types = ['Observation', 'DiagnosticReport', 'Device', 'Provenance'];
  const counts = await Promise.all(types.map((t) => search(server, `${t}?_count=1000`).then((r) => r.length)));
  return counts.reduce((a, b) => a + b, 0);
}

async function workupThenReview(server: TestServer): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
  await page.goto(`${server.url}/sandbox`);
  await page.locator(`[data-launch="${PATIENT}"]`).click();
  await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
  await page.getByTestId('prepare-workup').click();
  await page.locator('[data-testid="workup-report"][data-complete="true"]').waitFor({ timeout: 60_000 });
  await page.getByTestId('review-sign').click();
  await page.getByTestId('plan-item').first().waitFor({ timeout: 30_000 });
  return page;
}

describe('write-back with write scopes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs, saves one transaction and shows the new results in the patient view', async () => {
    const page = await workupThenReview(server);
    expect(await page.locator('[data-testid="writeback-plan"]').getAttribute('data-valid')).toBe('true');
    const groups = await page.locator('[data-testid="plan-group"] legend').allTextContents();
    expect(groups).toEqual(expect.arrayContaining(['Response assessment', 'Imaging measurements', 'Provenance']));
    // Required items have no checkbox; optional ones can be unticked.
    expect(await page.locator('[data-testid="plan-item"][data-required="true"] input').count()).toBe(0);
    const therapy = page.locator('[data-testid="plan-item"][data-key^="therapy:"]').first();
    const untickedKey = await therapy.getAttribute('data-key');
    await therapy.getByTestId('plan-item-toggle').uncheck();

    await page.getByTestId('sign-save').click();
    await page.getByTestId('writeback-saved').waitFor({ timeout: 30_000 });
    const written = await page.getByTestId('written-resource').allTextContents();
    const writtenObservations = written.filter((w) => w.startsWith('Observation/'));
    expect(writtenObservations.length).toBeGreaterThanOrEqual(5);
    expect(written.filter((w) => w.startsWith('DiagnosticReport/'))).toHaveLength(1);
    expect(written.some((w) => w.startsWith('Provenance/'))).toBe(true);

    // The chart is reloaded: the new, signed Observations and the report appear in the patient view.
    await page.getByTestId('chart-reloaded').waitFor({ timeout: 30_000 });
    const outputs = page.getByTestId('oncoagent-output');
    expect(await outputs.count()).toBe(writtenObservations.length + 1);
    expect(await page.locator('[data-testid="oncoagent-output"][data-status="final"]').count()).toBe(
      writtenObservations.length + 1
    );
    expect(await page.locator('[data-testid="oncoagent-output"]', { hasText: 'Progressive disease' }).count()).toBe(1);
    const report = page.locator('[data-testid="report"][data-oncoagent="true"]');
    expect(await report.count()).toBe(1);
    expect(await report.textContent()).toContain('final');
    await page.screenshot({ path: resolve(OUTPUT_DIR, 'writeback-saved.png'), fullPage: true });

    // On the server: final, signed by the clinician, and the unticked therapy match was not written.
    const reports = await search<DiagnosticReport>(server, `DiagnosticReport?patient=Patient/${PATIENT}&_count=100`);
    const ours = reports.filter((r) => r.identifier?.some((i) => i.system === WORKUP_ITEM));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.status).toBe('final');
    expect(ours[0]?.resultsInterpreter?.[0]?.reference).toBe('Practitioner/sandbox-clinician');
    const observations = await search<Observation>(server, `Observation?patient=Patient/${PATIENT}&_count=1000`);
    const values = observations.flatMap((o) => o.identifier ?? []).filter((i) => i.system === WORKUP_ITEM);
    expect(values.map((i) => i.value?.split(':').slice(1).join(':'))).not.toContain(untickedKey);
    expect(values).toHaveLength(writtenObservations.length);
    await page.close();
  });
});

describe('write-back without write scopes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { scope: READ_ONLY_SCOPE });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says the session cannot write and sends nothing to the EHR', async () => {
    const page = await workupThenReview(server);
    const before = await ourResources(server);
    const requests = server.fhirRequests.length;
    await page.getByTestId('sign-save').click();
    const error = page.getByTestId('writeback-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.getAttribute('data-stage')).toBe('scopes');
    const text = (await error.textContent()) ?? '';
    expect(text).toMatch(/does not allow OncoAgent to write Observations.*Devices.*Provenance/);
    expect(text).toContain('user/Device.c');
    expect(text).toContain('nothing was written');
    expect(await page.getByTestId('written-resource').count()).toBe(0);
    // Not one request reached the FHIR server, and it holds no more resources than before.
    expect(server.fhirRequests.slice(requests)).toEqual([]);
    expect(await ourResources(server)).toBe(before);
    await page.close();
  });
});
