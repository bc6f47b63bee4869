// End to end in headless Chromium, against the spec-conformant sandbox and against one behaving like Medplum: EHR
// launch → workup → Review and sign (an item unticked, a comment added) → Sign and save with the clinician's token;
// the signed report no longer mentions the unticked item, the signer is named, the new results appear grouped in the
// patient view; a refused save never says "saved"; without write scopes nothing is sent.
import { resolve } from 'node:path';
import type { Bundle, DiagnosticReport, Observation } from '@medplum/fhirtypes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { FINDING_SYSTEM, WORKUP_ITEM_SYSTEM } from '../../common/writeback/systems';
import { demoId } from '../../server/sandbox/demo/portable';
import type { Emulation } from '../../server/sandbox/emulation';
import { launchBrowser, OUTPUT_DIR } from '../support/browser';
import { backendToken } from '../support/smart-flow';
import { startTestServer, type TestServer } from '../support/test-server';

const PATIENT = demoId('demo-crc-met');
const READ_ONLY_SCOPE = 'launch launch/patient openid fhirUser online_access patient/*.rs';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Reads resources with the backend client, as an auditor would. */
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
  await page.locator('[data-testid="workup-report"][data-complete="true"]').waitFor({ timeout: 90_000 });
  await page.getByTestId('review-sign').click();
  await page.getByTestId('plan-item').first().waitFor({ timeout: 30_000 });
  // What the chart holds of the plan is read right after it appears.
  await page.locator('[data-testid="writeback-plan"]:not([data-chart="pending"])').waitFor({ timeout: 30_000 });
  return page;
}

const MODES: [string, Emulation | undefined][] = [
  ['spec-conformant sandbox', undefined],
  ['sandbox emulating Medplum', { server: 'medplum', atomicTransactions: false }],
];

describe.each(MODES)('write-back on the %s', (_name, emulate) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(emulate ? { emulate } : {});
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs with the default scopes; the signed report leaves out the unticked item and names the signer', async () => {
    const page = await workupThenReview(server);
    expect(await page.locator('[data-testid="writeback-plan"]').getAttribute('data-valid')).toBe('true');
    const groups = await page.locator('[data-testid="plan-group"] legend').allTextContents();
    expect(groups).toEqual(expect.arrayContaining(['Response assessment', 'Imaging measurements', 'Provenance']));
    expect(await page.locator('[data-testid="plan-item"][data-required="true"] input').count()).toBe(0);

    const conclusion = page.getByTestId('review-conclusion');
    const therapy = page.locator('[data-testid="plan-item"][data-key^="therapy:"]').first();
    const untickedKey = await therapy.getAttribute('data-key');
    const untickedText = ((await therapy.locator('label').textContent()) ?? '').trim();
    expect(untickedText.length).toBeGreaterThan(10);
    const before = await conclusion.inputValue();
    await therapy.getByTestId('plan-item-toggle').uncheck();
    // The conclusion shown follows the ticks: the server rebuilds it without the unticked result.
    await expect.poll(() => conclusion.inputValue(), { timeout: 15_000 }).not.toBe(before);
    expect(await conclusion.inputValue()).not.toContain(untickedText);
    await page.getByTestId('review-comment').fill('Discussed at the tumour board on 1 December.');

    await page.getByTestId('sign-save').click();
    await page.getByTestId('writeback-saved').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('signed-by').textContent()).toBe('Dr. Alex Sandbox');
    const written = page.getByTestId('written-resource');
    const writtenObservations = await page.locator('[data-testid="written-resource"][data-type="Observation"]').count();
    expect(writtenObservations).toBeGreaterThanOrEqual(5);
    expect(await page.locator('[data-testid="written-resource"][data-type="DiagnosticReport"]').count()).toBe(1);
    expect(await written.count()).toBeGreaterThan(writtenObservations);

    // The chart is reloaded: the new, signed results appear under their workup in the patient view.
    await page.getByTestId('chart-reloaded').waitFor({ timeout: 30_000 });
    // "Saved by OncoAgent" (testid history) is the one card for saved results: one signed workup, all results final.
    expect(await page.getByTestId('history-group').count()).toBe(1);
    expect(await page.getByTestId('history-group').getAttribute('data-pending')).toBe('false');
    expect(await page.locator('[data-testid="history-result"][data-status="final"]').count()).toBe(writtenObservations);
    expect(await page.locator('[data-testid="history-result"]', { hasText: 'Progressive disease' }).count()).toBe(1);
    await page.screenshot({
      path: resolve(OUTPUT_DIR, `writeback-saved${emulate ? '-medplum' : ''}.png`),
      fullPage: true,
    });

    // On the server: final, signed by the clinician, the unticked match neither written nor in the conclusion.
    const reports = await search<DiagnosticReport>(server, `DiagnosticReport?patient=Patient/${PATIENT}&_count=100`);
    const ours = reports.filter((r) => r.identifier?.some((i) => i.system === FINDING_SYSTEM));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      status: 'final',
      resultsInterpreter: [{ display: 'Dr. Alex Sandbox' }],
    });
    expect(ours[0]!.resultsInterpreter![0]!.reference).toMatch(/^Practitioner\//);
    expect(ours[0]!.conclusion).not.toContain(untickedText);
    expect(ours[0]!.conclusion).toContain('Discussed at the tumour board on 1 December.');
    const observations = await search<Observation>(server, `Observation?patient=Patient/${PATIENT}&_count=1000`);
    const items = observations.flatMap((o) => o.identifier ?? []).filter((i) => i.system === WORKUP_ITEM_SYSTEM);
    expect(items.map((i) => i.value?.split(':').slice(1).join(':'))).not.toContain(untickedKey);
    expect(items).toHaveLength(writtenObservations);
    await page.close();
  });

  it('says what is already in the chart when the same workup is reviewed again, and writes nothing twice', async () => {
    const before = await ourResources(server);
    const page = await workupThenReview(server);
    expect(await page.locator('[data-testid="chart-note"][data-kind="in-chart"]').count()).toBeGreaterThan(0);
    await page.getByTestId('chart-preview').waitFor();
    await page.getByTestId('sign-save').click();
    await page.getByTestId('writeback-saved').waitFor({ timeout: 60_000 });
    const written = await page.locator('[data-testid="written-resource"][data-type="Observation"]').count();
    expect(written).toBeLessThanOrEqual(1);
    expect(await ourResources(server)).toBeLessThanOrEqual(before + 3);
    await page.close();
  });
});

