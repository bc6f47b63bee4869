// Trend charts and the compact report in Chromium on every demo patient: a chart for each tumour marker the record
// holds two or more values of (counted from the FHIR server, not from the app), with its therapy bands and text
// alternative, inside a 390 px screen and in print; the RECIST sums drawn after a workup; each finding stated once in
// the report, one "Saved by OncoAgent" card, and the page height after a workup logged. Element screenshots under
// test-results/screenshots/u4-charts-<patient>.png.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/sandbox/demo/portable';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const PATIENTS = ['demo-crc-met', 'demo-rectal-pmab', 'demo-colon-new', 'demo-hcc', 'demo-pdac-g12c', 'demo-icc'];
const MARKERS: Record<string, string> = { '2039-6': 'CEA', '24108-3': 'CA 19-9', '1834-1': 'AFP' };

let server: TestServer;
let browser: Browser;
const heights: Record<string, { page: number; report: number }> = {};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  writeFileSync(resolve(SHOTS, 'u4-page-heights.json'), `${JSON.stringify(heights, null, 2)}\n`);
  await browser?.close();
  await server?.close();
});

/** The tumour markers with two or more numeric values in the patient's record, read from the FHIR server. */
async function chartedMarkers(name: string): Promise<string[]> {
  const patient = demoId(name);
  const res = await fetch(`${server.fhirBase}/Observation?patient=Patient/${patient}&_count=1000`, {
    headers: { authorization: `Bearer ${server.token(patient)}` },
  });
  const observations = (((await res.json()) as Bundle).entry ?? []).map((e) => e.resource as Observation);
  const counts = new Map<string, number>();
  for (const o of observations) {
    const code = o.code.coding?.find((c) => c.system === 'http://loinc.org' && c.code && c.code in MARKERS)?.code;
    if (code && o.valueQuantity?.value !== undefined) counts.set(MARKERS[code]!, (counts.get(MARKERS[code]!) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n >= 2).map(([marker]) => marker);
}

async function launch(name: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${server.url}/sandbox`);
  await page.locator(`[data-launch="${demoId(name)}"]`).click();
  await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
  return page;
}

describe('trend charts and the compact report', () => {
  it.each(PATIENTS)(
    '%s: a chart per followed tumour marker, each finding once, one saved-results card',
    async (name) => {
      const expected = await chartedMarkers(name);
      const page = await launch(name, 1280);
      const trends = page.getByTestId('trends');
      await trends.waitFor();
      const markers = page.locator('[data-testid="trend"][data-kind="marker"] [data-testid="trend-chart"]');
      expect((await markers.evaluateAll((all) => all.map((c) => (c as HTMLElement).dataset.series))).sort()).toEqual(
        [...expected].sort()
      );
      if (name === 'demo-colon-new') expect(expected).toEqual([]);
      else expect(expected.length).toBeGreaterThan(0);
      for (const chart of await page.getByTestId('trend-chart').all()) {
        const svg = chart.locator('svg[role="img"]');
        expect(await svg.isVisible()).toBe(true);
        const summary = (await chart.getByTestId('chart-summary').textContent()) ?? '';
        expect(summary).toMatch(/: \d+ values from \d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}, /);
        expect(summary).not.toMatch(/10\*|\{|\[|urn:|\/_history/);
        expect(await svg.getAttribute('aria-labelledby')).toBe(
          await chart.getByTestId('chart-summary').getAttribute('id')
        );
        expect(await chart.locator('circle').count()).toBe(Number(await chart.getAttribute('data-points')));
      }
      expect(await trends.textContent()).not.toMatch(/metformin|atorvastatin|Long-term medication/i);
      // The treatment timeline lists cancer treatment; chronic and supportive medication is folded away, not mixed in.
      const entries = await page.locator('[data-testid="timeline-entry"] .row-title').allTextContents();
      expect(entries.filter((e) => /metformin|atorvastatin|ferrous|iron|spironolactone|propranolol/i.test(e))).toEqual(
        []
      );
      if (name === 'demo-colon-new') {
        expect(await page.getByTestId('timeline-other').textContent()).toMatch(/metformin/);
        await page
          .getByTestId('treatment-timeline')
          .screenshot({ path: resolve(SHOTS, 'u4-timeline-demo-colon-new.png'), timeout: 60_000 });
      }
      await trends.screenshot({ path: resolve(SHOTS, `u4-charts-${name}.png`), timeout: 60_000 });

      expect(await page.getByText('Saved by OncoAgent', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('heading', { name: /^History/ }).count()).toBe(0);

      await page.getByTestId('prepare-workup').click();
      const report = page.locator('[data-testid="workup-report"][data-complete="true"]');
      await report.waitFor({ timeout: 90_000 });
      // biome-ignore lint/performance/useDomNodeTextContent: innerText is what a reader sees, hidden text excluded
      const text = await report.evaluate((el) => (el as HTMLElement).innerText);
      const findings = await page.locator('[data-testid="finding"] .finding-text').allTextContents();
      expect(findings.length).toBeGreaterThan(0);
      const repeated = findings.filter((f) => text.split(f.trim()).length - 1 !== 1);
      expect(repeated, `findings stated more than once for ${name}`).toEqual([]);
      expect(await report.getByRole('heading', { name: /^Findings/ }).count()).toBe(1);
      // The planner's reasons name what they rest on in words: no references, call ids or UUIDs, not even as words.
      const reasons = await page.locator('.progress-reason').allTextContents();
      expect(reasons.length).toBeGreaterThan(0);
      const ids =
        /\(c\d+\)|\(the (?:result|report|document|diagnosis)(?:, the \w+)*\)|\b(?:Observation|DiagnosticReport|DocumentReference|ImagingStudy|Condition|Procedure|Patient|Specimen|Medication\w*)\/|[0-9a-f]{8}-[0-9a-f]{4}-/;
      expect(reasons.filter((r) => ids.test(r))).toEqual([]);
      heights[name] = await page.evaluate(() => ({
        page: document.documentElement.scrollHeight,
        report: Math.round(
          document.querySelector('[data-testid="workup-report"]')?.getBoundingClientRect().height ?? 0
        ),
      }));
      console.log(`HEIGHT ${name} ${JSON.stringify(heights[name])}`);
      await page.close();
    }
  );

  it('draws the RECIST sum of diameters with dated time points after a workup, and from the chart once signed', async () => {
    const page = await launch('demo-crc-met', 1280);
    await page.getByTestId('prepare-workup').click();
    await page.locator('[data-testid="workup-report"][data-complete="true"]').waitFor({ timeout: 90_000 });
    const chart = page.getByTestId('recist-chart');
    await chart.waitFor();
    expect(await chart.getByTestId('recist-point').count()).toBeGreaterThanOrEqual(2);
    expect(await chart.getByTestId('chart-summary').textContent()).toMatch(
      /^Sum of target-lesion diameters: baseline [\d.]+ mm \(\d{1,2} \w{3} 2026\), .*follow-up [\d.]+ mm \(\d{1,2} \w{3} 2026\)\. Progression from [\d.]+ mm/
    );
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: resolve(SHOTS, 'u4-recist-demo-crc-met.png'), timeout: 60_000 });

    // Once signed, the chart holds the assessment: the Trends card draws its sums, dated by the studies it rests on.
    expect(await page.locator('[data-testid="trend"][data-kind="recist"]').count()).toBe(0);
    await page.getByTestId('review-sign').click();
    await page.locator('[data-testid="writeback-plan"]:not([data-chart="pending"])').waitFor({ timeout: 30_000 });
    await page.getByTestId('sign-save').click();
    await page.getByTestId('writeback-saved').waitFor({ timeout: 60_000 });
    await page.getByTestId('chart-reloaded').waitFor({ timeout: 30_000 });
    const saved = page.locator('[data-testid="trend"][data-kind="recist"] [data-testid="recist-chart"]');
    await saved.waitFor({ timeout: 15_000 });
    expect(await saved.getByTestId('chart-summary').textContent()).toMatch(
      /^Sum of target-lesion diameters: baseline [\d.]+ mm \(18 Aug 2026\), follow-up [\d.]+ mm \(17 Nov 2026\)\./
    );
    await page
      .getByTestId('trends')
      .screenshot({ path: resolve(SHOTS, 'u4-charts-demo-crc-met-signed.png'), timeout: 60_000 });
    await page.close();
  });

  it('fits a 390 px screen and prints the charts without their controls', async () => {
    const page = await launch('demo-rectal-pmab', 390);
    const trends = page.getByTestId('trends');
    await trends.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await trends.boundingBox();
    for (const svg of await trends.locator('svg').all()) {
      const b = await svg.boundingBox();
      expect(b && box && b.x + b.width <= box.x + box.width + 0.5).toBe(true);
    }
    const bands = trends.locator('[data-testid="therapy-band"][data-kind="systemic"]');
    expect(await bands.count()).toBeGreaterThan(0);
    expect(await bands.first().locator('title').textContent()).toMatch(/^mFOLFOX6 \+ panitumumab: /);
    await trends.screenshot({ path: resolve(SHOTS, 'u4-charts-demo-rectal-pmab-390.png'), timeout: 60_000 });

    await page.emulateMedia({ media: 'print' });
    expect(await trends.isVisible()).toBe(true);
    expect(await trends.locator('svg').first().isVisible()).toBe(true);
    expect(await trends.getByTestId('trend-values').first().isVisible()).toBe(false);
    expect(await page.locator('.app-header').isVisible()).toBe(false);
    await page.close();
  });
});
