// The imaging card's empty text: imaging reports without images are named, other reports are not.
import type { DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { noStudiesText } from './imaging-reports';

const report = (section: string, text: string): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  status: 'final',
  category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: section }] }],
  code: { text },
});

describe('noStudiesText', () => {
  it('names imaging reports by count when no study is recorded', () => {
    expect(noStudiesText([report('RAD', 'CT chest abdomen pelvis'), report('PAT', 'Colon biopsy')], [])).toBe(
      'No images in the record; 1 imaging report is listed under Reports.'
    );
    const note: DocumentReference = {
      resourceType: 'DocumentReference',
      status: 'current',
      content: [],
      type: { text: 'MRI liver report' },
    };
    expect(noStudiesText([report('LAB', 'CT scan of the thorax')], [note])).toMatch(
      /^No images in the record; 2 imaging reports/
    );
  });

  it('says no imaging when there is none', () => {
    expect(noStudiesText([report('PAT', 'Resection specimen')], [])).toBe('No imaging studies recorded.');
  });
});
