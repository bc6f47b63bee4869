// The app served on its own origin, launched by an EHR on another origin: only standard SMART, CORS and WADO-RS.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../server/http/serve';
import { demoId } from '../../server/sandbox/demo/portable';
import { launchBrowser } from '../support/browser';
import { startAppOnly, startTestServer, type TestServer } from '../support/test-server';

let ehr: TestServer;
let app: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  // Two servers: the app's API may contact the EHR's origin, configured explicitly as ONCOAGENT_FHIR_ORIGINS would.
  const appPort = await freePort();
  ehr = await startTestServer({ appLaunchUrl: `http://localhost:${appPort}/launch.html` });
  app = await startAppOnly("'self' http://localhost:*", { port: appPort, fhirOrigins: [ehr.url] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await ehr?.close();
  await app?.close();
});

it('launches from an EHR on another origin and shows the patient with images', async () => {
  const page = await browser.newPage();
  await page.goto(`${ehr.url}/sandbox`);
  await page.locator(`[data-launch="${demoId('demo-hcc')}"]`).click();
  await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).origin).toBe(app.url);
  const thumbs = page.locator('[data-testid="imaging-thumbnail"][data-loaded="true"]');
  await expect.poll(() => thumbs.count(), { timeout: 30_000 }).toBe(1);
  await page.close();
});
