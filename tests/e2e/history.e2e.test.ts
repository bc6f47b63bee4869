// End to end in headless Chromium: results written as preliminary by `oncoagent workup --write` (the real CLI path,
// backend credentials) appear in the app's History marked "not reviewed"; one workup is signed there (final, signed
// by the clinician, with a verifier Provenance, still so after a reload), another is discarded with a reason
// (entered-in-error / cancelled, never deleted, gone from the active list after a reload).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Bundle, DiagnosticReport, Observation, Provenance } from '@medplum/fhirtypes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOncoAgentOutput } from '../../common/writeback/ours';
import { createWorkupDeps } from '../../server/agent/deps';
import { createAnswerer, createRetrieve, type Retrieve } from '../../server/answer';
import { workupCommand } from '../../server/commands/workup';
import { demoId } from '../../server/sandbox/demo/portable';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const SIGNED = demoId('demo-icc');
const DISCARDED = demoId('demo-pdac-g12c');
const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

let server: TestServer;
let browser: Browser;
let retrieve: Retrieve;
const dataDir = mkdtempSync(join(tmpdir(), 'history-e2e-'));
const env = { ONCOAGENT_OFFLINE: '1', ONCOAGENT_DATA_DIR: dataDir };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer();
  browser = await launchBrowser();
  retrieve = createRetrieve({ env });
});
afterAll(async () => {
  await browser?.close();
  await retrieve?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `oncoagent workup --write` for one patient, as the CLI runs it. */
async function cliWrite(patient: string): Promise<void> {
  const deps = () => createWorkupDeps({ answerer: createAnswerer(), retrieve, traceDir: false, env });
  const flags = { fhir: server.fhirBase, patient, clientId: 'oncoagent-cli', clientSecret: 'test-secret', write: true };
  await workupCommand(flags, deps, { stdout: { write: () => undefined } });
}

/** Reads with a backend token, as an auditor would (withdrawn resources included). */
async function search<T>(query: string): Promise<T[]> {
  const token = server.sandbox.signer.sign({
    aud: server.fhirBase,
    scope: 'system/*.rs',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  const res = await fetch(`${server.fhirBase}/${query}`, { headers: { authorization: `Bearer ${token}` } });
  return (((await res.json()) as Bundle).entry ?? []).map((e) => e.resource as T);
}

async function ours(patient: string): Promise<{ reports: DiagnosticReport[]; results: Observation[] }> {
  const reports = await search<DiagnosticReport>(`DiagnosticReport?patient=Patient/${patient}&_count=200`);
  const results = await search<Observation>(`Observation?patient=Patient/${patient}&_count=1000`);
  return { reports: reports.filter(isOncoAgentOutput), results: results.filter(isOncoAgentOutput) };
}

async function openHistory(patient: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
  await page.goto(`${server.url}/sandbox`);
  await page.locator(`[data-launch="${patient}"]`).click();
  await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
  await page.getByTestId('history').scrollIntoViewIfNeeded();
  return page;
}

describe('history of CLI-written workups', () => {
  it('signs a preliminary workup written by the CLI; it stays signed after a reload', async () => {
    await cliWrite(SIGNED);
    const before = await ours(SIGNED);
    expect(before.reports.map((r) => r.status)).toEqual(['preliminary']);
    expect(before.results.length).toBeGreaterThan(0);

    const page = await openHistory(SIGNED);
    const group = page.getByTestId('history-group').first();
    expect(await group.getAttribute('data-pending')).toBe('true');
    expect(await group.getByTestId('not-reviewed').textContent()).toBe('not reviewed');
    expect(await group.getByTestId('history-result').count()).toBe(before.results.length);
    const text = (await page.getByTestId('history').textContent()) ?? '';
    expect(text).not.toMatch(/Observation\/|DiagnosticReport\/|urn:uuid|http:\/\//);
    await page.getByTestId('history').screenshot({ path: resolve(SHOTS, 'u3-history-preliminary.png') });

    await group.getByTestId('history-review').click();
    await page.locator('[data-testid="history-sign"]', { hasText: 'Sign as Dr. Alex Sandbox' }).waitFor();
    await page.getByTestId('history-sign').click();
    const outcome = page.getByTestId('history-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    expect({ ok: await outcome.getAttribute('data-ok'), text: await outcome.textContent() }).toMatchObject({
      ok: 'true',
    });
    await page.getByTestId('history').screenshot({ path: resolve(SHOTS, 'u3-history-signed.png') });

    const after = await ours(SIGNED);
    expect(after.reports).toHaveLength(1);
    expect(after.reports[0]).toMatchObject({ status: 'final', resultsInterpreter: [{ display: 'Dr. Alex Sandbox' }] });
    expect(after.results.every((o) => o.status === 'final')).toBe(true);
    const provenances = await search<Provenance>(`Provenance?_count=200`);
    const verified = provenances.filter((p) =>
      p.agent.some(
        (a) => a.type?.coding?.some((c) => c.code === 'verifier') && a.who?.reference?.startsWith('Practitioner/')
      )
    );
    expect(verified.flatMap((p) => p.target.map((t) => t.reference))).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^DiagnosticReport/${after.reports[0]!.id}/_history/`))])
    );

    await page.reload();
    await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
    const reloaded = page.getByTestId('history-group').first();
    expect(await reloaded.getAttribute('data-pending')).toBe('false');
    expect(await reloaded.textContent()).toContain('signed by Dr. Alex Sandbox');
    expect(await reloaded.getByTestId('history-review').count()).toBe(0);
    await page.close();
  });

  it('discards another CLI-written workup with a reason; it leaves the active list and is never deleted', async () => {
    await cliWrite(DISCARDED);
    const before = await ours(DISCARDED);
    const page = await openHistory(DISCARDED);
    const group = page.getByTestId('history-group').first();
    await group.getByTestId('history-discard').click();
    expect(await page.getByTestId('discard-confirm').isDisabled()).toBe(true);
    await page.getByLabel('Why are these results discarded?').fill('Run on the wrong imaging series');
    await page.getByTestId('history').screenshot({ path: resolve(SHOTS, 'u3-history-discard-reason.png') });
    await page.getByTestId('discard-confirm').click();
    const outcome = page.getByTestId('history-outcome');
    await outcome.waitFor({ timeout: 60_000 });
    expect({ ok: await outcome.getAttribute('data-ok'), text: await outcome.textContent() }).toMatchObject({
      ok: 'true',
    });

    const after = await ours(DISCARDED);
    expect(after.results).toHaveLength(before.results.length);
    expect(after.results.every((o) => o.status === 'entered-in-error')).toBe(true);
    expect(after.reports.map((r) => r.status)).toEqual(['cancelled']);
    const provenances = await search<Provenance>(`Provenance?_count=200`);
    expect(provenances.some((p) => p.reason?.[0]?.text === 'Run on the wrong imaging series')).toBe(true);

    await page.reload();
    await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
    await page.getByTestId('history').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('history-group').count()).toBe(0);
    expect(await page.getByTestId('history-withdrawn').textContent()).toMatch(/discarded items are kept in the chart/);
    await page.getByTestId('history').screenshot({ path: resolve(SHOTS, 'u3-history-discarded.png') });
    await page.close();
  });

  it('a resection form on a biopsy is not preselected, says it does not apply, cannot be approved, and keeps Cancel', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    await page.goto(`${server.url}/sandbox`);
    await page.locator(`[data-launch="${demoId('demo-colon-new')}"]`).click();
    await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });
    const report = page.locator('[data-testid="report"]', { hasText: 'descending colon biopsy' });
    await report.getByTestId('structured-form').click();
    const template = report.getByTestId('synoptic-template');
    await template.locator('option[value="cap-colorectal-resection"]').waitFor({ state: 'attached' });
    expect(await template.inputValue()).toBe('');
    expect(await report.getByTestId('synoptic-template-why').textContent()).toMatch(/biopsy.*do not apply/);
    await template.selectOption('cap-colorectal-resection');
    await report.getByTestId('synoptic-extract').click();
    const form = report.getByTestId('synoptic-form');
    await form.waitFor({ timeout: 30_000 });
    expect(await form.getAttribute('data-applies')).toBe('false');
    expect(await form.getByTestId('synoptic-not-applicable').textContent()).toMatch(
      /cannot be approved.*does not apply/
    );
    expect(await form.getByTestId('synoptic-approve').isDisabled()).toBe(true);
    expect(await form.getByTestId('synoptic-cancel').isVisible()).toBe(true);
    await form.scrollIntoViewIfNeeded();
    await report.screenshot({ path: resolve(SHOTS, 'u3-form-not-applicable.png') });
    await form.getByTestId('synoptic-cancel').click();
    await report.getByTestId('structured-form').waitFor();
    expect(await report.getByTestId('synoptic-form').count()).toBe(0);
    await page.close();
  });
});
