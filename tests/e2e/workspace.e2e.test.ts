// The clinician's workspace in Chromium on every demo patient: plain language (no references, ids or URNs), no
// sideways scroll at 390 px, the fusion chip, the BCLC assumption, the signed status after signing, and a print view
// with no app chrome. Saves a screenshot of each view under test-results/screenshots/.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/sandbox/demo/portable';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const PATIENTS = ['demo-crc-met', 'demo-rectal-pmab', 'demo-colon-new', 'demo-hcc', 'demo-pdac-g12c', 'demo-icc'];
/** Text that must never reach a clinician's eyes. */
const TECHNICAL = ['Practitioner/', 'urn:uuid', 'ImagingStudy/', 'Patient/', 'DiagnosticReport/', 'imagingStudies'];

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Launches the patient at phone width and runs a workup to its complete report. */
async function workup(name: string, width = 390): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  const missing: string[] = [];
  page.on('response', (r) => r.status() === 404 && missing.push(new URL(r.url()).pathname));
  await page.goto(`${server.url}/sandbox`);
  await page.locator(`[data-launch="${demoId(name)}"]`).click();
  await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
  await page.getByTestId('prepare-workup').click();
  await page.locator('[data-testid="workup-report"][data-complete="true"]').waitFor({ timeout: 90_000 });
  expect(missing, 'no 404 (favicon included)').toEqual([]);
  return page;
}

