// End to end in headless Chromium: a colectomy gross report → Structured form (template suggested) → pre-filled answers
// with evidence → the pathologist edits, sees the conflict flagged, fixes it and approves → the approved form is
// signed and saved with the workup as a completed QuestionnaireResponse.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, QuestionnaireResponse, Resource } from '@medplum/fhirtypes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { backendToken } from '../support/smart-flow';
import { startTestServer, type TestServer } from '../support/test-server';

const PATIENT = 'synoptic-colectomy';
const REPORT = 'synoptic-colectomy-pathology';

/** A synthetic gross description written for this test (not a real patient's report). */
const GROSS = [
  'SURGICAL PATHOLOGY REPORT',
  'Clinical history: Adenocarcinoma of the sigmoid colon on biopsy; laparoscopic sigmoid colectomy.',
  'GROSS DESCRIPTION:',
  'Received fresh, labeled "sigmoid colon", is a sigmoid colectomy specimen measuring 26.0 cm in length.',
  'An ulcerated, annular mass is present 7.5 cm from the proximal margin and 11.0 cm from the distal margin.',
  'The mass measures 4.6 x 3.9 x 1.2 cm and grossly extends through the muscularis propria into the pericolic fat.',
  'The mass lies 2.1 cm from the mesenteric (radial) resection margin.',
  'No gross perforation is identified.',
  'Sixteen lymph nodes are identified, the largest measuring 0.8 cm.',
].join('\n');

function seedBundle(): Bundle {
  const subject = { reference: `Patient/${PATIENT}` };
  const resources: Resource[] = [
    {
      resourceType: 'Patient',
      id: PATIENT,
      name: [{ use: 'official', given: ['Maren'], family: 'Okafor' }],
      gender: 'female',
      birthDate: '1961-03-14',
    },
    {
      resourceType: 'Condition',
      id: `${PATIENT}-crc`,
      subject,
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
      },
      code: {
        coding: [{ system: 'http://snomed.info/sct', code: '363406005' }],
        text: 'Adenocarcinoma of sigmoid colon',
      },
    },
    {
      resourceType: 'DiagnosticReport',
      id: REPORT,
      status: 'final',
      subject,
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'PAT' }] }],
      code: {
        coding: [{ system: 'http://loinc.org', code: '11526-1' }],
        text: 'Surgical pathology: sigmoid colectomy',
      },
      effectiveDateTime: '2026-09-02',
      issued: '2026-09-04T11:00:00Z',
      presentedForm: [{ contentType: 'text/plain', data: Buffer.from(GROSS).toString('base64') }],
    },
  ];
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: resources.map((resource) => ({
      resource,
      request: { method: 'PUT', url: `${resource.resourceType}/${resource.id}` },
    })),
  };
}

let server: TestServer;
let browser: Browser;
let seedDir: string;

beforeAll(async () => {
  seedDir = mkdtempSync(join(tmpdir(), 'oncoagent-synoptic-e2e-'));
  writeFileSync(join(seedDir, 'colectomy.json'), JSON.stringify(seedBundle()));
  server = await startTestServer({ seedDirs: [seedDir] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(seedDir, { recursive: true, force: true });
});

describe('synoptic form in a real browser', () => {
  it('pre-fills the form with evidence, lets the pathologist edit and approve, and saves it signed', async () => {
    const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
    await page.goto(`${server.url}/sandbox`);
    await page.locator(`[data-launch="${PATIENT}"]`).click();
    await page.getByTestId('patient-name').waitFor({ timeout: 30_000 });

    const report = page.locator('[data-testid="report"]', { hasText: 'sigmoid colectomy' });
    await report.getByTestId('structured-form').click();
    const template = report.getByTestId('synoptic-template');
    await expect.poll(() => template.inputValue()).toBe('cap-colorectal-resection');
    await report.getByTestId('synoptic-extract').click();
    const form = report.getByTestId('synoptic-form');
    await form.waitFor({ timeout: 30_000 });

    expect(await form.getByTestId('synoptic-input-procedure').inputValue()).toBe('sigmoidectomy');
    expect(await form.getByTestId('synoptic-input-tumor-size').inputValue()).toBe('4.6');
    expect(await form.getByTestId('synoptic-input-distance-radial').inputValue()).toBe('2.1');
    const sizeEvidence = form.locator('[data-link-id="tumor-size"] [data-testid="synoptic-evidence"]');
    expect(await sizeEvidence.first().textContent()).toContain('4.6 x 3.9 x 1.2 cm');
    expect(await form.getByTestId('synoptic-evidence').count()).toBeGreaterThanOrEqual(10);

    // A radial distance of 0 cm contradicts "uninvolved": approving flags both items.
    await form.getByTestId('synoptic-input-distance-radial').fill('0');
    await form.getByTestId('synoptic-approve').click();
    await form.getByTestId('synoptic-violations').waitFor();
    expect(await form.locator('[data-link-id="margin-status"]').getAttribute('data-flagged')).toBe('true');
    expect(await form.locator('[data-link-id="margin-status"] [data-testid="synoptic-flag"]').textContent()).toMatch(
      /Involved|0 cm/i
    );

    // The pathologist restores the distance, records serosal penetration seen on microscopy, and approves.
    await form.getByTestId('synoptic-input-distance-radial').fill('2.1');
    await form.getByTestId('synoptic-input-tumor-extent').selectOption('visceral-peritoneum');
    expect(await form.locator('[data-link-id="tumor-extent"]').getAttribute('data-edited')).toBe('true');
    await form.getByTestId('synoptic-approve').click();
    await expect.poll(() => form.getByTestId('synoptic-approved').textContent()).toContain('1 change');
    expect(await form.getByTestId('synoptic-violations').count()).toBe(0);

    // The approved form is part of the next write-back plan, and signing completes it.
    await page.getByTestId('prepare-workup').click();
    await page.locator('[data-testid="workup-report"][data-complete="true"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('review-sign').click();
    const item = page.locator('[data-testid="plan-item"][data-key="synoptic:cap-colorectal-resection"]');
    await item.waitFor({ timeout: 30_000 });
    await page.getByTestId('sign-save').click();
    await page.getByTestId('writeback-saved').waitFor({ timeout: 30_000 });
    const written = page.locator('[data-testid="written-resource"][data-type="QuestionnaireResponse"]');
    expect(await written.count()).toBe(1);

    const { body } = await backendToken(server.url, 'test-secret');
    const res = await fetch(`${server.fhirBase}/${await written.getAttribute('data-location')}`, {
      headers: { authorization: `Bearer ${body.access_token}`, accept: 'application/fhir+json' },
    });
    const qr = (await res.json()) as QuestionnaireResponse;
    expect(qr.status).toBe('completed');
    expect(qr.subject?.reference).toBe(`Patient/${PATIENT}`);
    const extent = qr.item?.find((i) => i.linkId === 'tumor-extent');
    expect(extent?.answer?.[0]?.valueCoding?.code).toBe('visceral-peritoneum');
    expect(extent?.extension?.some((e) => e.valueCode === 'pathologist')).toBe(true);
    expect(qr.item?.find((i) => i.linkId === 'tumor-size')?.answer?.[0]?.valueDecimal).toBe(4.6);
    await page.close();
  });
});
