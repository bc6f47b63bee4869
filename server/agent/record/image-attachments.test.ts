// Radiology images kept as Media or as a document attachment are imaging time points too; slides and photos are not.
import type { DiagnosticReport, DocumentReference, Media, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../../common/record/patient-record';
import { readImaging } from './imaging';

describe('readImaging with images outside an ImagingStudy', () => {
  it('reads a CT key image (Media) and an MRI PNG (DocumentReference) as dated time points, not an H&E slide', () => {
    const record = emptyRecord({ resourceType: 'Patient', id: 'p' } as Patient);
    const media = (id: string, modality: string, date: string): Media =>
      ({
        resourceType: 'Media',
        id,
        status: 'completed',
        subject: { reference: 'Patient/p' },
        modality: { text: modality },
        createdDateTime: date,
        content: { contentType: 'image/png', url: `Binary/${id}` },
      }) as Media;
    record.media = [
      media('ct', 'CT abdomen, portal venous phase', '2026-02-01'),
      media('he', 'H&E slide', '2026-01-01'),
    ];
    record.documentReferences = [
      {
        resourceType: 'DocumentReference',
        id: 'mri',
        status: 'current',
        type: { text: 'Outside MRI liver, key image' },
        date: '2026-04-03',
        content: [{ attachment: { contentType: 'image/jpeg', url: 'Binary/mri' } }],
      } as DocumentReference,
    ];
    expect(readImaging(record).map((t) => [t.study, t.date, t.modality, t.keyImage])).toEqual([
      ['Media/ct', '2026-02-01', 'CT', 'Binary/ct'],
      ['DocumentReference/mri', '2026-04-03', 'MR', 'Binary/mri'],
    ]);
  });
});

describe('readImaging with a key image in a report', () => {
  it('reads an imaging report with a PNG presentedForm as a time point, not a pathology report with one', () => {
    const record = emptyRecord({ resourceType: 'Patient', id: 'p' } as Patient);
    const report = (id: string, code: string): DiagnosticReport => ({
      resourceType: 'DiagnosticReport',
      id,
      status: 'final',
      code: { text: code },
      effectiveDateTime: '2026-05-02',
      presentedForm: [{ contentType: 'image/png', url: `Binary/${id}` }],
    });
    record.diagnosticReports = [report('ct', 'CT thorax'), report('path', 'Surgical pathology, H&E slide')];
    expect(readImaging(record).map((t) => [t.study, t.keyImage])).toEqual([['DiagnosticReport/ct', 'Binary/ct']]);
  });
});