// biome-ignore lint/performance/useDomNodeTextContent: the test wants the text a clinician sees, which is innerText
const visibleText = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);
const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
/** Visible controls and chips whose text is under 14 px. */
const smallInteractiveText = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const selector = 'button, a, summary, input, select, textarea, .chip, .citation, .tag, .ai-label, .level-badge';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.getClientRects().length > 0 && Number.parseFloat(getComputedStyle(el).fontSize) < 14)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${getComputedStyle(el).fontSize}`)
      .slice(0, 10);
  });

/** The innermost elements that reach past the right edge, named by tag, test id and class, for a readable failure. */
const wideElements = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Content inside a scroll box (a wide table) scrolls there, not the page.
    const scrolls = (el: HTMLElement): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const clips = /(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX);
        if (clips && p.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0 && !scrolls(el)
    );
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    const name = (el: HTMLElement): string =>
      `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${el.className} ←${el.parentElement?.className}`;
    // Text can overflow a box that itself fits (a long unbreakable word): look at the text too.
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const parent = node.parentElement;
      if (parent && range.getBoundingClientRect().right > width + 0.5 && !scrolls(parent)) {
        texts.push(`text in ${name(parent)}: ${(node.textContent ?? '').slice(0, 40)}`);
      }
    }
    return [...new Set([...innermost.map(name), ...texts])].slice(0, 10);
  });

describe('the clinician’s workspace', () => {
  it.each(PATIENTS)('%s: plain language and no sideways scroll at 390 px', async (name) => {
    const page = await workup(name);
    const text = await visibleText(page);
    const leaks = TECHNICAL.flatMap((t) => {
      const at = text.indexOf(t);
      return at < 0 ? [] : [text.slice(Math.max(0, at - 60), at + 60).replace(/\s+/g, ' ')];
    });
    expect(leaks, `technical text shown for ${name}`).toEqual([]);
    expect(text).not.toMatch(/stage (Clinical|Pathological) stage/i);
    expect(text).not.toMatch(/10\*3|\{INR\}|predicted-therapeutic-implication|\[ID\]/);
    const wide = await wideElements(page);
    if (wide.length) console.log(`WIDE ${name}:\n${wide.join('\n')}`);
    expect(wide, `elements wider than the screen for ${name}`).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(await smallInteractiveText(page), `interactive text under 14 px for ${name}`).toEqual([]);
    const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '');
    expect(icon).toMatch(/\.svg$/);
    expect((await page.request.get(icon)).status()).toBe(200);
    await page.screenshot({ path: resolve(SHOTS, `u1-${name}-390.png`), fullPage: true, timeout: 60_000 });
    await page.close();
  });

  it('names the ROS1 fusion in the biomarker chips', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/sandbox`);
    await page.locator(`[data-launch="${demoId('demo-icc')}"]`).click();
    const chips = page.getByTestId('variant');
    await chips.first().waitFor({ timeout: 30_000 });
    expect(await chips.allTextContents()).toContain('GOPC::ROS1 fusion');
    expect(await page.getByTestId('biomarkers').textContent()).not.toContain('DNA change type');
    await page.getByTestId('biomarkers').screenshot({ path: resolve(SHOTS, 'u1-biomarkers-fusion.png') });
    await page.close();
  });

  it('shows the HCC patient’s score card with its assumption in words, not folded away', async () => {
    const page = await workup('demo-hcc', 1280);
    const score = page.locator('[data-testid="tool-output"][data-tool="clinical_score"]', {
      has: page.getByTestId('assumption'),
    });
    await expect.poll(() => score.count()).toBeGreaterThan(0);
    const assumption = score.first().getByTestId('assumption').first();
    expect(await assumption.isVisible()).toBe(true);
    expect(await assumption.textContent()).toMatch(/^Assumption: .*\w{4}/);
    expect(await score.first().locator('pre').count()).toBe(0);
    await score.first().screenshot({ path: resolve(SHOTS, 'u1-hcc-score-card.png') });
    await page.close();
  });

  it('says who signed once the report is signed, and prints only the report', async () => {
    const page = await workup('demo-crc-met', 1280);
    const status = page.getByTestId('report-status');
    expect(await status.textContent()).toMatch(/not yet reviewed/);
    await page.getByTestId('review-sign').click();
    await page.locator('[data-testid="writeback-plan"]:not([data-chart="pending"])').waitFor({ timeout: 30_000 });
    await page.getByTestId('sign-save').click();
    await page.getByTestId('writeback-saved').waitFor({ timeout: 60_000 });
    await page.getByTestId('chart-reloaded').waitFor({ timeout: 30_000 });
    const report = page.locator('[data-testid="workup-report"][data-signed="true"]');
    await report.waitFor({ timeout: 15_000 });
    expect(await status.textContent()).toMatch(/^Reviewed and signed by Dr\. Alex Sandbox on \d{4}-\d{2}-\d{2}$/);
    const reportText = (await report.textContent()) ?? '';
    expect(reportText).not.toContain('not reviewed');
    expect(reportText).not.toContain('Practitioner/');
    await page.screenshot({ path: resolve(SHOTS, 'u1-signed-report.png'), fullPage: true, timeout: 60_000 });

    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['.app-header', '[data-testid="prepare-workup"]', '[data-testid="print-report"]']) {
      expect(await page.locator(chrome).isVisible(), `${chrome} hidden in print`).toBe(false);
    }
    expect(await page.getByTestId('review-sign-card').isVisible()).toBe(false);
    expect(await page.getByTestId('biomarkers').isVisible()).toBe(false);
    const shownButtons = await page
      .locator('button:not(.citation)')
      .evaluateAll((all) => all.filter((b) => (b as HTMLElement).offsetParent !== null).length);
    expect(shownButtons).toBe(0);
    expect(await page.getByTestId('patient-name').isVisible()).toBe(true);
    expect(await page.getByTestId('patient-age').isVisible()).toBe(true);
    expect(await page.getByTestId('patient-gender').isVisible()).toBe(true);
    expect(await status.isVisible()).toBe(true);
    if ((await page.getByTestId('footnote').count()) > 0) {
      expect(await page.getByTestId('report-footnotes').isVisible()).toBe(true);
    }
    await page.screenshot({ path: resolve(SHOTS, 'u1-print-preview.png'), fullPage: true, timeout: 60_000 });
    await page.close();
  });
});
