// Checks which reports get a structured form, the text taken from them and the suggested template.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { isPathologyReport, pathologyText, preselectTemplate, suggestTemplate } from './pathology';

const report = (extra: Partial<DiagnosticReport>): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  status: 'final',
  code: { text: 'Report' },
  ...extra,
});
const b64 = (text: string): string => Buffer.from(text).toString('base64');

describe('pathology reports', () => {
  it('takes reports by pathology category or LOINC code, not radiology or OncoAgent’s own', () => {
    const pat = report({
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'PAT' }] }],
    });
    const loinc = report({ code: { coding: [{ system: 'http://loinc.org', code: '11526-1' }] } });
    const rad = report({
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'RAD' }] }],
    });
    const ours = report({
      ...loinc,
      meta: { profile: ['https://oncoagent.example/fhir/StructureDefinition/oncoagent-workup-report'] },
    });
    expect([pat, loinc, rad, ours].map(isPathologyReport)).toEqual([true, true, false, false]);
  });

  it('reads the text attachments, else the conclusion', () => {
    expect(
      pathologyText(report({ presentedForm: [{ contentType: 'text/plain', data: b64('GROSS: colectomy') }] }))
    ).toBe('GROSS: colectomy');
    expect(pathologyText(report({ conclusion: ' Adenocarcinoma. ' }))).toBe('Adenocarcinoma.');
    expect(pathologyText(report({ presentedForm: [{ contentType: 'application/pdf', data: b64('%PDF') }] }))).toBe('');
  });

  it('suggests the template the wording fits', () => {
    expect(suggestTemplate('Specimen: right hemicolectomy with terminal ileum')).toBe('cap-colorectal-resection');
    expect(suggestTemplate('Low anterior resection of the rectum')).toBe('cap-colorectal-resection');
    expect(suggestTemplate('Left lower lobectomy; tumor 2.4 cm')).toBe('ajcc8-lung-resection');
    expect(suggestTemplate('CD99: strong membranous staining')).toBe('cd99-pattern');
    expect(suggestTemplate('Sigmoid colon, endoscopic biopsies (6 fragments)')).toBeUndefined();
  });
});

describe('preselectTemplate', () => {
  it('preselects by specimen type: a colectomy gets the colorectal form even when the history mentions a biopsy', () => {
    const text = 'Clinical history: adenocarcinoma on biopsy.\nReceived fresh, a sigmoid colectomy specimen of 26 cm.';
    expect(preselectTemplate(report({}), text).template).toBe('cap-colorectal-resection');
    const lung = report({ specimen: [{ display: 'Right upper lobe, lobectomy' }] });
    expect(preselectTemplate(lung, 'Tumour 3.1 cm.').template).toBe('ajcc8-lung-resection');
  });

  it('preselects no resection form for a biopsy or an aspirate, and says why', () => {
    const biopsy = report({ code: { text: 'Surgical pathology: sigmoid colon biopsy' } });
    const choice = preselectTemplate(
      biopsy,
      'Specimen: sigmoid colon, endoscopic biopsies.\nAdenocarcinoma of the colon, resection advised.'
    );
    expect(choice.template).toBeUndefined();
    expect(choice.why).toMatch(/biopsy .*do not apply/);
    expect(preselectTemplate(biopsy, 'Specimen: biopsy.\nCD99 membranous staining.').template).toBe('cd99-pattern');
  });
});
