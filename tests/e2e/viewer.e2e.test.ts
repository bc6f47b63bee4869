// The image viewer in Chromium on every demo patient with images: a lesion's measurement opens the viewer at its
// slice, labelled by anatomy; the wheel and the keys scroll slices (the number and the pixels change); a window preset
// changes the pixels; dragging the box and "Re-measure" change the diameter shown, and the plan to sign says the box
// was adjusted by the clinician. At 390 px the viewer opens from the imaging card without sideways scroll.
// Element screenshots go to test-results/screenshots/u2-viewer-<patient>.png.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Bundle, ImagingStudy } from '@medplum/fhirtypes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../server/sandbox/demo/portable';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const PATIENTS = ['demo-crc-met', 'demo-rectal-pmab', 'demo-colon-new', 'demo-hcc', 'demo-pdac-g12c', 'demo-icc'];

let server: TestServer;
let browser: Browser;
/** The demo patients whose record holds an ImagingStudy with images. */
const imaged = new Set<string>();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  browser = await launchBrowser();
  for (const name of PATIENTS) {
    const id = demoId(name);
    const res = await fetch(`${server.fhirBase}/ImagingStudy?patient=${id}`, {
      headers: { authorization: `Bearer ${server.token(id)}` },
    });
    const studies = ((await res.json()) as Bundle<ImagingStudy>).entry ?? [];
    if (studies.some((e) => e.resource?.series?.some((s) => (s.instance?.length ?? 0) > 0))) imaged.add(name);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function launch(name: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${server.url}/sandbox`);
  await page.locator(`[data-launch="${demoId(name)}"]`).click();
  await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
  return page;
}

const canvasPixels = (page: Page): Promise<string> =>
  page.getByTestId('viewer-canvas').evaluate((c) => (c as HTMLCanvasElement).toDataURL());
const sliceNumber = (page: Page): Promise<string | null> => page.getByTestId('viewer-slice-number').textContent();
const drawnSlice = (page: Page): Promise<string | null> => page.getByTestId('viewer-canvas').getAttribute('data-slice');

describe('the image viewer', () => {
  it('knows which demo patients have images', () => {
    expect([...imaged]).toEqual(expect.arrayContaining(['demo-crc-met', 'demo-hcc']));
  });

  it.for(PATIENTS)(
    '%s: opens a lesion, scrolls slices, windows, and re-measures an adjusted box',
    async (name, ctx) => {
      if (!imaged.has(name)) return ctx.skip();
      const page = await launch(name, 1280);
      await page.getByTestId('prepare-workup').click();
      await page.locator('[data-testid="workup-report"][data-complete="true"]').waitFor({ timeout: 90_000 });
      const measured = page.locator('[data-testid="tool-output"][data-tool="segment_lesion"][data-status="ok"]');
      await measured.first().getByTestId('open-viewer').click();
      const viewer = page.getByTestId('viewer');
      await viewer.waitFor();
      await expect.poll(() => drawnSlice(page), { timeout: 30_000 }).not.toBeNull();

      // The lesion is named by anatomy, on its own slice.
      const label = (await page.getByTestId('viewer-label').first().textContent()) ?? '';
      expect(label).toMatch(/segment|lobe|liver|lesion|observation/i);
      expect(label).not.toMatch(/\[|\bbox\b|\d+, \d+/);
      expect(await viewer.textContent()).not.toMatch(/ImagingStudy\/|urn:|Patient\//);

      // Scroll: the slice number and the pixels change, with the wheel and with the keys.
      const start = await sliceNumber(page);
      const before = await canvasPixels(page);
      const stage = page.getByTestId('viewer-stage');
      await stage.hover();
      const [, at, of] = /Slice (\d+) of (\d+)/.exec(start ?? '')!.map(Number);
      await page.mouse.wheel(0, at! < of! ? 120 : -120);
      await expect.poll(() => sliceNumber(page)).not.toBe(start);
      await expect.poll(() => drawnSlice(page)).not.toBe(String(at));
      expect(await canvasPixels(page)).not.toBe(before);
      await stage.focus();
      await page.keyboard.press(at! < of! ? 'ArrowUp' : 'ArrowDown');
      await expect.poll(() => sliceNumber(page)).toBe(start);
      await expect.poll(() => drawnSlice(page)).toBe(String(at));

      // A window preset changes the pixels without leaving the slice.
      const softTissue = await canvasPixels(page);
      await viewer.locator('[data-testid="viewer-preset"][data-preset="lung"]').click();
      await expect.poll(() => canvasPixels(page)).not.toBe(softTissue);
      await viewer.locator('[data-testid="viewer-preset"][data-preset="soft-tissue"]').click();

      // Drag the box's bottom-right corner halfway in, then re-measure: the diameter changes.
      const diameter = page.getByTestId('viewer-diameter');
      const was = await diameter.textContent();
      const box = (await page.getByTestId('viewer-box').boundingBox())!;
      const handle = (await page.getByTestId('viewer-handle-bottom-right').boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.6, { steps: 5 });
      await page.mouse.up();
      await page.getByTestId('viewer-remeasure').click();
      await expect.poll(() => diameter.textContent(), { timeout: 30_000 }).not.toBe(was);
      expect(await page.getByTestId('viewer-remeasure-error').count()).toBe(0);
      expect(Number.parseFloat((await diameter.textContent()) ?? '')).toBeLessThan(Number.parseFloat(was ?? ''));
      // The whole dialog in the viewport: an element screenshot of a scrolled fixed layer comes out garbled.
      await page.setViewportSize({ width: 1280, height: 1500 });
      await viewer.screenshot({ path: resolve(SHOTS, `u2-viewer-${name}.png`), timeout: 60_000 });

      // The report shows the adjusted measurement, and the plan to sign writes it as the clinician's.
      await page.getByTestId('viewer-close').click();
      await expect.poll(() => measured.first().getByTestId('measurement').getAttribute('data-adjusted')).toBe('true');
      await page.getByTestId('review-sign').click();
      await page.getByTestId('writeback-plan').waitFor({ timeout: 30_000 });
      const items = await page.getByTestId('plan-item').allTextContents();
      expect(items.filter((t) => t.includes('box adjusted by the clinician'))).toHaveLength(1);
      await page.close();
    }
  );

  it('opens a study from the imaging card at 390 px without sideways scroll', async () => {
    const page = await launch('demo-crc-met', 390);
    await page.getByTestId('open-study').first().click();
    await expect.poll(() => drawnSlice(page), { timeout: 30_000 }).not.toBeNull();
    const slider = page.getByTestId('viewer-slider');
    const start = await sliceNumber(page);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => sliceNumber(page)).not.toBe(start);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    const fontSizes = await page
      .getByTestId('viewer')
      .locator('button, input, label, output')
      .evaluateAll((els) => els.map((el) => Number.parseFloat(getComputedStyle(el).fontSize)));
    expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(14);
    await page
      .getByTestId('viewer')
      .screenshot({ path: resolve(SHOTS, 'u2-viewer-demo-crc-met-390.png'), timeout: 60_000 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('viewer').count()).toBe(0);
    await page.close();
  });
});