describe('write-back refused by the EHR', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  async function refusedFlow(page: Page): Promise<void> {
    const countActive = async () =>
      (await search<Observation>(server, `Observation?patient=Patient/${PATIENT}&_count=1000`)).filter(
        (o) => o.status !== 'entered-in-error'
      ).length;
    const before = await countActive();
    await page.getByTestId('sign-save').click();
    const error = page.getByTestId('writeback-error');
    await error.waitFor({ timeout: 60_000 });
    expect(await error.getAttribute('data-stage')).toBe('commit');
    expect(await error.textContent()).toMatch(/^Nothing was saved to the chart: the EHR refused/);
    expect(await page.getByTestId('refused-entries').count()).toBe(1);
    expect(await page.getByTestId('writeback-saved').count()).toBe(0);
    // The plan stays for another try.
    expect(await page.getByTestId('writeback-plan').count()).toBe(1);
    expect(await page.getByTestId('sign-save').textContent()).toBe('Try signing and saving again');
    expect(await countActive()).toBe(before);
  }

  it('Medplum: a wildcard read scope makes it refuse every entry inside a 200; the app never says "saved"', async () => {
    // The scopes of the reported bug: a wildcard read first. Medplum then ignores the write scopes after it and answers
    // the transaction 200 with a 403 for every entry.
    const scope = DEFAULT_SCOPE.replace('online_access ', 'online_access patient/*.rs ');
    server = await startTestServer({ emulate: { server: 'medplum', atomicTransactions: false } }, { scope });
    const page = await workupThenReview(server);
    // The granted scopes allow writing by the SMART rules, so the app warns but only the EHR can refuse.
    expect(await page.getByTestId('scope-warnings').textContent()).toContain('start with a wildcard');
    await refusedFlow(page);
    await page.close();
    await server.close();
  });

  it('spec-conformant: an EHR that answers the transaction 200 with refused entries gets the same honest answer', async () => {
    server = await startTestServer();
    const page = await workupThenReview(server);
    // The EHR (here its answer, intercepted in the browser) answers 200 but refuses every entry, as a server that
    // runs transactions as batches does for a token it does not allow to write.
    await page.route(`${server.fhirBase}`, async (route) => {
      const body = route.request().postDataJSON() as Bundle | null;
      if (route.request().method() !== 'POST' || body?.type !== 'transaction') return route.continue();
      const outcome = {
        resourceType: 'OperationOutcome' as const,
        issue: [{ severity: 'error' as const, code: 'forbidden' as const, details: { text: 'Forbidden' } }],
      };
      const entry = (body.entry ?? []).map(() => ({ response: { status: '403 Forbidden', outcome } }));
      await route.fulfill({
        status: 200,
        contentType: 'application/fhir+json',
        body: JSON.stringify({ resourceType: 'Bundle', type: 'transaction-response', entry }),
      });
    });
    await refusedFlow(page);
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
    expect(server.fhirRequests.slice(requests)).toEqual([]);
    expect(await ourResources(server)).toBe(before);
    await page.close();
  });
});
