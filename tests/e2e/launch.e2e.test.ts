// End to end in headless Chromium: EHR page → Launch → patient view; standalone launch with the patient picker.
import { resolve } from 'node:path';
import type { Bundle, Condition, Patient } from '@medplum/fhirtypes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoData } from '../../server/sandbox/demo';
import { patientName } from '../../server/sandbox/ehr-page';
import { launchBrowser, OUTPUT_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const MCODE_PRIMARY = 'http://hl7.org/fhir/us/mcode/StructureDefinition/mcode-primary-cancer-condition';

let server: TestServer;
let browser: Browser;

interface Expected {
  id: string;
  name: string;
  cancer: string;
  studies: number;
}

function expectations(): Expected[] {
  return demoData({ dicomWebBase: 'http://x' }).bundles.map((bundle: Bundle) => {
    const resources = (bundle.entry ?? []).map((e) => e.resource);
    const patient = resources.find((r): r is Patient => r?.resourceType === 'Patient')!;
    const primary = resources.find(
      (r): r is Condition => r?.resourceType === 'Condition' && Boolean(r.meta?.profile?.includes(MCODE_PRIMARY))
    );
    return {
      id: patient.id!,
      name: patientName(patient),
      cancer: primary?.code?.text ?? primary?.code?.coding?.[0]?.display ?? '',
      studies: resources.filter((r) => r?.resourceType === 'ImagingStudy').length,
    };
  });
}

async function openPatientView(page: Page): Promise<void> {
  await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('SMART launch in a real browser', () => {
  it('EHR launch shows the patient, the primary cancer and imaging thumbnails', async () => {
    const withImages = expectations().find((e) => e.studies >= 2)!;
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    await page.goto(`${server.url}/sandbox`);
    await page.locator(`[data-launch="${withImages.id}"]`).click();
    await openPatientView(page);
    expect(new URL(page.url()).pathname).toBe('/index.html');
    await expect.poll(() => page.getByTestId('patient-name').textContent()).toContain(withImages.name);
    expect(await page.getByTestId('primary-cancer').textContent()).toContain(withImages.cancer);
    const thumbs = page.locator('[data-testid="imaging-thumbnail"][data-loaded="true"]');
    await expect.poll(() => thumbs.count(), { timeout: 30_000 }).toBe(withImages.studies);
    await page.screenshot({ path: resolve(OUTPUT_DIR, 'patient-view.png'), fullPage: true });
    await page.close();
  });

  it('standalone launch lets the clinician pick a patient', async () => {
    const target = expectations()[expectations().length - 1]!;
    const page = await browser.newPage();
    await page.goto(`${server.url}/launch.html?iss=${encodeURIComponent(server.fhirBase)}`);
    await page.locator(`button[data-patient="${target.id}"]`).click();
    await openPatientView(page);
    await expect.poll(() => page.getByTestId('patient-name').textContent()).toContain(target.name);
    expect(await page.getByTestId('primary-cancer').textContent()).toContain(target.cancer);
    await page.close();
  });

  it('tells the clinician when the session has expired', async () => {
    const target = expectations()[0]!;
    const page = await browser.newPage();
    await page.route('**/sandbox/fhir/R4', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/fhir+json',
        body: JSON.stringify({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'expired' }] }),
      })
    );
    await page.goto(`${server.url}/sandbox`);
    await page.locator(`[data-launch="${target.id}"]`).click();
    await page.getByTestId('app-error').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('app-error').textContent()).toMatch(/session has expired/i);
    await page.close();
  });
});

describe('SMART launch against a sandbox emulating Medplum', () => {
  let medplum: TestServer;
  beforeAll(async () => {
    medplum = await startTestServer({ emulate: { server: 'medplum', atomicTransactions: false } });
  });
  afterAll(async () => {
    await medplum?.close();
  });

  it('EHR launch with an iss ending in "/" shows the patient and its images', async () => {
    const withImages = expectations().find((e) => e.studies >= 2)!;
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    const launches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/launch.html?')) launches.push(r.url());
    });
    await page.goto(`${medplum.url}/sandbox`);
    await page.locator(`[data-launch="${withImages.id}"]`).click();
    await openPatientView(page);
    expect(new URL(launches[0]!).searchParams.get('iss')).toBe(`${medplum.fhirBase}/`);
    await expect.poll(() => page.getByTestId('patient-name').textContent()).toContain(withImages.name);
    const thumbs = page.locator('[data-testid="imaging-thumbnail"][data-loaded="true"]');
    await expect.poll(() => thumbs.count(), { timeout: 30_000 }).toBe(withImages.studies);
    await page.close();
  });

  it('standalone launch without a patient in the token: the app offers its own picker', async () => {
    const target = expectations()[1]!;
    const page = await browser.newPage();
    await page.goto(`${medplum.url}/launch.html?iss=${encodeURIComponent(medplum.fhirBase)}`);
    const picker = page.getByTestId('patient-picker');
    await picker.waitFor({ timeout: 30_000 });
    await page.locator(`[data-testid="choose-patient"][data-patient="${target.id}"]`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('choose-patient').count()).toBe(expectations().length);
    await page.getByTestId('patient-search').fill(target.name.split(' ').at(-1)!);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByTestId('choose-patient').count()).toBe(1);
    await page.locator(`[data-testid="choose-patient"][data-patient="${target.id}"]`).click();
    await openPatientView(page);
    await expect.poll(() => page.getByTestId('patient-name').textContent()).toContain(target.name);
    expect(await page.getByTestId('primary-cancer').textContent()).toContain(target.cancer);
    await page.close();
  });
});
