// End to end in headless Chromium: EHR launch → Prepare workup → live progress → a report whose findings are cited,
// including the RECIST response measured on the demo CT phantoms (progressive disease).
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/sandbox/demo/portable';
import { launchBrowser, OUTPUT_DIR } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const PATIENT = demoId('demo-crc-met');

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('workup in a real browser', () => {
  it('prepares a cited workup with live progress and the RECIST response', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    await page.goto(`${server.url}/sandbox`);
    await page.locator(`[data-launch="${PATIENT}"]`).click();
    await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });

    await page.getByTestId('workup-question').fill('Did the liver metastases grow? Options for the tumor board?');
    await page.getByTestId('prepare-workup').click();
    // Progress rows appear while the tools run, before the report is complete.
    await page.getByTestId('progress-item').first().waitFor({ timeout: 30_000 });
    const report = page.locator('[data-testid="workup-report"][data-complete="true"]');
    await report.waitFor({ timeout: 60_000 });

    const items = page.getByTestId('progress-item');
    const tools = await items.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.tool));
    expect(tools).toContain('segment_lesion');
    expect(tools).toContain('assess_response');
    expect(await page.locator('[data-testid="progress-item"][data-status="ok"]').count()).toBeGreaterThanOrEqual(5);

    const cited = page.locator('[data-testid="finding"]:has([data-testid="citation"])');
    expect(await cited.count()).toBeGreaterThan(0);
    const response = page.locator('[data-testid="finding"][data-kind="response"]', { hasText: 'RECIST' });
    await expect.poll(() => response.textContent()).toMatch(/\bPD\b|progressive disease/i);
    expect(await response.getByTestId('citation').count()).toBeGreaterThan(0);

    // A citation opens what it cites: the response assessment's tool output.
    await response.getByTestId('citation').first().click();
    await page.getByTestId('citation-panel').waitFor();
    expect(await page.getByTestId('citation-panel').textContent()).toMatch(/PD|progress/i);

    await page.screenshot({ path: resolve(OUTPUT_DIR, 'workup-report.png'), fullPage: true, timeout: 60_000 });
    await page.close();
  });
});
