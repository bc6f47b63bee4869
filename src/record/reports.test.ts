// Checks that reports and documents are listed newest first with their decoded text.
import { describe, expect, it } from 'vitest';
import { buildReportList } from './reports';

const b64 = (s: string) => Buffer.from(s, 'utf-8').toString('base64');

describe('buildReportList', () => {
  const items = buildReportList(
    [
      {
        resourceType: 'DiagnosticReport',
        id: 'path',
        status: 'final',
        code: { text: 'Surgical pathology' },
        category: [{ coding: [{ code: 'PAT', display: 'Pathology' }] }],
        effectiveDateTime: '2023-05-22',
        conclusion: 'Adenocarcinoma, pT3 pN1a',
        presentedForm: [{ contentType: 'text/plain', data: b64('FINAL DIAGNOSIS: adenocarcinoma') }],
      },
    ],
    [
      {
        resourceType: 'DocumentReference',
        id: 'note',
        status: 'current',
        type: { text: 'Oncology consult note' },
        date: '2024-02-01T10:00:00Z',
        content: [{ attachment: { contentType: 'text/html', data: b64('<p>Plan: <b>FOLFIRI</b></p>') } }],
      },
    ]
  );

  it('lists newest first', () => {
    expect(items.map((i) => i.title)).toEqual(['Oncology consult note', 'Surgical pathology']);
  });

  it('carries category, conclusion and decoded text', () => {
    expect(items[1]).toMatchObject({ category: 'Pathology', summary: 'Adenocarcinoma, pT3 pN1a', kind: 'report' });
    expect(items[1]?.attachments).toEqual([{ kind: 'text', text: 'FINAL DIAGNOSIS: adenocarcinoma' }]);
    expect(items[0]?.attachments).toEqual([{ kind: 'text', text: 'Plan: FOLFIRI' }]);
  });
});
